// Who may change who holds what (docs/security.md "Rights"). One rule behind every write that moves
// rights — a user's roles, a role's operations, a user's type, partner, enabled flag or password:
//  - an actor grants only roles whose operations are all among its own;
//  - an actor changes (or deletes) no user, and no role, that holds an operation the actor lacks.
// So whatever sequence of calls an actor makes, nobody ends up with an operation the actor did not hold.
import type { Conn } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';
import { forbidden, invalid } from '../../http/envelope.ts';
import { all } from '../../resources/statements.ts';

export const RESET_PASSWORD_OP = 'userResetPassword3';
export const UNLOCK_OP = 'userUnlock3';

const lacking = (actor: SessionUser, ops: readonly string[]) => ops.find((op) => !actor.operationIds.has(op));

async function operationsOfRoles(conn: Conn, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await all<{ id: string }>(
    conn,
    `SELECT DISTINCT operation_id AS id FROM role_operations WHERE role_id IN (${roleIds.map(() => '?').join(',')})`,
    ...roleIds,
  );
  return rows.map((r) => r.id);
}

async function operationsOfUser(conn: Conn, userId: number): Promise<string[]> {
  const rows = await all<{ id: string }>(
    conn,
    `SELECT DISTINCT ro.operation_id AS id FROM user_roles ur
       JOIN roles r ON r.id = ur.role_id AND r.is_deleted = 0
       JOIN role_operations ro ON ro.role_id = ur.role_id
      WHERE ur.user_id = ?`,
    userId,
  );
  return rows.map((r) => r.id);
}

/** roleIds may be given to a user by this actor. */
export async function checkGrantableRoles(conn: Conn, actor: SessionUser, roleIds: readonly number[]): Promise<void> {
  if (lacking(actor, await operationsOfRoles(conn, roleIds))) {
    throw invalid('角色：不能授予包含您自己没有的权限的角色', { field: 'roleIds' });
  }
}

/** The user may be changed or deleted by this actor: it holds nothing the actor lacks. */
export async function checkChangeableUser(conn: Conn, actor: SessionUser, userId: number): Promise<void> {
  if (lacking(actor, await operationsOfUser(conn, userId))) throw forbidden('不能修改或删除拥有您所没有权限的用户');
}

/** The role may be changed or deleted by this actor: it grants nothing the actor lacks. */
export async function checkChangeableRole(conn: Conn, actor: SessionUser, roleId: number): Promise<void> {
  if (lacking(actor, await operationsOfRoles(conn, [roleId]))) throw forbidden('不能修改或删除包含您所没有权限的角色');
}

/** Setting another user's password is a reset: it needs its own operation. */
export function checkPasswordReset(actor: SessionUser) {
  if (!actor.operationIds.has(RESET_PASSWORD_OP)) throw forbidden('没有重置密码的权限');
}
