// Roles and users made straight in the database for the rights tests: a role is a set of operation
// ids, a user holds roles. Names are unique per call so one app serves many property runs.
import { hashPassword } from '../../server/domain/auth/password-hash.ts';
import { operationIdsOf } from '../../server/domain/auth/sessions.ts';
import type { TestApp } from '../support/test-app.ts';

export const PASSWORD = 'Huoyun@2026';
const hashed = hashPassword(PASSWORD);
let serial = 0;

export function makeRole(t: TestApp, operationIds: readonly string[], corpId = 1): number {
  const now = Date.now();
  const id = Number(
    t.db.$client.prepare('INSERT INTO roles (corp_id, role_name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(corpId, `测试角色${++serial}`, now, now).lastInsertRowid,
  );
  const grant = t.db.$client.prepare('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?)');
  for (const op of new Set(operationIds)) grant.run(corpId, id, op);
  return id;
}

export function makeUser(t: TestApp, roleIds: readonly number[], corpId = 1): { id: number; userName: string } {
  const now = Date.now();
  const userName = `rights${++serial}`;
  const id = Number(
    t.db.$client
      .prepare(
        `INSERT INTO users (corp_id, user_name, real_name, user_type, password_hash, password_salt, last_password_modified_time, password_status, created_at, updated_at)
         VALUES (?, ?, '测试用户', 0, ?, ?, ?, 2, ?, ?)`,
      )
      .run(corpId, userName, hashed.hash, hashed.salt, now, now, now).lastInsertRowid,
  );
  const add = t.db.$client.prepare('INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (?, ?, ?)');
  for (const r of new Set(roleIds)) add.run(corpId, id, r);
  return { id, userName };
}

export const opsOf = async (t: TestApp, userId: number) => new Set(await operationIdsOf(t.db, userId));

export const versionOf = (t: TestApp, table: 'users' | 'roles', id: number) =>
  (t.db.$client.prepare(`SELECT version FROM ${table} WHERE id = ?`).get(id) as { version: number }).version;

export const adminRoleId = (t: TestApp) =>
  (t.db.$client.prepare("SELECT ur.role_id AS id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'admin'").get() as { id: number }).id;

export const userIdOf = (t: TestApp, userName: string) =>
  (t.db.$client.prepare('SELECT id FROM users WHERE user_name = ?').get(userName) as { id: number }).id;
