// Changing one's own password: the fields arrive base64-encoded (spec section 7); every rule of
// spec section 5 is checked here with its exact message, whatever the browser did. The current
// password must be given too: a session left open on a shared desk must not be enough to take the
// account over (an administrator's reset of another user's password is a separate operation).
// The new password and the end of the user's other sessions are written in one transaction; the
// hashing runs before it, so the transaction holds no connection while scrypt works.
import type { Conn } from '../../db/connection.ts';
import { one, run, tx } from '../../resources/statements.ts';
import { invalid } from '../../http/envelope.ts';
import { confirmPasswordRule, passwordRule } from '../../../schemas/keywords/index.ts';
import { hashPasswordAsync, verifyPasswordAsync } from './password-hash.ts';
import { revokeSessionsOf } from './sessions.ts';

const TITLES = { oldPassword: '原密码', newPassword: '新密码', confirmPassword: '确认密码' } as const;

function decode(value: string, field: keyof typeof TITLES): string {
  const ok = /^[A-Za-z0-9+/]*={0,2}$/.test(value) && value.length % 4 === 0;
  const text = ok ? Buffer.from(value, 'base64').toString('utf8') : '';
  if (!ok || Buffer.from(text, 'utf8').toString('base64') !== value) throw invalid(`${TITLES[field]}：编码不正确`, { field });
  return text;
}

export const WRONG_OLD_PASSWORD = '原密码不正确';

/**
 * Sets the user's new password and ends their sessions but the one given (`keepToken`, the caller's);
 * the caller then empties the session cache (SessionStore.invalidate).
 */
export async function changeOwnPassword(
  conn: Conn,
  userId: number,
  body: { oldPassword: string; newPassword: string; confirmPassword: string },
  now: number,
  keepToken: string,
): Promise<void> {
  const old = decode(body.oldPassword, 'oldPassword');
  const password = decode(body.newPassword, 'newPassword');
  const confirm = decode(body.confirmPassword, 'confirmPassword');
  const rule = passwordRule(password);
  if (rule) throw invalid(rule, { field: 'newPassword' });
  const mismatch = confirmPasswordRule(password, confirm);
  if (mismatch) throw invalid(mismatch, { field: 'confirmPassword' });
  const user = (await one<{ password_hash: string; password_salt: string }>(conn, 'SELECT password_hash, password_salt FROM users WHERE id = ?', userId))!;
  if (!(await verifyPasswordAsync(old, user.password_salt, user.password_hash))) {
    throw invalid(WRONG_OLD_PASSWORD, { field: 'oldPassword' });
  }
  if (await verifyPasswordAsync(password, user.password_salt, user.password_hash)) {
    throw invalid('新密码不能与原密码相同', { field: 'newPassword' });
  }
  const { hash, salt } = await hashPasswordAsync(password);
  await tx(conn, async () => {
    await run(
      conn,
      `UPDATE users SET password_hash = ?, password_salt = ?, last_password_modified_time = ?, password_status = 2,
              version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?`,
      hash, salt, now, now, userId, userId,
    );
    await revokeSessionsOf(conn, userId, now, keepToken);
  });
}
