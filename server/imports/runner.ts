// Runs one import task: the rows the sheet declares are counted without parsing it (row-count.ts);
// then the rows are read streaming, once, the first one checked as the header, and every further
// row is turned into the body the save route would receive (columns.ts), checked with the save
// route's own JSON Schema (validateOrThrow over saveSchema), and written through the resource
// engine's batched save (bulk-writes.ts, the same rules as a form's save: references, unique keys,
// hooks, version and history) or its own update, so an imported row passes exactly the checks a
// form does. Refused rows go to the error report.
//
// 仅导入正确的行: rows are written in batches of BATCH, one transaction each; a refused row is left
// out of the batch's INSERTs (or its own savepoint rolled back), the others kept. 全部成功才导入: a dry run
// first (each batch rolled back), which yields the whole error report while the server stays
// responsive; only a clean file is then written, in one transaction, so nothing is written unless
// every row is good.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionUser } from '../http/context.ts';
import { ApiError } from '../http/envelope.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { Registry, ResourceFile } from '../registry/types.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { saveSchema } from '../resources/input-schemas.ts';
import { columnOf, ident } from '../resources/naming.ts';
import { all, tx, type Conn } from '../resources/statements.ts';
import { saveMany } from '../resources/bulk-writes.ts';
import { update } from '../resources/writes.ts';
import { XlsxStream } from '../exports/xlsx.ts';
import { sendToUser } from '../messages/store.ts';
import { importColumns, titleOfHeader, type ImportColumn } from './columns.ts';
import { ownImporter, type Importer } from './importer.ts';
import { readAhead, sheetRows, type SheetRow } from './reader.ts';
import { declaredRows } from './row-count.ts';
import { errorFileOf, ImportMode, ImportStatus, markEnded, OnDuplicate, recordProgress, type Counts, type ImportTaskRow } from './tasks.ts';

/** Rows a task may hold (docs/api.md). */
export const MAX_IMPORT_ROWS = 100_000;
/** Rows checked and written together: one transaction, one query per check, multi-row INSERTs. */
const BATCH = 500;

export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** Thrown inside a dry run's batch to roll it back; never escapes the runner. */
class DryRun extends Error {}
/** Ends a task with a reason shown to the user. */
class TaskFailure extends Error {}

interface Target {
  conn: Conn;
  engine: ResourceEngine;
  res: ResourceFile;
  user: SessionUser;
}

/** The header row mapped to the columns: which column index is which field. */
function mapHeader(header: SheetRow, columns: ImportColumn[]): Map<number, ImportColumn> {
  const byTitle = new Map(columns.map((c) => [c.title, c]));
  const at = new Map<number, ImportColumn>();
  header.cells.forEach((cell, i) => {
    const c = typeof cell === 'string' ? byTitle.get(titleOfHeader(cell)) : undefined;
    if (c) at.set(i, c);
  });
  const present = new Set([...at.values()].map((c) => c.field));
  if (present.size === 0) throw new TaskFailure('文件第一行不是模板的表头，请下载模板填写后导入');
  const missing = columns.filter((c) => c.required && !present.has(c.field)).map((c) => c.title);
  if (missing.length) throw new TaskFailure(`文件缺少必填列：${missing.join('、')}`);
  return at;
}

const UNREADABLE = '文件无法读取，请上传用模板填写的 .xlsx 文件';

/** The sheet's rows, a read failure told to the user as one (the loop's own errors are not the reader's). */
async function* rowsOf(file: string): AsyncGenerator<SheetRow> {
  try {
    yield* sheetRows(file);
  } catch {
    throw new TaskFailure(UNREADABLE);
  }
}

/** Counts the data rows by parsing the file (the header's too), refusing a file over the limit before anything is written. */
async function countRows(file: string, columns: ImportColumn[]): Promise<{ header: Map<number, ImportColumn>; total: number }> {
  let header: Map<number, ImportColumn> | undefined;
  let total = 0;
  for await (const row of rowsOf(file)) {
    if (!header) header = mapHeader(row, columns);
    else if (++total > MAX_IMPORT_ROWS) throw new TaskFailure(`文件超过${MAX_IMPORT_ROWS}行，请拆分后分批导入`);
  }
  if (!header) throw new TaskFailure('文件中没有数据');
  if (total === 0) throw new TaskFailure('文件中没有数据行');
  return { header, total };
}

/** The save body of a row, or the errors of its cells. */
function bodyOf(row: SheetRow, header: Map<number, ImportColumn>): { body: Record<string, unknown> } | { errors: RowError[] } {
  const body: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const [i, column] of header) {
    const cell = row.cells[i];
    if (cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '')) continue;
    const out = column.toValue(cell);
    if ('error' in out) errors.push({ row: row.number, column: column.title, message: out.error });
    else body[column.field] = out.value;
  }
  return errors.length ? { errors } : { body };
}

/** A row's error as the report shows it: the field named by the refusal, by its column title. */
function rowError(e: ApiError, rowNumber: number, titles: Map<string, string>): RowError {
  const field = (e.result as { field?: string } | null)?.field;
  return { row: rowNumber, column: (field && titles.get(field.split('.')[0])) || '', message: e.message };
}

/**
 * The live records of the corporation sharing the rows' first unique key: one query for the batch,
 * by the key's values as text (as the unique check compares them).
 */
async function existing(t: Target, bodies: Record<string, unknown>[]): Promise<Map<string, { id: number; version: number }>> {
  const found = new Map<string, { id: number; version: number }>();
  const key = t.res.unique?.[0];
  if (!key) return found;
  const values = bodies.filter((b) => key.every((f) => b[f] !== undefined)).map((b) => key.map((f) => b[f]));
  const live = t.res.softDelete ? ' AND is_deleted = 0' : '';
  const columns = key.map((f) => ident(columnOf(f)));
  const per = Math.floor((t.conn.maxParams - 1) / key.length);
  for (let i = 0; i < values.length; i += per) {
    const part = values.slice(i, i + per);
    const cond = part.map(() => `(${columns.map((c) => `${c} = ?`).join(' AND ')})`).join(' OR ');
    const rows = await all<Record<string, unknown>>(t.conn, `SELECT id, version, ${columns.map((c, n) => `${c} AS k${n}`).join(', ')} FROM ${ident(t.res.table)} WHERE corp_id = ? AND (${cond})${live}`,
      t.user.corpId, ...part.flat());
    for (const r of rows) found.set(keyText(key.map((_, n) => r[`k${n}`])), { id: r.id as number, version: r.version as number });
  }
  return found;
}

const keyText = (values: unknown[]) => JSON.stringify(values.map((v) => String(v)));

/**
 * Checks and writes a batch of rows (in the caller's transaction); answers the errors of the refused
 * ones. New records go through the engine's batched save (bulk-writes.ts). With 更新已有记录 a row
 * whose key a live record has is an update of it through the engine's own update, after the new rows
 * before it went in: so a later row of the file with the key of an earlier new one updates it, as
 * when rows were written one by one.
 */
async function writeBatch(t: Target, schema: object, rows: { number: number; body: Record<string, unknown> }[], onDuplicate: number, titles: Map<string, string>): Promise<RowError[]> {
  const errors: RowError[] = [];
  const valid = rows.filter((r) => {
    try {
      validateOrThrow(schema, r.body);
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.push(rowError(e, r.number, titles));
      return false;
    }
  });
  const key = onDuplicate === OnDuplicate.UPDATE ? t.res.unique?.[0] : undefined;
  const known = key ? await existing(t, valid.map((r) => r.body)) : new Map<string, { id: number; version: number }>();
  const keyOf = (body: Record<string, unknown>) => (key && key.every((f) => body[f] !== undefined) ? keyText(key.map((f) => body[f])) : undefined);
  let news: typeof rows = [];
  const newKeys = new Set<string>();
  const saveNews = async () => {
    const outcomes = await saveMany(t.engine, t.res.id, t.user, news.map((r) => r.body));
    outcomes.forEach((o, i) => {
      if ('error' in o) errors.push(rowError(o.error, news[i].number, titles));
      else if (key) known.set(keyOf(news[i].body)!, { id: o.id, version: 1 });
    });
    news = [];
    newKeys.clear();
  };
  for (const r of valid) {
    const k = keyOf(r.body);
    // A key a new row of the batch has: that row goes in first, and this one then updates it.
    if (k !== undefined && newKeys.has(k)) await saveNews();
    const found = k === undefined ? undefined : known.get(k);
    if (!found) {
      news.push(r);
      if (k !== undefined) newKeys.add(k);
      continue;
    }
    // The rows before it go in before it, in the file's order.
    if (news.length) await saveNews();
    try {
      // Its own savepoint, as a single update: a refused update leaves the batch's other rows.
      const done = await update(t.engine, t.res.id, t.user, { ...r.body, id: found.id, version: found.version });
      known.set(k!, done);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.push(rowError(e, r.number, titles));
    }
  }
  if (news.length) await saveNews();
  return errors;
}

/** A resource's import as an importer: the resource file's columns, each batch through the engine's batched save or its update. */
async function resourceImporter(job: ImportJob, res: ResourceFile): Promise<Importer> {
  const columns = await importColumns(job.conn, job.registry, res, job.user);
  const titles = new Map(columns.map((c) => [c.field, c.title]));
  const target: Target = { conn: job.conn, engine: job.engine, res, user: job.user };
  const schema = saveSchema(res);
  return { columns, key: res.unique?.[0], write: (rows, onDuplicate) => writeBatch(target, schema, rows, onDuplicate, titles) };
}

export interface ImportJob {
  conn: Conn;
  engine: ResourceEngine;
  registry: Registry;
  task: ImportTaskRow;
  user: SessionUser;
  /** The imports folder: the upload is <id>.xlsx, the error report <id>.errors.xlsx. */
  dir: string;
  runner: string;
  now?: () => number;
}

export async function runImport(job: ImportJob): Promise<void> {
  const { conn, task, runner, dir } = job;
  const now = job.now ?? Date.now;
  const res = job.registry.resources.get(task.resourceId);
  const counts: Counts = { total: 0, done: 0, ok: 0, failed: 0 };
  const reportPath = join(dir, errorFileOf(task.id));
  let report: XlsxStream | undefined;
  const reportRow = (e: RowError) => {
    report ??= new XlsxStream(reportPath, [
      { field: 'row', title: '行号', cell: (v) => v as number },
      { field: 'column', title: '列名', cell: (v) => v as string },
      { field: 'message', title: '错误信息', cell: (v) => v as string },
    ], '错误报告');
    report.add(e as unknown as Record<string, unknown>);
  };
  const end = async (status: number, reason?: string) => {
    if (report) await report.close();
    const ended = await markEnded(conn, runner, task.id, { status, counts, reason, errorFile: report ? errorFileOf(task.id) : null }, now());
    if (!ended) return rmSync(reportPath, { force: true });
    const title = status === ImportStatus.FAILED ? '导入失败' : '导入完成';
    const detail = status === ImportStatus.FAILED ? reason : `成功 ${counts.ok} 行${counts.failed ? `，失败 ${counts.failed} 行` : ''}`;
    await sendToUser(conn, task, { kind: 'import', title, content: `${task.fileName} ${title}：${detail}`, link: '/importCenter', now: now() });
  };
  try {
    // The dispatch point: a target that is not a resource (orders, importer.ts) brings its own importer.
    const importer = (await ownImporter(task.resourceId, { conn, registry: job.registry, user: job.user })) ?? (res && (await resourceImporter(job, res)));
    if (!importer) throw new TaskFailure('导入的数据类型不存在');
    const { columns } = importer;
    const titles = new Map(columns.map((c) => [c.field, c.title]));
    const file = join(dir, `${task.id}.xlsx`);
    // Mapped from the first row by the counting read, or else by the first pass.
    let header: Map<number, ImportColumn> | undefined;
    let declared: number;
    try {
      declared = await declaredRows(file);
    } catch {
      throw new TaskFailure(UNREADABLE);
    }
    // The header is one of the declared rows. A count outside (1, limit], or none (a prefixed tag),
    // is settled by a counting read, which also gives the exact refusal of an empty or too long file.
    if (declared > 1 && declared - 1 <= MAX_IMPORT_ROWS) counts.total = declared - 1;
    else ({ header, total: counts.total } = await countRows(file, columns));
    if (!(await recordProgress(conn, runner, task.id, counts, now()))) return;
    const allOrNothing = task.mode === ImportMode.ALL_OR_NOTHING;
    // In a dry run nothing stays written, so rows of the file sharing a unique key are told apart here.
    const seenKeys = new Map<string, number>();
    const key = importer.key;

    /** One pass over the rows; `commit` false rolls every batch back. Answers false when the task was taken from this runner. */
    const pass = async (commit: boolean, collect: (e: RowError) => void): Promise<boolean> => {
      let batch: { number: number; body: Record<string, unknown> }[] = [];
      // Rows refused before the write (their cells), reported with the batch they fall in, in row order.
      let pending: RowError[] = [];
      let pendingRows = 0;
      const flush = async () => {
        const rows = batch;
        const errors = pending;
        counts.done += rows.length + pendingRows;
        counts.failed += pendingRows;
        batch = [];
        pending = [];
        pendingRows = 0;
        let refused = 0;
        const write = async () => {
          const found = await importer.write(rows, task.onDuplicate);
          errors.push(...found);
          refused += found.length;
          if (!commit) throw new DryRun();
        };
        try {
          if (rows.length) await tx(conn, write);
        } catch (e) {
          if (!(e instanceof DryRun)) throw e;
        }
        for (const e of errors.sort((a, b) => a.row - b.row)) collect(e);
        counts.failed += refused;
        if (commit) counts.ok += rows.length - refused;
        return recordProgress(conn, runner, task.id, counts, now());
      };
      const refuse = (found: RowError[]) => {
        pending.push(...found);
        pendingRows += 1;
      };
      let headerSeen = false;
      // Read ahead by a batch: on PostgreSQL the next rows are parsed while a batch's statements run.
      for await (const row of readAhead(rowsOf(file), BATCH)) {
        if (!headerSeen) {
          headerSeen = true;
          header ??= mapHeader(row, columns);
          continue;
        }
        const out = bodyOf(row, header!);
        if ('errors' in out) refuse(out.errors);
        else if (!commit && key && task.onDuplicate === OnDuplicate.REFUSE && key.every((f) => out.body[f] !== undefined)) {
          const k = JSON.stringify(key.map((f) => out.body[f]));
          const first = seenKeys.get(k);
          if (first !== undefined) refuse([{ row: row.number, column: titles.get(key[0]) ?? '', message: `${key.map((f) => titles.get(f)).join('+')}与第${first}行重复` }]);
          else {
            seenKeys.set(k, row.number);
            batch.push({ number: row.number, body: out.body });
          }
        } else batch.push({ number: row.number, body: out.body });
        if (batch.length + pendingRows >= BATCH && !(await flush())) return false;
      }
      if (!header) throw new TaskFailure('文件中没有数据');
      if (counts.done + batch.length + pendingRows === 0) throw new TaskFailure('文件中没有数据行');
      const ok = batch.length + pendingRows === 0 || (await flush());
      // The declared count is an upper bound (rows of blanks are skipped): the rows read are the file's.
      counts.total = counts.done;
      return ok;
    };

    if (!allOrNothing) {
      if (!(await pass(true, reportRow))) return;
      return end(counts.failed === 0 ? ImportStatus.DONE : counts.ok === 0 ? ImportStatus.FAILED : ImportStatus.PARTIAL,
        counts.ok === 0 ? `${counts.failed}行数据有误，没有导入任何数据` : undefined);
    }
    if (!(await pass(false, reportRow))) return;
    if (counts.failed > 0) {
      counts.ok = 0;
      return end(ImportStatus.FAILED, `${counts.failed}行数据有误，按“全部成功才导入”没有导入任何数据`);
    }
    // A clean file: written whole in one transaction. A row refused now (a record added meanwhile) undoes all of it.
    counts.done = 0;
    let late: RowError | undefined;
    try {
      await tx(conn, async () => {
        const ok = await pass(true, (e) => { late ??= e; });
        if (late) throw new DryRun();
        if (!ok) throw new DryRun();
      });
    } catch (e) {
      if (!(e instanceof DryRun)) throw e;
      if (!late) return;
      reportRow(late);
      counts.ok = 0;
      return end(ImportStatus.FAILED, `第${late.row}行：${late.message}，没有导入任何数据`);
    }
    return end(ImportStatus.DONE);
  } catch (e) {
    const reason = e instanceof TaskFailure || e instanceof ApiError ? e.message : '导入失败，请稍后重试';
    if (!(e instanceof TaskFailure) && !(e instanceof ApiError)) console.error('import:', e);
    await end(ImportStatus.FAILED, reason).catch(() => undefined);
  }
}
