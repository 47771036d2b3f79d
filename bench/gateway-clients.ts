// The terminals' side of `npm run bench -- gateway`, in a process of its own (one process could not
// hold both ends of 10,000 connections within the file-descriptor limit, and the gateway must not
// share its CPU time with the terminals' encoding). Driven by the bench over IPC: connect (register +
// authenticate every terminal), steady (each reports every 10 s), burst (each re-uploads 100
// blind-area points in one 0x0704), then exit. Terminals use server/gateway/jt808/terminal-client.ts.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SimTerminal } from '../server/gateway/jt808/terminal-client.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';
import { phoneOf } from './gateway-phones.ts';
import { percentile } from './stats.ts';

const port = Number(process.env.GATEWAY_PORT);
const phones = Array.from({ length: Number(process.env.GATEWAY_TERMINALS) }, (_, i) => phoneOf(i));
const terminals: SimTerminal[] = [];
const send = (m: unknown) => process.send!(m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pointOf = (i: number, t: number, k: number): TrackPoint => ({
  lon: 113 + (i % 100) / 100 + k * 0.0005, lat: 34 + Math.floor(i / 100) / 200, gpsTime: t, speed: 50 + (k % 20), direction: 90,
  odometer: 1000 + k * 0.1, status: 0, t1: 4 + (k % 10) / 10,
});

async function connectAll() {
  const t0 = performance.now();
  let failed = 0;
  // 500 at a time: the listen backlog and the loopback's SYN queue take bursts, not 10,000 at once.
  for (let from = 0; from < phones.length; from += 500) {
    await Promise.all(phones.slice(from, from + 500).map(async (phone, j) => {
      try {
        const t = await SimTerminal.connect(port, { phone, version: 2013, terminalId: '' });
        if ((await t.register()).result !== 0 || (await t.authenticate()).result !== 0) throw new Error('refused');
        terminals[from + j] = t;
      } catch {
        failed++;
      }
    }));
  }
  send({ phase: 'connected', connected: terminals.filter(Boolean).length, failed, seconds: (performance.now() - t0) / 1000 });
}

async function steady(seconds: number, intervalS: number) {
  let sent = 0, acked = 0, failed = 0;
  // Round trips as the terminals see them: the time a frame waits in the gateway's socket buffer
  // while its event loop is busy is in these, not in the gateway's own arrival→answer.
  const rtt: number[] = [];
  // This process's own lag is in those round trips too: a starved terminals' process inflates them.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu0 = process.cpuUsage();
  const end = Date.now() + seconds * 1000;
  const n = terminals.length;
  await Promise.all(terminals.map(async (t, i) => {
    if (!t) return;
    await sleep((i / n) * intervalS * 1000);
    for (let k = 0; Date.now() < end; k++) {
      const at = Date.now();
      sent++;
      const t0 = performance.now();
      try { if ((await t.report(pointOf(i, Math.floor(at / 1000) * 1000, k))).result === 0) acked++; else failed++; } catch { failed++; }
      rtt.push(performance.now() - t0);
      const wait = Math.max(0, at + intervalS * 1000 - Date.now());
      if (Date.now() + wait >= end) break;
      await sleep(wait);
    }
  }));
  loopDelay.disable();
  const cpu = process.cpuUsage(cpu0);
  send({
    phase: 'steady', sent, acked, failed, rttP50: percentile(rtt, 50), rttP99: percentile(rtt, 99), cpuMs: (cpu.user + cpu.system) / 1000,
    loopP50: loopDelay.percentile(50) / 1e6, loopP99: loopDelay.percentile(99) / 1e6, loopMax: loopDelay.max / 1e6,
  });
}

async function burst(points: number, before: number) {
  let acked = 0, failed = 0;
  const t0 = performance.now();
  await Promise.all(terminals.map(async (t, i) => {
    if (!t) return;
    const batch = Array.from({ length: points }, (_, k) => pointOf(i, before + k * 10_000, k));
    try { if ((await t.batch(batch, 1)).result === 0) acked += points; else failed += points; } catch { failed += points; }
  }));
  send({ phase: 'burst', acked, failed, seconds: (performance.now() - t0) / 1000 });
}

process.on('message', (m: { phase: string; seconds?: number; interval?: number; points?: number; before?: number }) => {
  if (m.phase === 'connect') void connectAll();
  else if (m.phase === 'steady') void steady(m.seconds!, m.interval!);
  else if (m.phase === 'burst') void burst(m.points!, m.before!);
  else if (m.phase === 'exit') {
    for (const t of terminals) t?.destroy();
    process.exit(0);
  }
});
send({ phase: 'ready' });
