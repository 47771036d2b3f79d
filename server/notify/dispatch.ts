// Sends the outbox (outbox.ts) after the alarms' commit, and again on a timer for retries and for rows
// a stopped instance left. A row is claimed first (claimed_until, a conditional update: one sender per
// row however many instances run), then its channel sends it and the row is marked 已发送 in one
// transaction, under the claim: a sender that lost its claim rolls its send back. A failure waits
// longer each time and gives up (发送失败) after MAX_ATTEMPTS.
import { all, one, run, tx, type Conn } from '../resources/statements.ts';
import { channelOf, type ChannelKind, type Outgoing } from './channels.ts';

export const MAX_ATTEMPTS = 5;
/** How long a claim holds a row: far beyond one send; a sender gone that long is taken over. */
const CLAIM_MS = 60_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;
const BATCH = 100;

/** Sends the rows due at `now`; answers how many were sent. */
export async function sendDue(conn: Conn, now = Date.now()): Promise<number> {
  let sent = 0;
  const due = await all<{ id: number }>(conn,
    `SELECT id FROM notifications WHERE status = 0 AND next_try_at <= ? AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY id LIMIT ${BATCH}`, now, now);
  for (const { id } of due) {
    const claim = now + CLAIM_MS;
    const claimed = await run(conn,
      'UPDATE notifications SET claimed_until = ?, attempts = attempts + 1 WHERE id = ? AND status = 0 AND (claimed_until IS NULL OR claimed_until < ?)', claim, id, now);
    if (claimed.changes !== 1) continue;
    const n = (await one<Outgoing & { attempts: number }>(conn,
      'SELECT id, corp_id AS "corpId", channel, address, title, content, attempts FROM notifications WHERE id = ?', id))!;
    try {
      await tx(conn, async () => {
        await channelOf(n.channel as ChannelKind).send(conn, n, now);
        const marked = await run(conn, 'UPDATE notifications SET status = 1, sent_at = ?, claimed_until = NULL, last_error = NULL WHERE id = ? AND claimed_until = ?', now, id, claim);
        if (marked.changes !== 1) throw new Error('发送权已被其他实例接管');
      });
      sent++;
    } catch (err) {
      const failed = n.attempts >= MAX_ATTEMPTS;
      const wait = Math.min(RETRY_BASE_MS * 2 ** (n.attempts - 1), RETRY_MAX_MS);
      await run(conn, 'UPDATE notifications SET status = ?, next_try_at = ?, claimed_until = NULL, last_error = ? WHERE id = ? AND claimed_until = ?',
        failed ? 2 : 0, now + wait, String((err as Error)?.message ?? err).slice(0, 200), id, claim);
    }
  }
  return sent;
}

// One sending run at a time per connection, each after the one before: a caller awaiting its run knows
// every row due when it began has been tried.
const chains = new WeakMap<Conn, Promise<unknown>>();
const queued = new WeakSet<Conn>();

/** Runs sendDue after any run already going; answers how many it sent. */
export function drainNotifications(conn: Conn, now?: number): Promise<number> {
  const run = (chains.get(conn) ?? Promise.resolve()).catch(() => 0).then(() => sendDue(conn, now ?? Date.now()));
  chains.set(conn, run);
  return run;
}

/** The outbox got rows in a transaction now committing or committed (outbox.ts). */
export const noteQueued = (conn: Conn) => void queued.add(conn);

/** After a commit that may have queued notifications: send them, without making the caller wait. */
export function kickNotifications(conn: Conn) {
  if (!queued.has(conn)) return;
  queued.delete(conn);
  void drainNotifications(conn).catch((err: unknown) => console.error('[通知] 发送失败', err));
}

/** The retry timer of a running server: every `everyMs`, the rows due. Answers its stop. */
export function startNotifier(conn: Conn, everyMs = 30_000): () => Promise<void> {
  const timer = setInterval(() => void drainNotifications(conn).catch((err: unknown) => console.error('[通知] 发送失败', err)), everyMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await chains.get(conn)?.catch(() => 0);
  };
}
