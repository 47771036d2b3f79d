// Login: throttled per account and address (throttle.ts), scrypt-verified off the event loop, and a
// password that no longer meets the rules marks the account so that the console forces a change
// (passwordStatus 1).
import type { Conn } from '../../db/connection.ts';
import { one, run, tx } from '../../resources/statements.ts';
import { failure } from '../../http/envelope.ts';
import { passwordRule } from '../../../schemas/keywords/index.ts';
import { verifyPasswordAsync } from './password-hash.ts';
import { blockOf, isKnownAddress, recordAttempt, recordSuccess, THROTTLE_LOCK, type Block } from './throttle.ts';

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

export function blockMessage(block: Block): string {
  return block.scope === 'address'
    ? `当前网络登录失败次数过多，请${block.minutes}分钟后再试`
    : `登录失败次数过多，请${block.minutes}分钟后再试`;
}

/** Checks the credentials from a client address; returns the user id or throws code 0 with the reason. */
export async function authenticate(conn: Conn, userName: string, password: string, address: string, now: number): Promise<number> {
  const user = await one<UserRow>(conn, 'SELECT id, corp_id, password_hash, password_salt, enabled, password_status FROM users WHERE user_name = ? AND is_deleted = 0', userName);
  const known = user ? await isKnownAddress(conn, user.id, address, now) : false;
  // Checked and counted in one transaction, before the hash runs, so parallel guesses cannot all
  // pass the check at once.
  const left = await tx(
    conn,
    async () => {
      const block = await blockOf(conn, userName, address, known, now);
      if (block) throw failure(blockMessage(block));
      return recordAttempt(conn, userName, address, now);
    },
    THROTTLE_LOCK,
  );
  // The hash runs even for unknown names so that timing does not reveal which accounts exist.
  const ok = await verifyPasswordAsync(password, user?.password_salt ?? 'x', user?.password_hash ?? '00');
  if (!user || !ok) {
    if (left === 0) throw failure(blockMessage((await blockOf(conn, userName, address, false, now)) ?? { scope: 'pair', minutes: 1 }));
    throw failure(left <= 2 ? `${WRONG}，还可尝试${left}次` : WRONG);
  }
  await recordSuccess(conn, userName, address, user.id, now);
  if (!user.enabled) throw failure('账号已停用，请联系管理员');
  if (passwordRule(password) !== null && user.password_status !== 1) {
    await run(conn, 'UPDATE users SET password_status = 1 WHERE id = ?', user.id);
  }
  return user.id;
}

export function isPasswordExpired(lastModified: number, now: number): boolean {
  return now - lastModified > PASSWORD_MAX_AGE_DAYS * 86_400_000;
}
