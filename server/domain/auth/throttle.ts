// Failed-login throttling, kept in the database so a restart does not reset it (docs/security.md
// "Login"). Three counters, each with delays that double:
//  - one account from one address ('a:<name>|<address>'): the guesser is slowed, the real user
//    elsewhere is not;
//  - one address over all accounts ('ip:<address>'): spraying one password over many accounts;
//  - one account over all addresses ('a:<name>'): many addresses at one account; it slows only
//    addresses the account has not signed in from before, so the real user still gets in.
// An attempt counts as a failure before its password is checked (and is taken back on success):
// logins sent all at once cannot slip past the count while their hashes run.
import type { Conn } from '../../db/connection.ts';
import { all, one, run, tx } from '../../resources/statements.ts';
import { greatest } from '../../db/dialect.ts';

export const PAIR_FREE = 5;
export const ADDRESS_FREE = 20;
export const ACCOUNT_FREE = 20;
/** A counter starts again after this long without a failure (after its delay has run out). */
export const WINDOW_MS = 15 * 60_000;
export const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 60 * 60_000;
/** An address a user signed in from within this long is 'known' to the account counter. */
export const KNOWN_ADDRESS_MS = 30 * 86_400_000;

export type BlockScope = 'pair' | 'address' | 'account';
export interface Block {
  scope: BlockScope;
  minutes: number;
}

const pairKey = (name: string, address: string) => `a:${name}|${address}`;
const accountKey = (name: string) => `a:${name}`;
const addressKey = (address: string) => `ip:${address}`;

/** No delay for the first `free` failures, then 1, 2, 4 … minutes, at most an hour. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - free, 16));
}

/**
 * Taken by every transaction that writes the counters: recordAttempt reads a counter before writing
 * it, and a write landing in between would be lost; login.ts checks and counts under it too.
 */
export const THROTTLE_LOCK = { exclusive: { lock: 'login-throttle' } } as const;

interface Row {
  failures: number;
  blocked_until: number | null;
}

function live(conn: Conn, key: string, now: number): Promise<Row | undefined> {
  return one<Row>(conn, 'SELECT failures, blocked_until FROM login_throttle WHERE key = ? AND expires_at > ?', key, now);
}

function blockedMinutes(row: Row | undefined, now: number): number {
  return row?.blocked_until && row.blocked_until > now ? Math.ceil((row.blocked_until - now) / 60_000) : 0;
}

export async function isKnownAddress(conn: Conn, userId: number, address: string, now: number): Promise<boolean> {
  return !!(await one(conn, 'SELECT 1 FROM login_addresses WHERE user_id = ? AND address = ? AND last_success_at > ?', userId, address, now - KNOWN_ADDRESS_MS));
}

/** The delay this attempt must wait out, if any. */
export async function blockOf(conn: Conn, name: string, address: string, knownAddress: boolean, now: number): Promise<Block | undefined> {
  const checks: [BlockScope, string][] = [['pair', pairKey(name, address)], ['address', addressKey(address)]];
  if (!knownAddress) checks.push(['account', accountKey(name)]);
  for (const [scope, key] of checks) {
    const minutes = blockedMinutes(await live(conn, key, now), now);
    if (minutes > 0) return { scope, minutes };
  }
  return undefined;
}

async function bump(conn: Conn, key: string, free: number, now: number): Promise<number> {
  const row = await live(conn, key, now);
  const failures = (row?.failures ?? 0) + 1;
  const delay = delayAfter(failures, free);
  const blockedUntil = delay > 0 ? now + delay : null;
  await run(
    conn,
    `INSERT INTO login_throttle (key, failures, first_failure_at, blocked_until, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, blocked_until = excluded.blocked_until,
       expires_at = excluded.expires_at, first_failure_at = CASE WHEN login_throttle.expires_at > ? THEN login_throttle.first_failure_at ELSE excluded.first_failure_at END`,
    key, failures, now, blockedUntil, (blockedUntil ?? now) + WINDOW_MS, now,
  );
  return failures;
}

/**
 * Counts an attempt as a failure on all three counters, sweeping rows that expired (so names that
 * were only guessed leave nothing behind). Answers the attempts left before this pair is delayed.
 * Each counter is read, then written: the transaction takes THROTTLE_LOCK so that parallel attempts
 * count one after another instead of each writing the same number.
 */
export function recordAttempt(conn: Conn, name: string, address: string, now: number): Promise<number> {
  return tx(
    conn,
    async () => {
      await run(conn, 'DELETE FROM login_throttle WHERE expires_at <= ?', now);
      await bump(conn, addressKey(address), ADDRESS_FREE, now);
      await bump(conn, accountKey(name), ACCOUNT_FREE, now);
      return Math.max(0, PAIR_FREE - (await bump(conn, pairKey(name, address), PAIR_FREE, now)));
    },
    THROTTLE_LOCK,
  );
}

/** The attempt was right: its pair starts afresh, the other counters take it back, the address is known. */
export function recordSuccess(conn: Conn, name: string, address: string, userId: number, now: number): Promise<void> {
  return tx(
    conn,
    async () => {
      await run(conn, 'DELETE FROM login_throttle WHERE key = ?', pairKey(name, address));
      // Taken back with the delay it may have started: the attempt was not a failure after all.
      await run(
        conn,
        `UPDATE login_throttle SET failures = ${greatest(conn, 'failures - 1', '0')}, blocked_until = CASE WHEN failures - 1 < ? THEN NULL ELSE blocked_until END WHERE key = ?`,
        ACCOUNT_FREE, accountKey(name),
      );
      await run(
        conn,
        `UPDATE login_throttle SET failures = ${greatest(conn, 'failures - 1', '0')}, blocked_until = CASE WHEN failures - 1 < ? THEN NULL ELSE blocked_until END WHERE key = ?`,
        ADDRESS_FREE, addressKey(address),
      );
      await run(
        conn,
        'INSERT INTO login_addresses (user_id, address, last_success_at) VALUES (?, ?, ?) ON CONFLICT (user_id, address) DO UPDATE SET last_success_at = excluded.last_success_at',
        userId, address, now,
      );
    },
    THROTTLE_LOCK,
  );
}

/** Which of these accounts are held back now, by their own counters (what 解锁 would clear). */
export async function limitedAccounts(conn: Conn, names: readonly string[], now: number): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await all<{ key: string }>(conn, "SELECT key FROM login_throttle WHERE blocked_until > ? AND key LIKE 'a:%'", now);
  const held = new Set(rows.map((r) => r.key.slice(2).split('|')[0]));
  return new Set(names.filter((n) => held.has(n)));
}

/** An administrator's unlock: every counter of the account goes (the address counters stay). */
export async function unlockAccount(conn: Conn, name: string): Promise<number> {
  const escaped = name.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return (await run(conn, "DELETE FROM login_throttle WHERE key = ? OR key LIKE ? ESCAPE '\\'", accountKey(name), `${pairKey(escaped, '')}%`)).changes;
}
