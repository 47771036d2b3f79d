// Changing one's own password: the fields arrive base64-encoded (spec section 7); every rule of
// spec section 5 is checked here with its exact message, whatever the browser did.
import type { Db } from '../../db/connection.ts';
import { invalid } from '../../http/envelope.ts';
import { confirmPasswordRule, passwordRule } from '../../../schemas/keywords/index.ts';
import { hashPasswordAsync, verifyPasswordAsync } from './password-hash.ts';

function decode(value: string, field: string): string {
  const ok = /^[A-Za-z0-9+/]*={0,2}$/.test(value) && value.length % 4 === 0;
  const text = ok ? Buffer.from(value, 'base64').toString('utf8') : '';
  if (!ok || Buffer.from(text, 'utf8').toString('base64') !== value) throw invalid(`${field}：编码不正确`, { field });
  return text;
}

export async function changeOwnPassword(db: Db, userId: number, body: { newPassword: string; confirmPassword: string }, now: number) {
  const password = decode(body.newPassword, 'newPassword');
  const confirm = decode(body.confirmPassword, 'confirmPassword');
  const rule = passwordRule(password);
  if (rule) throw invalid(rule, { field: 'newPassword' });
  const mismatch = confirmPasswordRule(password, confirm);
  if (mismatch) throw invalid(mismatch, { field: 'confirmPassword' });
  const user = db.$client.prepare('SELECT password_hash, password_salt FROM users WHERE id = ?').get(userId) as {
    password_hash: string;
    password_salt: string;
  };
  if (await verifyPasswordAsync(password, user.password_salt, user.password_hash)) {
    throw invalid('新密码不能与原密码相同', { field: 'newPassword' });
  }
  const { hash, salt } = await hashPasswordAsync(password);
  db.$client
    .prepare(
      `UPDATE users SET password_hash = ?, password_salt = ?, last_password_modified_time = ?, password_status = 2,
              version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?`,
    )
    .run(hash, salt, now, now, userId, userId);
}
