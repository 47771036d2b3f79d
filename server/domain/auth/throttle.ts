// Failed-login throttling, kept in the database so a restart does not reset it (docs/security.md
// "Login"). Three counters, each with delays that double:
//  - one account from one address ('a:<name>|<address>'): the guesser is slowed, the real user
//    elsewhere is not;
//  - one address over all accounts ('ip:<address>'): spraying one password over many accounts;
//  - one account over all addresses ('a:<name>'): many addresses at one account; it slows only
//    addresses the account has not signed in from before, so the real user still gets in.
// An attempt counts as a failure before its password is checked (and is taken back on success):
// logins sent all at once cannot slip past the count while their hashes run.
import type { Db } from '../../db/connection.ts';

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

interface Row {
  failures: number;
  blocked_until: number | null;
}

function live(db: Db, key: string, now: number): Row | undefined {
  return db.$client.prepare('SELECT failures, blocked_until FROM login_throttle WHERE key = ? AND expires_at > ?').get(key, now) as Row | undefined;
}

function blockedMinutes(row: Row | undefined, now: number): number {
  return row?.blocked_until && row.blocked_until > now ? Math.ceil((row.blocked_until - now) / 60_000) : 0;
}

export function isKnownAddress(db: Db, userId: number, address: string, now: number): boolean {
  return !!db.$client.prepare('SELECT 1 FROM login_addresses WHERE user_id = ? AND address = ? AND last_success_at > ?').get(userId, address, now - KNOWN_ADDRESS_MS);
}

/** The delay this attempt must wait out, if any. */
export function blockOf(db: Db, name: string, address: string, knownAddress: boolean, now: number): Block | undefined {
  const checks: [BlockScope, string][] = [['pair', pairKey(name, address)], ['address', addressKey(address)]];
  if (!knownAddress) checks.push(['account', accountKey(name)]);
  for (const [scope, key] of checks) {
    const minutes = blockedMinutes(live(db, key, now), now);
    if (minutes > 0) return { scope, minutes };
  }
  return undefined;
}

function bump(db: Db, key: string, free: number, now: number): number {
  const row = live(db, key, now);
  const failures = (row?.failures ?? 0) + 1;
  const delay = delayAfter(failures, free);
  const blockedUntil = delay > 0 ? now + delay : null;
  db.$client
    .prepare(
      `INSERT INTO login_throttle (key, failures, first_failure_at, blocked_until, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, blocked_until = excluded.blocked_until,
         expires_at = excluded.expires_at, first_failure_at = CASE WHEN login_throttle.expires_at > ? THEN login_throttle.first_failure_at ELSE excluded.first_failure_at END`,
    )
    .run(key, failures, now, blockedUntil, (blockedUntil ?? now) + WINDOW_MS, now);
  return failures;
}

/**
 * Counts an attempt as a failure on all three counters, sweeping rows that expired (so names that
 * were only guessed leave nothing behind). Answers the attempts left before this pair is delayed.
 */
export function recordAttempt(db: Db, name: string, address: string, now: number): number {
  return db.$client.transaction(() => {
    db.$client.prepare('DELETE FROM login_throttle WHERE expires_at <= ?').run(now);
    bump(db, addressKey(address), ADDRESS_FREE, now);
    bump(db, accountKey(name), ACCOUNT_FREE, now);
    return Math.max(0, PAIR_FREE - bump(db, pairKey(name, address), PAIR_FREE, now));
  })();
}

/** The attempt was right: its pair starts afresh, the other counters take it back, the address is known. */
export function recordSuccess(db: Db, name: string, address: string, userId: number, now: number) {
  db.$client.transaction(() => {
    db.$client.prepare('DELETE FROM login_throttle WHERE key = ?').run(pairKey(name, address));
    // Taken back with the delay it may have started: the attempt was not a failure after all.
    db.$client
      .prepare('UPDATE login_throttle SET failures = max(failures - 1, 0), blocked_until = CASE WHEN failures - 1 < ? THEN NULL ELSE blocked_until END WHERE key = ?')
      .run(ACCOUNT_FREE, accountKey(name));
    db.$client
      .prepare('UPDATE login_throttle SET failures = max(failures - 1, 0), blocked_until = CASE WHEN failures - 1 < ? THEN NULL ELSE blocked_until END WHERE key = ?')
      .run(ADDRESS_FREE, addressKey(address));
    db.$client
      .prepare('INSERT INTO login_addresses (user_id, address, last_success_at) VALUES (?, ?, ?) ON CONFLICT (user_id, address) DO UPDATE SET last_success_at = excluded.last_success_at')
      .run(userId, address, now);
  })();
}

/** Which of these accounts are held back now, by their own counters (what 解锁 would clear). */
export function limitedAccounts(db: Db, names: readonly string[], now: number): Set<string> {
  if (names.length === 0) return new Set();
  const rows = db.$client
    .prepare("SELECT key FROM login_throttle WHERE blocked_until > ? AND key LIKE 'a:%'")
    .all(now) as { key: string }[];
  const held = new Set(rows.map((r) => r.key.slice(2).split('|')[0]));
  return new Set(names.filter((n) => held.has(n)));
}

/** An administrator's unlock: every counter of the account goes (the address counters stay). */
export function unlockAccount(db: Db, name: string): number {
  const escaped = name.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return db.$client.prepare("DELETE FROM login_throttle WHERE key = ? OR key LIKE ? ESCAPE '\\'").run(accountKey(name), `${pairKey(escaped, '')}%`).changes;
}
