// The import queue: each instance runs one import at a time (an import is writes, and one at a time
// keeps the database and the event loop free for everyone else); the rest wait as 排队中 and are
// taken in creation order, by whichever instance is free first (the claim is one conditional UPDATE,
// so two instances never take the same task). A running task's runner beats a heartbeat; a task
// whose runner stopped beating (its process was killed or restarted) is marked 导入失败 with
// INTERRUPTED_REASON by whichever instance notices: never left 导入中, and never run again, since the
// rows it already wrote would then come back as duplicates.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/port.ts';
import { all, one, run } from '../resources/statements.ts';
import { sendToUser } from '../messages/store.ts';
import { findTask, ImportStatus, INTERRUPTED_REASON, type ImportTaskRow } from './tasks.ts';

export interface ImportTiming {
  heartbeatMs: number;
  staleMs: number;
}
export const IMPORT_TIMING: ImportTiming = { heartbeatMs: 3_000, staleMs: 15_000 };

const STARTED = `status = ${ImportStatus.RUNNING} AND started_at IS NOT NULL`;

/** Fails the tasks whose runner stopped beating before `staleBefore`, and tells their owners. */
export async function failStale(conn: Database, staleBefore: number, now: number): Promise<number> {
  const stale = await all<{ id: number; corpId: number; userId: number; fileName: string }>(conn,
    `SELECT id, corp_id AS corpId, user_id AS userId, file_name AS fileName FROM import_tasks WHERE ${STARTED} AND (heartbeat_at IS NULL OR heartbeat_at < ?)`, staleBefore);
  for (const t of stale) {
    const done = await run(conn, `UPDATE import_tasks SET status = ?, fail_reason = ?, finished_at = ? WHERE id = ? AND ${STARTED} AND (heartbeat_at IS NULL OR heartbeat_at < ?)`,
      ImportStatus.FAILED, INTERRUPTED_REASON, now, t.id, staleBefore);
    if (done.changes === 1) await sendToUser(conn, t, { kind: 'import', title: '导入失败', content: `${t.fileName} 导入失败：${INTERRUPTED_REASON}`, link: '/importCenter', now });
  }
  return stale.length;
}

export class ImportQueue {
  readonly runner = randomUUID();
  private busy = false;

  constructor(
    private readonly conn: Database,
    private readonly launch: (task: ImportTaskRow, runner: string) => Promise<void>,
    private readonly timing: ImportTiming = IMPORT_TIMING,
  ) {}

  /** Beats for the running task and fails stale ones; answers the stop. The timer does not hold the process open. */
  watch(): () => void {
    const stop = () => clearInterval(timer);
    const timer = setInterval(() => void this.tick(stop), this.timing.heartbeatMs);
    timer.unref();
    return stop;
  }

  private async tick(stop: () => void): Promise<void> {
    if (this.conn.closed) return stop();
    try {
      const now = Date.now();
      if (this.busy) await run(this.conn, `UPDATE import_tasks SET heartbeat_at = ? WHERE ${STARTED} AND runner = ?`, now, this.runner);
      await failStale(this.conn, now - this.timing.staleMs, now);
      await this.pump();
    } catch (e) {
      if (this.conn.closed) return stop();
      console.error('import queue:', e);
    }
  }

  /** Takes the oldest queued task when this instance is free, runs it, then looks for the next. */
  async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (;;) {
        const next = await one<{ id: number }>(this.conn, `SELECT id FROM import_tasks WHERE status = ? AND started_at IS NULL ORDER BY created_at, id LIMIT 1`, ImportStatus.RUNNING);
        if (!next) return;
        const now = Date.now();
        const taken = await run(this.conn, 'UPDATE import_tasks SET started_at = ?, runner = ?, heartbeat_at = ? WHERE id = ? AND status = ? AND started_at IS NULL',
          now, this.runner, now, next.id, ImportStatus.RUNNING);
        if (taken.changes !== 1) continue; // another instance took it
        const task = await findTask(this.conn, next.id);
        if (task) await this.launch(task, this.runner);
      }
    } finally {
      this.busy = false;
    }
  }

  /** pump() from where nobody waits for it: a failure (the database closed meanwhile) is logged, not thrown. */
  pumpLater(): void {
    setImmediate(() => {
      void this.pump().catch((e: unknown) => {
        if (!this.conn.closed) console.error('import queue:', e);
      });
    });
  }
}
