// `npm run bench -- export [--rebuild] [--db FILE] [--pg]`
// An export of the whole waybill list of corporation 1 (1,000,000+ waybills, the database of
// bench/waybill-list.ts, cached under .bench/) through the real server: a child process
// (bench/serve-bench.ts, @hono/node-server) receives POST /api/exportCenter/create as the
// dispatcher, and the bench polls /api/exportCenter/list until the task is generated. Printed:
// wall time, rows per second, the file's size, and the server process's resident memory (idle,
// sampled peak and the kernel's high-water mark VmHWM) against the 300 MB target. For scale, the
// same rows read straight from the database in this process (no server, no labels, no xlsx) is the floor.
// --db FILE: another database of the same kind (`npm run seed -- --db FILE --waybills N`), e.g. 100,000 and
// 300,000 waybills to see how the time grows with the rows.
// --pg: the same on a throwaway PostgreSQL holding a copy of that file (bench/pg-copy.ts); the server
// child runs on it, and the floor reads the rows on `pg` through a cursor, 10,000 rows per FETCH.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { exportFileOf } from '../server/exports/tasks.ts';
import { BENCH_DIR, openWaybillBenchDb, type WaybillBenchDb } from './bench-db.ts';
import { startBenchPg, type BenchPg } from './pg-bench.ts';
import { copySqliteToPg } from './pg-copy.ts';
import { BenchError, ratio, table } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const PAGE_ID = 'transport/waybill-list';
const TARGET_MB = 300;
const SAMPLE_MS = 100;
const TIMEOUT_MS = 60 * 60_000;
const MB = 2 ** 20;
/** The floor's read: what the export's list holds, in the list's default order. */
const FLOOR_SQL = 'SELECT * FROM waybills WHERE corp_id = 1 AND is_deleted = 0 ORDER BY updated_at DESC, id DESC';
const FETCH_ROWS = 10_000;

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** VmRSS and VmHWM (peak) of a process, in bytes, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * One POST on a fresh connection: with keep-alive, a request sent as the server drops an idle
 * socket fails with ECONNRESET, and the create request cannot simply be sent again.
 */
function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<any> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (e) {
          reject(e);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}

interface Task { id: number; status: number; statusName: string; rowsDone: number; rowsTotal: number; failReason: string | null; attempts: number }

/**
 * The floor on PostgreSQL: the same rows read in this process on a `pg` client, through a cursor in a
 * read-only transaction, FETCH_ROWS at a time, so that no more than one batch of rows is held at once.
 */
async function pgFloorRows(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  let rows = 0;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`DECLARE floor_rows NO SCROLL CURSOR FOR ${FLOOR_SQL}`);
    for (;;) {
      const got = (await client.query(`FETCH ${FETCH_ROWS} FROM floor_rows`)).rows.length;
      rows += got;
      if (got < FETCH_ROWS) break;
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  return rows;
}

export async function main(args: string[]) {
  const dbAt = args.indexOf('--db');
  const file = dbAt >= 0 ? args[dbAt + 1] : undefined;
  if (dbAt >= 0 && !file) throw new BenchError('--db needs a file');
  const unknown = args.filter((a, i) => a !== '--rebuild' && a !== '--pg' && i !== dbAt && i !== dbAt + 1);
  if (unknown.length) throw new BenchError(`unknown option(s): ${unknown.join(' ')} (known: --rebuild, --db FILE, --pg)`);
  if (platform() !== 'linux') throw new BenchError('this bench reads the server\'s memory from /proc: Linux only');
  const onPg = args.includes('--pg');
  console.log(`== export: the waybill list of ${file ? file : '1,000,000 waybills'} exported to .xlsx by the real server process, on ${onPg ? 'PostgreSQL' : 'SQLite'} ==`);
  const cpu = cpus();
  console.log(`node ${process.version} on ${platform()}/${arch()}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${loadavg()[0].toFixed(1)}`);

  const t0 = performance.now();
  const bench = await openWaybillBenchDb({ rebuild: args.includes('--rebuild'), file, minWaybills: file ? 1 : undefined });
  console.log(`database ${bench.file}: ${bench.built ? `built in ${((performance.now() - t0) / 1000).toFixed(1)} s` : 'reused (pass --rebuild to build again)'}; waybills of corporation 1: ${bench.corp1Waybills.toLocaleString('en')}`);
  let pgBench: BenchPg | undefined;
  try {
    if (onPg) {
      pgBench = await startBenchPg();
      console.log(`  copying ${bench.file} into it (same rows; bench/pg-copy.ts)`);
      await copySqliteToPg(bench.db, pgBench);
    }
    await exportAndFloor(bench, pgBench);
  } finally {
    if (bench.db.$client.open) bench.db.$client.close();
    await pgBench?.stop();
  }
}

async function exportAndFloor(bench: WaybillBenchDb, pgBench: BenchPg | undefined) {
  // The floor: the same table read row by row in this process, no server, no labels, no xlsx.
  const floorLabel = pgBench ? `floor: raw PostgreSQL read (cursor, FETCH ${FETCH_ROWS.toLocaleString('en')})` : 'floor: raw SQLite read';
  const rawStart = performance.now();
  let rawRows = 0;
  if (pgBench) rawRows = await pgFloorRows(pgBench.raw);
  else for (const _ of bench.db.$client.prepare(FLOOR_SQL).iterate()) rawRows++;
  const rawMs = performance.now() - rawStart;
  bench.db.$client.close();

  let child: ChildProcess | undefined;
  const kill = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);
  const onSigint = () => (kill(), process.exit(130));
  process.once('SIGINT', onSigint);
  let exportFile: string | undefined;
  try {
    // On PostgreSQL the child's files go to .bench/files too (serve-bench.ts), as beside the SQLite file.
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'serve-bench.ts'), pgBench ? pgBench.url : bench.file, '0'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const c = child;
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new BenchError('the server child did not start within 120 s')), 120_000);
      c.once('message', (m: { port?: number }) => (clearTimeout(timer), resolve(Number(m.port))));
      c.once('exit', (code, signal) => (clearTimeout(timer), reject(new BenchError(`the server child exited early (code ${code}, signal ${signal})`))));
      c.once('error', (err) => (clearTimeout(timer), reject(err)));
    });
    const base = `http://127.0.0.1:${port}/api`;
    const login = (await postJson(`${base}/login`, {}, { userName: 'dispatcher', password: DEMO_PASSWORD })) as { code: number; message: string; result: { token: string } };
    if (login.code !== 1) throw new BenchError(`login as dispatcher failed: ${login.message}`);
    const headers = { token: login.result.token };
    const post = async <T>(path: string, body: unknown) => {
      const r = (await postJson(`${base}${path}`, headers, body)) as { code: number; message: string; result: T };
      if (r.code !== 1) throw new BenchError(`${path} answered code ${r.code}: ${r.message}`);
      return r.result;
    };
    // One list request first, so the idle figure includes a warmed-up list route.
    const listed = await post<{ totalRecords: number }>('/waybill/pageQueryByCondition', { curPage: 1, pageSize: 20 });
    await sleep(500);
    const idle = memoryOf(c.pid!);
    console.log(`server child pid ${c.pid} on port ${port}; the list answers totalRecords ${listed.totalRecords.toLocaleString('en')}; idle RSS ${mb(idle.rss)} MB`);

    const started = performance.now();
    const created = await post<{ id: number; fileName: string }>(`/exportCenter/create?pageId=${encodeURIComponent(PAGE_ID)}`, {});
    let peakRss = idle.rss;
    let task: Task | undefined;
    let lastLog = started;
    for (;;) {
      await sleep(SAMPLE_MS);
      peakRss = Math.max(peakRss, memoryOf(c.pid!).rss);
      if (performance.now() - lastLog < 2_000) continue;
      lastLog = performance.now();
      task = (await post<{ data: Task[] }>('/exportCenter/list', { curPage: 1, pageSize: 20 })).data.find((t) => t.id === created.id);
      if (!task) throw new BenchError(`task ${created.id} is not in the export centre`);
      console.log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  ${task.statusName}  ${task.rowsDone.toLocaleString('en')}/${task.rowsTotal.toLocaleString('en')} rows  RSS ${mb(memoryOf(c.pid!).rss)} MB`);
      if (task.status !== 3) break;
      if (performance.now() - started > TIMEOUT_MS) throw new BenchError('the export did not finish within an hour');
    }
    const wallMs = performance.now() - started;
    const end = memoryOf(c.pid!);
    // The runner names the file after the task and its attempt (server/exports/tasks.ts exportFileOf).
    exportFile = join(BENCH_DIR, 'files', 'exports', exportFileOf(task));
    if (task.status !== 1) throw new BenchError(`the export ended ${task.statusName}: ${task.failReason}`);
    const size = statSync(exportFile).size;
    const peak = Math.max(peakRss, end.hwm);

    console.log(`\n-- ${created.fileName}: ${task.rowsDone.toLocaleString('en')} rows, ${mb(size)} MB, on ${pgBench ? pgBench.version : 'SQLite'} --`);
    console.log(table([
      ['', 'export (server child)', floorLabel, 'ratio'],
      ['time', `${(wallMs / 1000).toFixed(1)} s`, `${(rawMs / 1000).toFixed(1)} s (${rawRows.toLocaleString('en')} rows)`, `${ratio(wallMs, rawMs).toFixed(1)}x`],
      ['rows per second', Math.round(task.rowsDone / (wallMs / 1000)).toLocaleString('en'), Math.round(rawRows / (rawMs / 1000)).toLocaleString('en'), ''],
    ]));
    console.log(table([
      ['server memory', 'MB', `vs target ${TARGET_MB} MB`],
      ['RSS idle (before)', mb(idle.rss), ''],
      [`RSS peak (sampled every ${SAMPLE_MS} ms)`, mb(peakRss), ''],
      ['VmHWM (kernel high-water mark, whole life)', mb(end.hwm), ''],
      ['peak', mb(peak), `${ratio(peak / MB, TARGET_MB).toFixed(2)}x ${peak / MB <= TARGET_MB ? 'WITHIN TARGET' : 'ABOVE TARGET'}`],
    ]));
    if (pgBench) console.log('  (the server child\'s memory only; PostgreSQL\'s own processes are not counted)');
    if (task.rowsDone < bench.corp1Waybills) throw new BenchError(`the file holds ${task.rowsDone} rows, the list ${bench.corp1Waybills}`);
    if (rawRows !== bench.corp1Waybills) throw new BenchError(`the floor read ${rawRows} rows, the list holds ${bench.corp1Waybills}`);
  } finally {
    await stopChild(child);
    process.off('exit', kill);
    process.off('SIGINT', onSigint);
    // The file is hundreds of MB: not kept.
    if (exportFile) rmSync(exportFile, { force: true });
  }
}

/** SIGTERM, then waits (10 s at most) until the child is gone: on PostgreSQL the cluster is stopped next. */
async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([gone, sleep(10_000)]);
}
