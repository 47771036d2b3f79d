// Entry of `npm run bench -- <name> [options]`: runs one named benchmark.
import { BenchError } from './stats.ts';

type Bench = { summary: string; run: (args: string[]) => Promise<void> };

const BENCHES: Record<string, Bench> = {
  'list-api': {
    summary: 'POST /api/res/vehicle/list over 1,000,000 vehicles: engine (app.request) vs the same SQL on the driver vs that SQL + a bare Hono route (floor; target engine <= 1.3x floor), then a 10 s loopback load (options: --rebuild, --days N: the first N days only, to profile)\n' +
      '               --pg: the same on a throwaway PostgreSQL holding a copy of .bench/list-api.db, raw on `pg` (--pg --generate: built by the generators instead, slow)',
    run: async (args) => (await import('./list-api.ts')).main(args),
  },
  'waybill-list': {
    summary: 'waybill/pageQueryByCondition and getWaybillNumberByCondition over 1,000,000 waybills: app.request vs the same SQL on the driver vs SQL + bare Hono (floor); engine <= 1.3x floor, tab counts < 50 ms p50 (options: --rebuild, --db FILE)\n' +
      '               --pg: the same on a throwaway PostgreSQL holding a copy of .bench/waybill-list.db, raw on `pg` (--pg --generate: built by the generators instead, slow)',
    run: async (args) => (await import('./waybill-list.ts')).main(args),
  },
  tracking: {
    summary: 'a van with 1,000,000 points among 500 fences: store read + stops + visits + doors + cold machine + alarm marks vs one row per point and @turf; then an 8000-point getTrackList page (p50/p99 vs 10 ms) and its bytes on the wire: plain, gzip, brotli (options: --page: that page only)\n' +
      '               --pg: the same data seeded into a throwaway PostgreSQL through the port, the plain table there too (written and read on `pg`)',
    run: async (args) => (await import('./tracking.ts')).main(args),
  },
  report: {
    summary: 'report/carrier-monthly over 1,000,000 waybills: POST /api/report/carrier-monthly/query vs the same compiled SQL on better-sqlite3 (options: --rebuild, --days N: the first N days only, to profile)\n' +
      '               --pg: the same on a throwaway PostgreSQL holding a copy of .bench/waybill-list.db, raw on `pg`, the detail query under a 20 s statement_timeout',
    run: async (args) => (await import('./report.ts')).main(args),
  },
  export: {
    summary: 'an export of the 1,000,000-waybill list to .xlsx by the real server process (child): time vs a raw read of the same rows (floor), and peak RSS vs 300 MB (options: --rebuild, --days N: the first N days only, to profile)\n' +
      '               --pg: the server child on a throwaway PostgreSQL holding a copy of .bench/waybill-list.db, the floor read on `pg` through a cursor',
    run: async (args) => (await import('./export.ts')).main(args),
  },
  import: {
    summary: 'an import of 20,000 then 100,000 vehicle rows from .xlsx by the real server process (child): rows/s vs 5,000 and peak RSS vs 300 MB, side by side (options: --rows N)\n' +
      '               --pg: the same on a throwaway PostgreSQL seeded with the demo data',
    run: async (args) => (await import('./import.ts')).main(args),
  },
  settlement: {
    summary: 'a month of 1,000,000 completed waybills priced against 200 contracts with 5,000 rate rules (bill/priceWaybills) and billed to every carrier (bill/createBills): seconds and waybills/s vs 60 s, the bills\' totals vs one SQL aggregation (equal to the fen, and the time ratio), a re-priced sample, a ~10,000-line bill\'s detail p50 vs 100 ms (options: --rebuild, --days N: the first N days only, to profile)\n' +
      '               --pg: the same on a throwaway PostgreSQL holding a copy of .bench/settlement.db',
    run: async (args) => (await import('./settlement.ts')).main(args),
  },
  load: {
    summary: 'the real server (scripts/serve.ts) under autocannon, 64 connections x 10 s, the waybill list as dispatcher: SQLite 1 instance, PostgreSQL 1 instance, PostgreSQL 2 instances; requests/s, p99, errors (no options)',
    run: async (args) => (await import('./load.ts')).main(args),
  },
  console: {
    summary: 'generic list page vs hand-written TanStack page in Chromium (1000x30: first render, scroll), then first-screen JS after login (options: --render, --bundle)',
    run: async (args) => (await import('./console/index.ts')).main(args),
  },
  login: {
    summary: 'a cheap API call while 16 bad logins run: p50/p95 idle, with async scrypt (now) and with scryptSync on the event loop (before)',
    run: async () => (await import('./login.ts')).main(),
  },
  gateway: {
    summary: 'the JT/T 808 gateway over loopback: 10,000 terminals (a child process) connected, a point each every 10 s, then 100 blind-area points each (0x0704); connections held, points/s steady and burst (vs 20,000), arrival→answer and arrival→live hub p50/p99 (answer p99 vs 50 ms), points stored vs acknowledged (options: --terminals N, --steady S)',
    run: async (args) => (await import('./gateway.ts')).main(args),
  },
  rules: {
    summary: 'the rule engine: 500 rules (temperature, delegate) over 1,000,000 events and 10,000,000 temperature readings, events/s and readings/s beside a hand-written loop applying the same rules (target <= 1.5x); same choices checked; then the 30-day preview of every type over the million-waybill database vs 5 s (options: --engine, --previews: one half alone)',
    run: async (args) => (await import('./rules.ts')).main(args),
  },
  'fleet-map': {
    summary: '物流地图 in Chromium with 10,000 vehicles while 1,000 positions/s arrive through the live stream (SSE): frame p50/p95/p99 vs 16.7 ms at rest, country view and city zoom; page work and main-thread time per update batch (no options)',
    run: async (args) => (await import('./fleet-map.ts')).main(args),
  },
  replay: {
    summary: 'track playback in Chromium replaying a 100,000-point track at 32×: frame time p50/p95/p99 vs the page at rest, p95 vs 16 ms',
    run: async (args) => (await import('./replay.ts')).main(args),
  },
};

const [name, ...args] = process.argv.slice(2);
const bench = name ? BENCHES[name] : undefined;
if (!bench) {
  if (name) console.error(`unknown bench: ${name}`);
  console.error('usage: npm run bench -- <name> [options]\navailable benches:');
  for (const [n, b] of Object.entries(BENCHES)) console.error(`  ${n.padEnd(12)} ${b.summary}`);
  process.exit(1);
}
try {
  await bench.run(args);
} catch (err) {
  if (err instanceof BenchError) console.error(`\nbench ${name} aborted: ${err.message}`);
  else console.error(`\nbench ${name} failed:`, err);
  process.exitCode = 1;
}
