// What writing a user needs beyond the generic rules: the initial password is hashed and must be
// changed at first login, the partner must be a customer or carrier matching the user type, role ids
// become user_roles rows of the same corporation, and the rights guard (rights-guard.ts) decides who
// may change whom. A change to what a user may do or who they are ends all of their sessions.
import type { Conn } from '../../db/connection.ts';
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { all, one, run } from '../../resources/statements.ts';
import { hashPasswordAsync } from '../auth/password-hash.ts';
import { revokeSessionsOf } from '../auth/sessions.ts';
import { limitedAccounts } from '../auth/throttle.ts';
import { checkChangeableRole, checkChangeableUser, checkGrantableRoles, checkPasswordReset } from './rights-guard.ts';

const PARTNER_TABLE: Record<number, string> = { 1: 'customers', 2: 'carriers' };

async function checkPartner(conn: Conn, corpId: number, userType: number, partnerId: unknown): Promise<void> {
  const table = PARTNER_TABLE[userType];
  if (!table) {
    if (partnerId !== null && partnerId !== undefined) throw invalid('所属客户/承运商：企业用户不能关联客户或承运商', { field: 'partnerId' });
    return;
  }
  if (partnerId === null || partnerId === undefined) throw invalid('所属客户/承运商：内容不能为空', { field: 'partnerId' });
  const found = await one(conn, `SELECT 1 FROM ${table} WHERE id = ? AND corp_id = ? AND is_deleted = 0`, partnerId, corpId);
  if (!found) throw invalid(`所属客户/承运商：所选${userType === 1 ? '客户' : '承运商'}不存在`, { field: 'partnerId' });
}

async function checkRolesExist(conn: Conn, corpId: number, roleIds: number[]): Promise<void> {
  const known = await all<{ id: number }>(
    conn,
    `SELECT id FROM roles WHERE corp_id = ? AND is_deleted = 0 AND id IN (${roleIds.map(() => '?').join(',') || 'NULL'})`,
    corpId, ...roleIds,
  );
  if (known.length !== new Set(roleIds).size) throw invalid('角色：所选角色不存在', { field: 'roleIds' });
}

async function setRoles(conn: Conn, corpId: number, userId: number, roleIds: number[]): Promise<void> {
  await run(conn, 'DELETE FROM user_roles WHERE user_id = ?', userId);
  for (const id of new Set(roleIds)) await run(conn, 'INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (?, ?, ?)', corpId, userId, id);
}

const sameSet = (a: unknown, b: unknown) =>
  JSON.stringify([...new Set(a as number[])].sort()) === JSON.stringify([...new Set(b as number[])].sort());

/** A write that changes what the user may do, or who they are, ends their sessions (docs/security.md). */
function endsSessions(changes: Record<string, unknown>, existing: Record<string, unknown>): boolean {
  if (changes.password) return true;
  if (Array.isArray(changes.roleIds) && !sameSet(changes.roleIds, existing.roleIds)) return true;
  if (changes.enabled === 0 && existing.enabled !== 0) return true;
  return (['userType', 'partnerId'] as const).some((f) => f in changes && (changes[f] ?? null) !== (existing[f] ?? null));
}

export function userHooks(conn: Conn): ResourceHooks {
  return {
    async prepare(_ctx, fields) {
      if (!fields.password) return;
      const { hash, salt } = await hashPasswordAsync(fields.password as string);
      Object.assign(fields, { passwordHash: hash, passwordSalt: salt });
    },
    async beforeInsert({ user, now }, record) {
      if (!record.password) throw invalid('初始密码：内容不能为空', { field: 'password' });
      await checkPartner(conn, user.corpId, record.userType as number, record.partnerId);
      if (Array.isArray(record.roleIds)) {
        await checkRolesExist(conn, user.corpId, record.roleIds as number[]);
        await checkGrantableRoles(conn, user, record.roleIds as number[]);
      }
      // Hashed in prepare; the user must choose a new password at the first login.
      Object.assign(record, { lastPasswordModifiedTime: now, passwordStatus: 1 });
      if (record.enabled === undefined) record.enabled = 1;
    },
    async beforeUpdate({ user, now }, changes, existing) {
      await checkChangeableUser(conn, user, existing.id as number);
      const userType = (changes.userType ?? existing.userType) as number;
      const partnerId = 'partnerId' in changes ? changes.partnerId : existing.partnerId;
      await checkPartner(conn, user.corpId, userType, partnerId);
      if (Array.isArray(changes.roleIds)) {
        await checkRolesExist(conn, user.corpId, changes.roleIds as number[]);
        await checkGrantableRoles(conn, user, changes.roleIds as number[]);
      }
      if (changes.password) {
        checkPasswordReset(user);
        // A reset (hashed in prepare): the user must choose a new password at the next login.
        Object.assign(changes, { lastPasswordModifiedTime: now, passwordStatus: 1 });
      }
      // Inside the write's transaction: a refused write leaves the sessions as they were.
      if (endsSessions(changes, existing)) await revokeSessionsOf(conn, existing.id as number, now);
    },
    async afterWrite({ user }, id, extras) {
      if (Array.isArray(extras.roleIds)) await setRoles(conn, user.corpId, id, extras.roleIds as number[]);
    },
    async beforeDelete({ user, now }, existing) {
      try {
        await checkChangeableUser(conn, user, existing.id as number);
      } catch (err) {
        return (err as Error).message;
      }
      await revokeSessionsOf(conn, existing.id as number, now);
      return undefined;
    },
    async afterList(rows, now) {
      const limited = await limitedAccounts(conn, rows.map((r) => r.userName as string), now);
      for (const r of rows) r.loginLimited = limited.has(r.userName as string) ? 1 : 0;
    },
    async afterRead(row) {
      const roles = await all<{ id: number }>(conn, 'SELECT role_id AS id FROM user_roles WHERE user_id = ?', row.id);
      row.roleIds = roles.map((r) => r.id);
    },
  };
}

/** A role that grants what the actor lacks is neither renamed nor deleted by it (its holders would lose rights). */
export function roleHooks(conn: Conn): ResourceHooks {
  return {
    async beforeUpdate({ user }, _changes, existing) {
      await checkChangeableRole(conn, user, existing.id as number);
    },
    async beforeDelete({ user }, existing) {
      try {
        await checkChangeableRole(conn, user, existing.id as number);
      } catch (err) {
        return (err as Error).message;
      }
      return undefined;
    },
  };
}
