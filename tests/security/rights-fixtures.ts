// Roles and users made straight in the database for the rights tests: a role is a set of operation
// ids, a user holds roles. Names are unique per call so one app serves many property runs.
import { hashPassword } from '../../server/domain/auth/password-hash.ts';
import { operationIdsOf } from '../../server/domain/auth/sessions.ts';
import type { TestApp } from '../support/test-app.ts';

export const PASSWORD = 'Huoyun@2026';
const hashed = hashPassword(PASSWORD);
let serial = 0;

export async function makeRole(t: TestApp, operationIds: readonly string[], corpId = 1): Promise<number> {
  const now = Date.now();
  const id = await t.db.insert('INSERT INTO roles (corp_id, role_name, created_at, updated_at) VALUES (?, ?, ?, ?)', [corpId, `测试角色${++serial}`, now, now]);
  for (const op of new Set(operationIds)) await t.db.run('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?)', [corpId, id, op]);
  return id;
}

export async function makeUser(t: TestApp, roleIds: readonly number[], corpId = 1): Promise<{ id: number; userName: string }> {
  const now = Date.now();
  const userName = `rights${++serial}`;
  const id = await t.db.insert(
    `INSERT INTO users (corp_id, user_name, real_name, user_type, password_hash, password_salt, last_password_modified_time, password_status, created_at, updated_at)
     VALUES (?, ?, '测试用户', 0, ?, ?, ?, 2, ?, ?)`,
    [corpId, userName, hashed.hash, hashed.salt, now, now, now],
  );
  for (const r of new Set(roleIds)) await t.db.run('INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (?, ?, ?)', [corpId, id, r]);
  return { id, userName };
}

export const opsOf = async (t: TestApp, userId: number) => new Set(await operationIdsOf(t.db, userId));

export const versionOf = async (t: TestApp, table: 'users' | 'roles', id: number) =>
  (await t.db.one<{ version: number }>(`SELECT version FROM ${table} WHERE id = ?`, [id]))!.version;

export const adminRoleId = async (t: TestApp) =>
  (await t.db.one<{ id: number }>("SELECT ur.role_id AS id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'admin'"))!.id;

export const userIdOf = async (t: TestApp, userName: string) =>
  (await t.db.one<{ id: number }>('SELECT id FROM users WHERE user_name = ?', [userName]))!.id;
