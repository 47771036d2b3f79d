// Generates one export task in the background of the server process: the list's own query read in
// pages (spec section 9: at most 100000 rows a page; the server reads 2000 at a time, since a page
// of 100000 waybills as objects alone is a few hundred MB), each row written to the streaming
// workbook at once; every few thousand rows the runner waits for the workbook's pipeline to catch
// up (xlsx.ts drained()), which also gives other requests their turn, so memory stays flat however
// large the export (npm run bench -- export). Progress is recorded as it goes. The end, good or
// bad, is told to the user as a message. Which tasks run at once is the queue's (queue.ts).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Conn } from '../resources/statements.ts';
import { sendToTaskOwner } from '../messages/store.ts';
import type { ExportColumn } from './cells.ts';
import type { RowPage } from './source.ts';
import { exportFileOf, markFailed, markGenerated, recordProgress } from './tasks.ts';
import { XlsxStream } from './xlsx.ts';

/** Spec section 9: export page size, the most rows one read may bring. */
export const EXPORT_PAGE_SIZE = 100_000;
/** Rows per read: the memory of one page of rows is what bounds the process's peak. */
export const READ_ROWS = 2_000;
const YIELD_EVERY = 2_000;

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ExportJob {
  conn: Conn;
  taskId: number;
  /** The instance running it (queue.ts); null for a task run outside the queue. */
  runner: string | null;
  /** The how-manieth time the task is run: its file is <taskId>.<attempt>.xlsx (tasks.ts exportFileOf). */
  attempt: number;
  fileName: string;
  /** Folder of the export files. */
  dir: string;
  columns: ExportColumn[];
  fetch(curPage: number, pageSize: number): Promise<RowPage>;
  /** Names the sheet: the page's (report's) title. */
  title?: string;
  /** A report's totals row, written under the data (over the same snapshot as the rows). */
  totals?: () => Promise<{ label: string; values: Record<string, unknown> }>;
  pageSize?: number;
  now?: () => number;
}

export async function runExport(job: ExportJob): Promise<void> {
  const { conn, taskId, runner } = job;
  const now = job.now ?? Date.now;
  const pageSize = Math.min(job.pageSize ?? READ_ROWS, EXPORT_PAGE_SIZE);
  const fileName = exportFileOf({ id: taskId, attempts: job.attempt });
  const file = join(job.dir, fileName);
  await nextTurn(); // the create request is answered first
  try {
    mkdirSync(job.dir, { recursive: true });
    const xlsx = new XlsxStream(file, job.columns, job.title);
    // The task vanished or was ended meanwhile: finish the file so its handle closes, then drop it.
    const abandon = async () => {
      await xlsx.close().catch(() => undefined);
      rmSync(file, { force: true });
    };
    let done = 0;
    for (let curPage = 1; ; curPage++) {
      const page = await job.fetch(curPage, pageSize);
      const total = page.totalRecords;
      for (const row of page.data) {
        xlsx.add(row);
        done += 1;
        if (done % YIELD_EVERY === 0) {
          if (!(await recordProgress(conn, runner, taskId, done, total, now()))) return abandon();
          await xlsx.drained();
          await nextTurn();
        }
      }
      if (!(await recordProgress(conn, runner, taskId, done, total, now()))) return abandon();
      // A short page is the last; so is reaching the total (rows added meanwhile wait for the next export).
      if (page.data.length < pageSize || done >= total) break;
      await nextTurn();
    }
    if (job.totals) {
      const { label, values } = await job.totals();
      xlsx.addTotals(label, values);
    }
    await xlsx.close();
    if (await markGenerated(conn, runner, taskId, fileName, done, now())) {
      await sendToTaskOwner(conn, taskId, { kind: 'export', title: '导出完成', content: `${job.fileName} 已生成，共 ${done} 条，请在导出中心下载`, link: '/exportCenter', now: now() });
    } else rmSync(file, { force: true });
  } catch (e) {
    rmSync(file, { force: true });
    await failExport(conn, runner, taskId, job.fileName, e, now());
  }
}

/** Ends a task failed with the error's message as its reason, and tells its owner. */
export async function failExport(conn: Conn, runner: string | null, taskId: number, fileName: string, e: unknown, now: number): Promise<void> {
  const reason = e instanceof Error && e.message ? e.message.slice(0, 200) : '导出失败';
  if (await markFailed(conn, runner, taskId, reason, now)) {
    await sendToTaskOwner(conn, taskId, { kind: 'export', title: '导出失败', content: `${fileName} 导出失败：${reason}`, link: '/exportCenter', now });
  }
}
