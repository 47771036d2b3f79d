// The session user of a demo account as the server builds it, for calling domain functions directly.
import type { SessionUser } from '../../server/http/context.ts';
import type { TestApp } from './test-app.ts';

export async function loadUser(t: TestApp, userName: string): Promise<SessionUser> {
  const u = (await t.db.one<any>('SELECT id, corp_id AS corpId, org_id AS orgId, user_type AS userType, parent_id AS parentId, partner_id AS partnerId, real_name AS realName FROM users WHERE user_name = ?', [userName]))!;
  const ops = await t.db.all<{ op: string }>(`SELECT DISTINCT ro.operation_id AS op FROM user_roles ur JOIN role_operations ro ON ro.role_id = ur.role_id WHERE ur.user_id = ?`, [u.id]);
  return { userId: u.id, userName, realName: u.realName, corpId: u.corpId, orgId: u.orgId, userType: u.userType, parentId: u.parentId, partnerId: u.partnerId, token: '', operationIds: new Set(ops.map((o) => o.op)) };
}
