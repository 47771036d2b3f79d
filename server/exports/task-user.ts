// The user a queued export runs as when its turn comes, possibly after a restart: built from the
// users table as a session would be, with the rights the user holds now (a right taken away while
// the task waited is not exported with), so the list's own permission and scoping apply unchanged.
import { operationIdsOf } from '../domain/auth/sessions.ts';
import type { Db } from '../db/connection.ts';
import type { SessionUser } from '../http/context.ts';
import { failure } from '../http/envelope.ts';
import { one } from '../resources/statements.ts';

export async function taskUser(db: Db, userId: number): Promise<SessionUser> {
  const u = await one<Omit<SessionUser, 'token' | 'operationIds'>>(db,
    `SELECT id AS userId, user_name AS userName, real_name AS realName, corp_id AS corpId, org_id AS orgId, user_type AS userType,
       parent_id AS parentId, partner_id AS partnerId FROM users WHERE id = ? AND enabled = 1 AND is_deleted = 0`, userId);
  if (!u) throw failure('用户已停用或不存在，导出取消');
  return { ...u, token: '', operationIds: new Set(await operationIdsOf(db, userId)) };
}
