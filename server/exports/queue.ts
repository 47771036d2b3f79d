// The export queue: every export is a task row; a runner takes it only while there is room, at
// most EXPORT_RUNNING_PER_USER of one user's and EXPORT_RUNNING_TOTAL in all, so a burst of exports
// (one user's or many users') costs the server a bounded number of readers and workbook writers.
// The rest wait as status 3 with started_at NULL (shown as 排队中) and are taken in creation order
// as running ones end, however they end. What runs is read from the database, not kept in memory:
// the claim is one exclusive transaction (an advisory lock on PostgreSQL), so instances sharing the
// database share the bounds and never take the same task twice.
//
// Each queue is one instance's runner. It beats a heartbeat on the tasks it runs; a task whose
// runner stopped beating (its process was killed, its machine lost) is put back in the queue by
// whichever instance notices first, and taken again in its turn, up to MAX_ATTEMPTS times.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sendToTaskOwner } from '../messages/store.ts';
import type { Database } from '../db/port.ts';
import { all, one, run, tx, type Conn } from '../resources/statements.ts';
import { ExportStatus, exportFileOf, findTask, INTERRUPTED_REASON, markFailed, type ExportTaskRow } from './tasks.ts';

/** Exports of one user running at once (docs/security.md "Export queue"). */
export const EXPORT_RUNNING_PER_USER = 2;
/** Exports running at once in the whole server. */
export const EXPORT_RUNNING_TOTAL = 4;
/** Queued tasks looked at per claim: enough to pass the heads of users already at their bound. */
const SCAN = 500;
/** Times a task is taken before one more interruption fails it. */
export const MAX_ATTEMPTS = 3;

export interface QueueLimits {
  perUser: number;
  total: number;
}

/** How often a runner beats, and how long without a beat before its tasks are taken over. */
export interface QueueTiming {
  heartbeatMs: number;
  staleMs: number;
}
export const QUEUE_TIMING: QueueTiming = { heartbeatMs: 3_000, staleMs: 15_000 };

const RUNNING = `status = ${ExportStatus.GENERATING} AND started_at IS NOT NULL`;
const STALE = `${RUNNING} AND (heartbeat_at IS NULL OR heartbeat_at < ?)`;

/** Keeps the runner's own tasks alive. */
const beat = (conn: Conn, runner: string, now: number) => run(conn, `UPDATE export_tasks SET heartbeat_at = ? WHERE ${RUNNING} AND runner = ?`, now, runner);

/**
 * Tasks whose runner stopped beating go back to the queue, their partial file removed; one taken
 * MAX_ATTEMPTS times already is failed instead, and its owner told. Inside the claim's transaction.
 */
async function recoverStale(conn: Conn, dir: string, staleBefore: number, now: number): Promise<void> {
  const stale = await all<{ id: number; attempts: number; fileName: string }>(conn,
    `SELECT id, attempts, file_name AS fileName FROM export_tasks WHERE ${STALE}`, staleBefore);
  for (const t of stale) {
    rmSync(join(dir, exportFileOf(t)), { force: true });
    if (t.attempts >= MAX_ATTEMPTS) {
      await run(conn, `UPDATE export_tasks SET status = ?, fail_reason = ?, finished_at = ? WHERE id = ? AND ${RUNNING}`, ExportStatus.FAILED, INTERRUPTED_REASON, now, t.id);
      await sendToTaskOwner(conn, t.id, { kind: 'export', title: '导出失败', content: `${t.fileName} 导出失败：${INTERRUPTED_REASON}`, link: '/exportCenter', now });
    } else {
      await run(conn, `UPDATE export_tasks SET started_at = NULL, runner = NULL, heartbeat_at = NULL, rows_done = 0, rows_total = 0 WHERE id = ? AND ${RUNNING}`, t.id);
    }
  }
}

/**
 * Marks queued tasks started by `runner`, oldest first, while the bounds allow; answers the ids
 * taken. A user at their bound is passed over, so one user's long queue does not hold up the others.
 * The runner's own tasks are beaten first, so a runner never takes its own tasks for dead.
 */
export function claimQueued(conn: Conn, o: { runner: string; limits: QueueLimits; dir: string; staleMs: number }): Promise<number[]> {
  return tx(conn, async () => {
    // The time is read once the lock is held: a claim that waited for another (PostgreSQL, several
    // pumps at once) would otherwise record a start before the end of the task whose place it took.
    const now = Date.now();
    await beat(conn, o.runner, now);
    await recoverStale(conn, o.dir, now - o.staleMs, now);
    const running = new Map((await all<{ userId: number; n: number }>(conn,
      `SELECT user_id AS userId, count(*) AS n FROM export_tasks WHERE ${RUNNING} GROUP BY user_id`))
      .map((r) => [r.userId, r.n]));
    let room = o.limits.total - [...running.values()].reduce((a, b) => a + b, 0);
    const taken: number[] = [];
    if (room <= 0) return taken;
    const queued = await all<{ id: number; userId: number }>(conn,
      'SELECT id, user_id AS userId FROM export_tasks WHERE status = ? AND started_at IS NULL ORDER BY created_at, id LIMIT ?', ExportStatus.GENERATING, SCAN);
    for (const t of queued) {
      if (room <= 0) break;
      const mine = running.get(t.userId) ?? 0;
      if (mine >= o.limits.perUser) continue;
      await run(conn, 'UPDATE export_tasks SET started_at = ?, runner = ?, heartbeat_at = ?, attempts = attempts + 1, rows_done = 0, rows_total = 0 WHERE id = ? AND status = ? AND started_at IS NULL',
        now, o.runner, now, t.id, ExportStatus.GENERATING);
      running.set(t.userId, mine + 1);
      room -= 1;
      taken.push(t.id);
    }
    return taken;
  }, { exclusive: { lock: 'export-queue' } });
}

/** Runs one started task to its end (generated or failed); `prepared` is what its create request already built. */
export type Launch<P> = (task: ExportTaskRow, prepared: P | undefined) => Promise<void>;

export class ExportQueue<P extends { close(): Promise<void> }> {
  /** This instance, as the tasks' runner column names it. */
  readonly runner = randomUUID();
  private running = 0;

  constructor(
    private readonly conn: Database,
    /** The exports folder, shared by the instances (docs/deploy.md). */
    private readonly dir: string,
    private readonly launch: Launch<P>,
    private readonly limits: QueueLimits = { perUser: EXPORT_RUNNING_PER_USER, total: EXPORT_RUNNING_TOTAL },
    private readonly timing: QueueTiming = QUEUE_TIMING,
  ) {}

  /**
   * Beats while this instance runs tasks, and looks for tasks whose runner died (a read, when it
   * runs none); answers the stop. The timer does not hold the process open.
   */
  watch(): () => void {
    const stop = () => clearInterval(timer);
    const timer = setInterval(() => void this.tick(stop), this.timing.heartbeatMs);
    timer.unref();
    return stop;
  }

  private async tick(stop: () => void): Promise<void> {
    // A database closed under the app (tests close theirs) ends the watch, rather than failing every tick.
    if (this.conn.closed) return stop();
    try {
      const now = Date.now();
      if (this.running > 0) await beat(this.conn, this.runner, now);
      const stale = await one(this.conn, `SELECT id FROM export_tasks WHERE ${STALE} LIMIT 1`, now - this.timing.staleMs);
      if (stale) await this.pump();
    } catch (e) {
      // A tick under way when the database closed fails with it: the end of the watch, not a fault.
      if (this.conn.closed) return stop();
      console.error('export queue:', e);
    }
  }

  /**
   * Starts what the bounds allow. `prepared` belongs to the task just created: used if that task is
   * taken now, closed if it has to wait (a queued task holds no snapshot; it reads when it starts).
   */
  async pump(prepared?: { taskId: number; value: P }): Promise<void> {
    const taken = await claimQueued(this.conn, { runner: this.runner, limits: this.limits, dir: this.dir, staleMs: this.timing.staleMs });
    if (prepared && !taken.includes(prepared.taskId)) await prepared.value.close();
    for (const id of taken) {
      const task = await findTask(this.conn, id);
      if (!task) continue;
      const own = prepared?.taskId === id ? prepared.value : undefined;
      // Whatever the end, the freed place goes to the next task in line. A launch records its own
      // failures; one it did not (a bug) must still not hold its place for ever.
      this.running += 1;
      void this.launch(task, own)
        .catch(async (e: unknown) => { await markFailed(this.conn, this.runner, id, e instanceof Error && e.message ? e.message.slice(0, 200) : '导出失败', Date.now()); })
        .finally(() => {
          this.running -= 1;
          return this.pumpLater();
        });
    }
  }

  /** pump() from a callback, where nobody waits for it: its failure (a database closed meanwhile, say) is logged. */
  async pumpLater(): Promise<void> {
    try {
      await this.pump();
    } catch (e) {
      // A tick under way when the database closed fails with it: the end of the watch, not a fault.
      if (this.conn.closed) return;
      console.error('export queue:', e);
    }
  }
}
