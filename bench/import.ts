// `npm run bench -- import [--rows N] [--pg]`
// An import of N vehicle rows (default 100,000, and 20,000 first for comparison) from .xlsx through
// the real server: a child process (bench/serve-bench.ts, bundled and started with the environment
// `npm start` gives it), a fresh one per size, on a freshly seeded demo database, receives
// POST /api/importCenter/create (仅导入正确的行, duplicates refused) as admin, and the bench polls
// /api/importCenter/list until the task ends. Printed per size: wall time (the upload, then the task
// from its creation to its end by the server's clock), rows per second against the 5,000 rows/s
// target, and the server's resident memory (idle, the peak while the first half of the rows was
// written and while the second half was, VmHWM) against the 300 MB target, so that memory staying
// flat as the file grows shows side by side; and the CPU seconds the server used, since on a shared
// machine the wall time depends on the other jobs' load.
// --pg: the same on a throwaway PostgreSQL (bench/pg-bench.ts), seeded with the demo data.
// --cpu-prof: the server child writes a V8 CPU profile to .bench/import/ when it exits (open it in
// Chrome's DevTools), to see where an import's time goes.
import ExcelJS from 'exceljs';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { arch, cpus, loadavg, platform } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, seedDemo } from '../scripts/seed-demo.ts';
import { openDatabase } from '../server/db/connection.ts';
import { buildServer } from '../scripts/build-server.mjs';
import { startBenchPg, type BenchPg } from './pg-bench.ts';
import { BenchError, ratio, table } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, '.bench', 'import');
const TARGET_ROWS_PER_S = 5_000;
const TARGET_MB = 300;
const SAMPLE_MS = 100;
const MB = 2 ** 20;
/** The environment `npm start` gives the server (scripts/start.mjs). */
const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** CPU seconds the process has used (user + system): on a shared machine, what the import itself cost. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Plates no demo vehicle has: 浙Y / 浙Z and 5 letters or digits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
function plate(prefix: string, i: number): string {
  let s = '';
  for (let k = 0, n = i; k < 5; k++, n = Math.floor(n / ALPHABET.length)) s = ALPHABET[n % ALPHABET.length] + s;
  return `${prefix}${s}`;
}

/** The file, written streaming (the bench itself stays small too). */
async function vehicleFile(file: string, rows: number, prefix: string, carrier: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('导入数据');
  ws.addRow(['*车牌号', '*承运商', '状态', '载重(吨)', '容积(立方米)', '冷机', '备注']).commit();
  for (let i = 0; i < rows; i++) ws.addRow([plate(prefix, i), carrier, i % 5 ? '启用' : '停用', (i % 40) + 0.5, 30, i % 3 ? '否' : '是', `批量导入 ${i}`]).commit();
  ws.commit();
  await wb.commit();
}

async function call(base: string, path: string, token: string | undefined, body: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; message: string; result: any };
  if (json.code !== 1) throw new BenchError(`${path} answered code ${json.code}: ${json.message}`);
  return json.result;
}

interface Run { rows: number; seconds: number; cpu: number; rowsOk: number; idle: number; firstHalf: number; secondHalf: number; hwm: number; fileMb: number }

const POLL_MS = 250;

async function importOnce(base: string, token: string, pid: number, rows: number, prefix: string, carrier: string): Promise<Run> {
  const file = join(DIR, `vehicles-${rows}.xlsx`);
  await vehicleFile(file, rows, prefix, carrier);
  const fileMb = statSync(file).size / MB;
  const form = new FormData();
  form.append('file', new File([readFileSync(file)], `vehicles-${rows}.xlsx`));
  const idle = memoryOf(pid).rss;
  const cpuBefore = cpuOf(pid);
  const started = performance.now();
  const res = await fetch(`${base}/importCenter/create?resourceId=vehicle&mode=2&onDuplicate=2`, { method: 'POST', headers: { token }, body: form });
  const created = (await res.json()) as { code: number; message: string; result: { id: number } };
  if (created.code !== 1) throw new BenchError(`create answered ${created.code}: ${created.message}`);
  const uploadSeconds = (performance.now() - started) / 1000;
  // The peak RSS while the first half of the rows was written, and while the second was: equal
  // when memory stays flat as the import goes on.
  const peaks = [idle, idle];
  let half = 0;
  let lastPoll = started;
  let lastLog = started;
  for (;;) {
    await sleep(SAMPLE_MS);
    peaks[half] = Math.max(peaks[half], memoryOf(pid).rss);
    if (performance.now() - lastPoll < POLL_MS) continue;
    lastPoll = performance.now();
    const task = (await call(base, '/importCenter/list', token, { pageSize: 5 })).data.find((t: any) => t.id === created.result.id);
    if (task.rowsDone * 2 >= rows) half = 1;
    if (performance.now() - lastLog >= 2_000) {
      lastLog = performance.now();
      console.log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  ${task.statusName}  ${task.rowsDone}/${task.rowsTotal} rows  RSS ${mb(memoryOf(pid).rss)} MB`);
    }
    if (task.status === 3) continue;
    if (task.rowsOk !== rows) throw new BenchError(`the import ended ${task.statusName} with ${task.rowsOk} of ${rows} rows: ${task.failReason ?? ''}`);
    // The upload as the bench timed it, then the task from its creation to its end by the server's clock.
    const seconds = uploadSeconds + (task.finishedAt - task.createdAt) / 1000;
    return { rows, seconds, cpu: cpuOf(pid) - cpuBefore, rowsOk: task.rowsOk, idle, firstHalf: peaks[0], secondHalf: peaks[1], hwm: memoryOf(pid).hwm, fileMb };
  }
}

interface Server { child: ChildProcess; base: string; token: string }

/** A fresh server process on the database, as `npm start` runs it (bundled, no TypeScript loader), signed in as admin. */
async function startServer(bundle: string, target: string, profile: string[]): Promise<Server> {
  const child = spawn(process.execPath, [...profile, bundle, target, '0'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...SERVER_ENV } });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port?: number }) => resolve(Number(m.port)));
    child.once('exit', (code) => reject(new BenchError(`the server child exited early (code ${code})`)));
  });
  const base = `http://127.0.0.1:${port}/api`;
  const { token } = await call(base, '/login', undefined, { userName: 'admin', password: DEMO_PASSWORD });
  return { child, base, token };
}

async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  // Waited for, so that a profile is written before the database it ran on is removed.
  await exited;
}

export async function main(args: string[]) {
  const onPg = args.includes('--pg');
  const at = args.indexOf('--rows');
  const big = at >= 0 ? Number(args[at + 1]) : 100_000;
  if (!Number.isInteger(big) || big < 1) throw new BenchError('--rows takes a positive integer');
  const sizes = big > 20_000 ? [20_000, big] : [big];
  console.log(`== import: ${sizes.map((n) => n.toLocaleString('en')).join(' then ')} vehicle rows from .xlsx by the real server process, on ${onPg ? 'PostgreSQL' : 'SQLite'} ==`);
  const cpu = cpus();
  console.log(`node ${process.version} on ${platform()}/${arch()}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? '?'}), load average ${loadavg()[0].toFixed(1)}`);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  let pgBench: BenchPg | undefined;
  let target: string;
  if (onPg) {
    pgBench = await startBenchPg();
    await seedDemo(pgBench.db, Date.now());
    target = pgBench.url;
  } else {
    target = join(DIR, 'import.db');
    const db = openDatabase(target);
    await seedDemo(db, Date.now(), { filesDir: null });
    await db.close();
  }
  let child: ChildProcess | undefined;
  try {
    const profile = args.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${DIR}`] : [];
    const bundle = await buildServer(join(ROOT, 'bench', 'serve-bench.ts'), join(ROOT, '.build', 'serve-bench.mjs'));
    const runs: Run[] = [];
    // Each size on a server of its own, so that no size starts from what an earlier one left in memory.
    for (const [k, n] of sizes.entries()) {
      const server = await startServer(bundle, target, profile);
      child = server.child;
      const carrier = (await call(server.base, '/res/carrier/list', server.token, { pageSize: 1 })).data[0].carrierName as string;
      runs.push(await importOnce(server.base, server.token, child.pid!, n, k ? '浙Z' : '浙Y', carrier));
      await stopServer(child);
    }
    console.log(table([
      ['rows', 'file', 'time', 'server CPU', 'rows/CPU-s', 'rows/s', `vs ${TARGET_ROWS_PER_S.toLocaleString('en')} rows/s`, 'RSS idle', 'peak 1st half', 'peak 2nd half', 'VmHWM', `vs ${TARGET_MB} MB`],
      ...runs.map((r) => {
        const rate = r.rowsOk / r.seconds;
        return [r.rows.toLocaleString('en'), `${r.fileMb.toFixed(1)} MB`, `${r.seconds.toFixed(1)} s`, `${r.cpu.toFixed(1)} s`, Math.round(r.rowsOk / r.cpu).toLocaleString('en'), Math.round(rate).toLocaleString('en'),
          `${ratio(rate, TARGET_ROWS_PER_S).toFixed(2)}x ${rate >= TARGET_ROWS_PER_S ? 'WITHIN TARGET' : 'BELOW TARGET'}`,
          `${mb(r.idle)} MB`, `${mb(r.firstHalf)} MB`, `${mb(r.secondHalf)} MB`, `${mb(r.hwm)} MB`, `${r.hwm / MB <= TARGET_MB ? 'WITHIN TARGET' : 'ABOVE TARGET'}`];
      }),
    ]));
    if (runs.length > 1) {
      const [small, large] = runs;
      console.log(`memory as the file grows: VmHWM ${mb(small.hwm)} MB at ${small.rows.toLocaleString('en')} rows, ${mb(large.hwm)} MB at ${large.rows.toLocaleString('en')} rows (${ratio(large.hwm, small.hwm).toFixed(2)}x for ${(large.rows / small.rows).toFixed(0)}x the rows)`);
    }
  } finally {
    await stopServer(child);
    await pgBench?.stop();
  }
}
