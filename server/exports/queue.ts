// The export queue: every export is a task row; a runner takes it only while there is room, at
// most EXPORT_RUNNING_PER_USER of one user's and EXPORT_RUNNING_TOTAL in all, so a burst of exports
// (one user's or many users') costs the server a bounded number of readers and workbook writers.
// The rest wait as status 3 with started_at NULL (shown as 排队中) and are taken in creation order
// as running ones end, however they end. What runs is read from the database, not kept in memory:
// the claim is one exclusive transaction, so instances sharing the database share the bounds.
import { all, run, tx, type Conn } from '../resources/statements.ts';
import { ExportStatus, findTask, markFailed, type ExportTaskRow } from './tasks.ts';

/** Exports of one user running at once (docs/security.md "Export queue"). */
export const EXPORT_RUNNING_PER_USER = 2;
/** Exports running at once in the whole server. */
export const EXPORT_RUNNING_TOTAL = 4;
/** Queued tasks looked at per claim: enough to pass the heads of users already at their bound. */
const SCAN = 500;

export interface QueueLimits {
  perUser: number;
  total: number;
}

/**
 * Marks queued tasks started, oldest first, while the bounds allow; answers the ids taken. A user
 * at their bound is passed over, so one user's long queue does not hold up the others.
 */
export function claimQueued(conn: Conn, limits: QueueLimits, now: number): Promise<number[]> {
  return tx(conn, async () => {
    const running = new Map((await all<{ userId: number; n: number }>(conn,
      'SELECT user_id AS userId, count(*) AS n FROM export_tasks WHERE status = ? AND started_at IS NOT NULL GROUP BY user_id', ExportStatus.GENERATING))
      .map((r) => [r.userId, r.n]));
    let room = limits.total - [...running.values()].reduce((a, b) => a + b, 0);
    const taken: number[] = [];
    if (room <= 0) return taken;
    const queued = await all<{ id: number; userId: number }>(conn,
      'SELECT id, user_id AS userId FROM export_tasks WHERE status = ? AND started_at IS NULL ORDER BY created_at, id LIMIT ?', ExportStatus.GENERATING, SCAN);
    for (const t of queued) {
      if (room <= 0) break;
      const mine = running.get(t.userId) ?? 0;
      if (mine >= limits.perUser) continue;
      await run(conn, 'UPDATE export_tasks SET started_at = ? WHERE id = ? AND status = ? AND started_at IS NULL', now, t.id, ExportStatus.GENERATING);
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
  constructor(
    private readonly conn: Conn,
    private readonly launch: Launch<P>,
    private readonly limits: QueueLimits = { perUser: EXPORT_RUNNING_PER_USER, total: EXPORT_RUNNING_TOTAL },
  ) {}

  /**
   * Starts what the bounds allow. `prepared` belongs to the task just created: used if that task is
   * taken now, closed if it has to wait (a queued task holds no snapshot; it reads when it starts).
   */
  async pump(prepared?: { taskId: number; value: P }): Promise<void> {
    const taken = await claimQueued(this.conn, this.limits, Date.now());
    if (prepared && !taken.includes(prepared.taskId)) await prepared.value.close();
    for (const id of taken) {
      const task = await findTask(this.conn, id);
      if (!task) continue;
      const own = prepared?.taskId === id ? prepared.value : undefined;
      // Whatever the end, the freed place goes to the next task in line. A launch records its own
      // failures; one it did not (a bug) must still not hold its place for ever.
      void this.launch(task, own)
        .catch(async (e: unknown) => { await markFailed(this.conn, id, e instanceof Error && e.message ? e.message.slice(0, 200) : '导出失败', Date.now()); })
        .finally(() => this.pumpLater());
    }
  }

  /** pump() from a callback, where nobody waits for it: its failure (a database closed meanwhile, say) is logged. */
  async pumpLater(): Promise<void> {
    try {
      await this.pump();
    } catch (e) {
      console.error('export queue:', e);
    }
  }
}
