// npm run bench -- gateway [--terminals N] [--steady S]: the JT/T 808 gateway over loopback. N
// simulated terminals (default 10,000; bench/gateway-clients.ts, a child process) register,
// authenticate and stay connected; each reports a point every 10 s for S seconds (default 60); then
// every terminal re-uploads 100 blind-area points in one 0x0704 (sub-packaged). The gateway runs
// here, on a fresh SQLite database (.bench/gateway.db: the demo's base data and N vehicles), storing
// through checkPoints and the gateway's ingestion queue (group commit) like any terminal's points.
// Printed beside the targets: connections held, points/s steady and burst, p50/p99 from a
// frame's arrival to its answer (queue and flush included) and to its point reaching the live hub,
// and the points stored (read back from the store) vs acknowledged.
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { openDatabase } from '../server/db/connection.ts';
import { seedDemo } from '../scripts/seed-demo.ts';
import { Jt808Gateway } from '../server/gateway/jt808/gateway.ts';
import { MsgId } from '../server/gateway/jt808/messages.ts';
import { IngestQueue, type FlushTiming } from '../server/tracking/ingest-queue.ts';
import { subscribeLive } from '../server/tracking/live-hub.ts';
import { BENCH_DIR } from './bench-db.ts';
import { phoneOf } from './gateway-phones.ts';
import { BenchError, ms, percentile, table } from './stats.ts';

const FILE = join(BENCH_DIR, 'gateway.db');
const INTERVAL_S = 10;
const BURST_POINTS = 100;
const TARGET = { connections: 10_000, burstPps: 20_000, answerP99: 50 };

type Reply = Record<string, any>;

export async function main(args: string[]) {
  const opt = (name: string, def: number) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : def; };
  const n = opt('--terminals', 10_000);
  const steadyS = opt('--steady', 60);
  if (!(n > 0) || !(steadyS > 0)) throw new BenchError('usage: npm run bench -- gateway [--terminals N] [--steady seconds]');
  console.log(`== gateway: ${n} JT/T 808 terminals over loopback, a point each every ${INTERVAL_S} s for ${steadyS} s, then ${BURST_POINTS} blind-area points each (0x0704), on SQLite ==`);
  console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  for (const f of [FILE, `${FILE}-wal`, `${FILE}-shm`]) rmSync(f, { force: true });
  const db = openDatabase(FILE);
  const now = Date.now();
  await seedDemo(db, now, { filesDir: null });
  const phones = Array.from({ length: n }, (_, i) => phoneOf(i));
  const firstId = ((await db.one<{ m: number }>('SELECT coalesce(max(id), 0) AS m FROM vehicles'))!.m) + 1;
  await db.transaction(async () => {
    for (let from = 0; from < n; from += 500) {
      const rows = phones.slice(from, from + 500);
      await db.run(`INSERT INTO vehicles (corp_id, vehicle_no, dataterminal_id, gather_temperature, temperaturectrl, created_at, updated_at) VALUES ${rows.map(() => '(1, ?, ?, 1, 1, ?, ?)').join(', ')}`,
        rows.flatMap((p, j) => [`测${String(from + j).padStart(5, '0')}`, p, now, now]));
    }
  });

  // Timings: server side, from the moment a frame's last byte came in (performance.now()).
  let phase: 'connect' | 'steady' | 'burst' = 'connect';
  const answers = { steady: [] as number[], burst: [] as number[] };
  const hub = { steady: [] as number[], burst: [] as number[] };
  let burstFirst = Infinity, burstLast = 0;
  const arrivals = new Map<number, number>();
  let malformedLogs = 0;
  // Per stage, steady phase: how long a flush's first batch waited for it, how long the flush took, its size.
  const flushes: FlushTiming[] = [];
  const gateway = new Jt808Gateway({
    conn: db,
    ingestion: new IngestQueue(db, { onFlush: (f) => { if (phase === 'steady') flushes.push(f); } }),
    log: () => { malformedLogs++; },
    observer: {
      answered(msgId, arrived, at, part) {
        if (phase === 'steady' && msgId === MsgId.LOCATION) answers.steady.push(at - arrived);
        if (phase === 'burst' && msgId === MsgId.LOCATION_BATCH && !part) {
          answers.burst.push(at - arrived);
          burstLast = Math.max(burstLast, at);
        }
      },
      ingesting(vehicleId, arrived) {
        arrivals.set(vehicleId, arrived);
        if (phase === 'burst') burstFirst = Math.min(burstFirst, arrived);
      },
    },
  });
  const port = await gateway.listen(0);
  const unsubscribe = subscribeLive(1, (p) => {
    const arrived = arrivals.get(p.vehicleId);
    if (arrived !== undefined && phase !== 'connect') hub[phase].push(performance.now() - arrived);
  });

  const child = fork(join(import.meta.dirname, 'gateway-clients.ts'), [], {
    execArgv: ['--import', 'tsx'], env: { ...process.env, GATEWAY_PORT: String(port), GATEWAY_TERMINALS: String(n) },
  });
  const next = (want: string) => new Promise<Reply>((resolve, reject) => {
    const onMessage = (m: Reply) => { if (m.phase === want) { child.off('message', onMessage); resolve(m); } };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new BenchError(`the terminals' process ended (${code}) before "${want}"`)));
  });
  try {
    await next('ready');
    child.send({ phase: 'connect' });
    const connected = await next('connected');
    const held = gateway.stats.connections;
    console.log(`connected ${connected.connected} terminals in ${connected.seconds.toFixed(1)} s (${connected.failed} failed); the gateway holds ${held}`);

    phase = 'steady';
    const ackBefore = gateway.stats.pointsAcknowledged;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    child.send({ phase: 'steady', seconds: steadyS, interval: INTERVAL_S });
    const steady = await next('steady');
    const steadySeconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    loopDelay.disable();
    const steadyPoints = gateway.stats.pointsAcknowledged - ackBefore;
    console.log(`steady: ${steady.sent} reports sent, ${steady.acked} acknowledged, ${steady.failed} failed in ${steadySeconds.toFixed(1)} s; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    // Where the steady answer's time goes: each process's event loop delay (a frame that comes in while
    // the loop is busy waits that long before it is even read), each one's CPU per report, and the queue.
    const eld = (h: { percentile(p: number): number; max: number }) => `${ms(h.percentile(50) / 1e6)} / ${ms(h.percentile(99) / 1e6)} / ${ms(h.max / 1e6)}`;
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    console.log(table([
      ['steady phase, per stage', 'gateway process', 'terminals process'],
      ['event loop delay p50 / p99 / max (ms)', eld(loopDelay), `${ms(steady.loopP50)} / ${ms(steady.loopP99)} / ${ms(steady.loopMax)}`],
      ['CPU per report (ms; user+system / reports)', ms(serverCpuMs / steady.sent, 3), ms(steady.cpuMs / steady.sent, 3)],
      ['CPU share of one core over the phase', `${(serverCpuMs / 10 / steadySeconds).toFixed(0)}%`, `${(steady.cpuMs / 10 / steadySeconds).toFixed(0)}%`],
      ['flushes; batches per flush p50 / p99 / max', `${flushes.length}; ${percentile(flushes.map((f) => f.batches), 50)} / ${percentile(flushes.map((f) => f.batches), 99)} / ${Math.max(0, ...flushes.map((f) => f.batches))}`, '-'],
      ['flush: first batch queued p50 / p99 (ms)', `${ms(percentile(flushes.map((f) => f.started - f.firstSubmitted), 50))} / ${ms(percentile(flushes.map((f) => f.started - f.firstSubmitted), 99))}`, '-'],
      ['flush: storing to settled p50 / p99 / max (ms)', `${ms(percentile(flushes.map((f) => f.settled - f.started), 50))} / ${ms(percentile(flushes.map((f) => f.settled - f.started), 99))} / ${ms(Math.max(0, ...flushes.map((f) => f.settled - f.started)))}`, '-'],
    ]));

    phase = 'burst';
    const burstAckBefore = gateway.stats.pointsAcknowledged;
    child.send({ phase: 'burst', points: BURST_POINTS, before: Math.floor((now - 3 * 3600_000) / 1000) * 1000 });
    const burst = await next('burst');
    const burstPoints = gateway.stats.pointsAcknowledged - burstAckBefore;
    const burstSeconds = (burstLast - burstFirst) / 1000;
    console.log(`burst: ${burst.acked} points acknowledged, ${burst.failed} failed; ${burstSeconds.toFixed(1)} s from the first 0x0704 in to the last answer out (${burst.seconds.toFixed(1)} s for the terminals, encoding included)`);
    const heldAfter = gateway.stats.connections;

    const stored = (await db.one<{ n: number }>('SELECT coalesce(sum(count), 0) AS n FROM track_chunks WHERE vehicle_id >= ?', [firstId]))!.n;
    const acknowledged = gateway.stats.pointsAcknowledged;
    console.log();
    console.log(table([
      ['measure', 'result', 'target'],
      ['connections held (after connect / after burst)', `${held} / ${heldAfter}`, `${TARGET.connections}`],
      ['points/s steady (offered: terminals / 10 s)', Math.round(steadyPoints / steadySeconds), `${Math.round(n / INTERVAL_S)} offered`],
      ['points/s burst (0x0704, 100 each)', Math.round(burstPoints / burstSeconds), `>= ${TARGET.burstPps}`],
      ['arrival → answer p50 / p99 steady (ms)', `${ms(percentile(answers.steady, 50))} / ${ms(percentile(answers.steady, 99))}`, `p99 < ${TARGET.answerP99}`],
      ['terminal send → answer p50 / p99 steady (ms, client side)', `${ms(steady.rttP50)} / ${ms(steady.rttP99)}`, '-'],
      ['arrival → live hub p50 / p99 steady (ms)', `${ms(percentile(hub.steady, 50))} / ${ms(percentile(hub.steady, 99))}`, '-'],
      ['arrival → answer p50 / p99 burst, whole 0x0704 (ms)', `${ms(percentile(answers.burst, 50))} / ${ms(percentile(answers.burst, 99))}`, '-'],
      ['arrival → live hub p50 / p99 burst (ms)', `${ms(percentile(hub.burst, 50))} / ${ms(percentile(hub.burst, 99))}`, '-'],
      ['points stored (read from the store) / acknowledged', `${stored} / ${acknowledged}`, 'equal'],
      ['malformed frames / refused / ingest refusals', `${gateway.stats.malformed} / ${gateway.stats.refused} / ${gateway.stats.pointsRefused}`, '0 / 0 / 0'],
    ]));
    if (stored !== acknowledged) console.log(`\n!! ${acknowledged - stored} acknowledged points are not in the store`);
  } finally {
    child.send({ phase: 'exit' });
    unsubscribe();
    await gateway.close();
    await db.close();
  }
}
