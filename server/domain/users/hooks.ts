// What writing a user needs beyond the generic rules: the initial password is hashed and must be
// changed at first login, the partner must be a customer or carrier matching the user type, and
// role ids become user_roles rows of the same corporation.
import type { Db } from '../../db/connection.ts';
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { hashPassword } from '../auth/password-hash.ts';

const PARTNER_TABLE: Record<number, string> = { 1: 'customers', 2: 'carriers' };

function checkPartner(db: Db, corpId: number, userType: number, partnerId: unknown) {
  const table = PARTNER_TABLE[userType];
  if (!table) {
    if (partnerId !== null && partnerId !== undefined) throw invalid('所属客户/承运商：企业用户不能关联客户或承运商', { field: 'partnerId' });
    return;
  }
  if (partnerId === null || partnerId === undefined) throw invalid('所属客户/承运商：内容不能为空', { field: 'partnerId' });
  const found = db.$client.prepare(`SELECT 1 FROM ${table} WHERE id = ? AND corp_id = ? AND is_deleted = 0`).get(partnerId, corpId);
  if (!found) throw invalid(`所属客户/承运商：所选${userType === 1 ? '客户' : '承运商'}不存在`, { field: 'partnerId' });
}

function setRoles(db: Db, corpId: number, userId: number, roleIds: number[]) {
  const known = db.$client
    .prepare(`SELECT id FROM roles WHERE corp_id = ? AND is_deleted = 0 AND id IN (${roleIds.map(() => '?').join(',') || 'NULL'})`)
    .all(corpId, ...roleIds) as { id: number }[];
  if (known.length !== new Set(roleIds).size) throw invalid('角色：所选角色不存在', { field: 'roleIds' });
  db.$client.prepare('DELETE FROM user_roles WHERE user_id = ?').run(userId);
  const add = db.$client.prepare('INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (?, ?, ?)');
  for (const { id } of known) add.run(corpId, userId, id);
}

export function userHooks(db: Db): ResourceHooks {
  return {
    beforeInsert({ user, now }, record) {
      if (!record.password) throw invalid('初始密码：内容不能为空', { field: 'password' });
      checkPartner(db, user.corpId, record.userType as number, record.partnerId);
      const { hash, salt } = hashPassword(record.password as string);
      Object.assign(record, { passwordHash: hash, passwordSalt: salt, lastPasswordModifiedTime: now, passwordStatus: 1 });
      if (record.enabled === undefined) record.enabled = 1;
    },
    beforeUpdate({ user, now }, changes, existing) {
      const userType = (changes.userType ?? existing.userType) as number;
      const partnerId = 'partnerId' in changes ? changes.partnerId : existing.partnerId;
      checkPartner(db, user.corpId, userType, partnerId);
      if (changes.password) {
        // An administrator's reset: the user must choose a new password at the next login.
        const { hash, salt } = hashPassword(changes.password as string);
        Object.assign(changes, { passwordHash: hash, passwordSalt: salt, lastPasswordModifiedTime: now, passwordStatus: 1 });
      }
    },
    afterWrite({ user }, id, extras) {
      if (Array.isArray(extras.roleIds)) setRoles(db, user.corpId, id, extras.roleIds as number[]);
    },
    afterRead(row) {
      const roles = db.$client.prepare('SELECT role_id AS id FROM user_roles WHERE user_id = ?').all(row.id) as { id: number }[];
      row.roleIds = roles.map((r) => r.id);
    },
  };
}
