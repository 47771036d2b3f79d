// Who may change who holds what (docs/security.md "Rights"). One rule behind every write that moves
// rights — a user's roles, a role's operations, a user's type, partner, enabled flag or password:
//  - an actor grants only roles whose operations are all among its own;
//  - an actor changes (or deletes) no user, and no role, that holds an operation the actor lacks.
// So whatever sequence of calls an actor makes, nobody ends up with an operation the actor did not hold.
import type { Db } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';
import { forbidden, invalid } from '../../http/envelope.ts';

export const RESET_PASSWORD_OP = 'userResetPassword3';
export const UNLOCK_OP = 'userUnlock3';

const lacking = (actor: SessionUser, ops: readonly string[]) => ops.find((op) => !actor.operationIds.has(op));

function operationsOfRoles(db: Db, roleIds: readonly number[]): string[] {
  if (roleIds.length === 0) return [];
  const rows = db.$client
    .prepare(`SELECT DISTINCT operation_id AS id FROM role_operations WHERE role_id IN (${roleIds.map(() => '?').join(',')})`)
    .all(...roleIds) as { id: string }[];
  return rows.map((r) => r.id);
}

function operationsOfUser(db: Db, userId: number): string[] {
  const rows = db.$client
    .prepare(
      `SELECT DISTINCT ro.operation_id AS id FROM user_roles ur
         JOIN roles r ON r.id = ur.role_id AND r.is_deleted = 0
         JOIN role_operations ro ON ro.role_id = ur.role_id
        WHERE ur.user_id = ?`,
    )
    .all(userId) as { id: string }[];
  return rows.map((r) => r.id);
}

/** roleIds may be given to a user by this actor. */
export function checkGrantableRoles(db: Db, actor: SessionUser, roleIds: readonly number[]) {
  if (lacking(actor, operationsOfRoles(db, roleIds))) {
    throw invalid('角色：不能授予包含您自己没有的权限的角色', { field: 'roleIds' });
  }
}

/** The user may be changed or deleted by this actor: it holds nothing the actor lacks. */
export function checkChangeableUser(db: Db, actor: SessionUser, userId: number) {
  if (lacking(actor, operationsOfUser(db, userId))) throw forbidden('不能修改或删除拥有您所没有权限的用户');
}

/** The role may be changed or deleted by this actor: it grants nothing the actor lacks. */
export function checkChangeableRole(db: Db, actor: SessionUser, roleId: number) {
  if (lacking(actor, operationsOfRoles(db, [roleId]))) throw forbidden('不能修改或删除包含您所没有权限的角色');
}

/** Setting another user's password is a reset: it needs its own operation. */
export function checkPasswordReset(actor: SessionUser) {
  if (!actor.operationIds.has(RESET_PASSWORD_OP)) throw forbidden('没有重置密码的权限');
}
