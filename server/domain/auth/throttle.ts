// Failed-login throttling per account name, kept in the database so a restart does not reset it.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { loginThrottle } from '../../db/schema.ts';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/** Minutes the account stays locked, or 0 when a login may be tried. */
export function lockedMinutes(db: Db, userName: string, now: number): number {
  const row = db.select().from(loginThrottle).where(eq(loginThrottle.userName, userName)).get();
  if (!row?.lockedUntil || row.lockedUntil <= now) return 0;
  return Math.ceil((row.lockedUntil - now) / 60_000);
}

/** Records a failure; returns the attempts left before the lock (0 = now locked). */
export function recordFailure(db: Db, userName: string, now: number): number {
  const row = db.select().from(loginThrottle).where(eq(loginThrottle.userName, userName)).get();
  const fresh = !row || now - row.firstFailureAt > FAILURE_WINDOW_MS || (row.lockedUntil ?? 0) > 0 && row.lockedUntil! <= now;
  const failures = fresh ? 1 : row!.failures + 1;
  const lockedUntil = failures >= MAX_FAILURES ? now + LOCK_MS : null;
  db.insert(loginThrottle)
    .values({ userName, failures, firstFailureAt: fresh ? now : row!.firstFailureAt, lockedUntil })
    .onConflictDoUpdate({
      target: loginThrottle.userName,
      set: { failures, firstFailureAt: fresh ? now : row!.firstFailureAt, lockedUntil },
    })
    .run();
  return Math.max(0, MAX_FAILURES - failures);
}

export function clearFailures(db: Db, userName: string) {
  db.delete(loginThrottle).where(eq(loginThrottle.userName, userName)).run();
}
