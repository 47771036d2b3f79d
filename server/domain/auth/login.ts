// Login: throttled per account name, scrypt-verified, and a password that no longer meets the
// rules marks the account so that the console forces a change (passwordStatus 1).
import type { Db } from '../../db/connection.ts';
import { failure } from '../../http/envelope.ts';
import { passwordRule } from '../../../schemas/keywords/index.ts';
import { verifyPassword } from './password-hash.ts';
import { clearFailures, lockedMinutes, recordFailure } from './throttle.ts';

export const PASSWORD_MAX_AGE_DAYS = 90;
const WRONG = '用户名或密码错误';

export interface UserRow {
  id: number;
  corp_id: number;
  password_hash: string;
  password_salt: string;
  enabled: number;
  password_status: number;
}

/** Checks the credentials; returns the user id or throws code 0 with the reason. */
export function authenticate(db: Db, userName: string, password: string, now: number): number {
  const minutes = lockedMinutes(db, userName, now);
  if (minutes > 0) throw failure(`登录失败次数过多，账号已锁定，请${minutes}分钟后再试`);
  const user = db.$client
    .prepare('SELECT id, corp_id, password_hash, password_salt, enabled, password_status FROM users WHERE user_name = ? AND is_deleted = 0')
    .get(userName) as UserRow | undefined;
  // The hash runs even for unknown names so that timing does not reveal which accounts exist.
  const ok = verifyPassword(password, user?.password_salt ?? 'x', user?.password_hash ?? '00');
  if (!user || !ok) {
    const left = recordFailure(db, userName, now);
    if (left === 0) throw failure('登录失败次数过多，账号已锁定，请15分钟后再试');
    throw failure(left <= 2 ? `${WRONG}，还可尝试${left}次` : WRONG);
  }
  if (!user.enabled) throw failure('账号已停用，请联系管理员');
  clearFailures(db, userName);
  if (passwordRule(password) !== null && user.password_status !== 1) {
    db.$client.prepare('UPDATE users SET password_status = 1 WHERE id = ?').run(user.id);
  }
  return user.id;
}

export function isPasswordExpired(lastModified: number, now: number): boolean {
  return now - lastModified > PASSWORD_MAX_AGE_DAYS * 86_400_000;
}
