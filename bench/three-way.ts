// The three sides the list benches compare per request shape, taken in turns:
// - engine: app.request(path) on our app, with the response body read;
// - raw:    the same SQL text and params the engine runs, straight on the driver (better-sqlite3,
//           prepared once; or `pg`), no HTTP;
// - floor:  raw + a bare Hono app (`new Hono()`, one POST route) that reads the JSON body, runs the
//           raw statements and answers with c.json the very envelope the engine answered for this
//           shape (taken once, before timing; its bytes are checked equal to the engine's), called
//           through app.request the same way. That is the least any HTTP API on Hono pays to answer
//           those bytes: the real floor the engine is held to (engine <= 1.30x floor).
import { Hono } from 'hono';
import { ms, percentile, ratio, table } from './stats.ts';

export const FLOOR_PATH = '/floor';

/** The bare app; `answer` is swapped per shape (the route stays one). */
export function bareFloor() {
  let handler: (body: unknown) => Promise<unknown> | unknown = () => null;
  const app = new Hono();
  app.post(FLOOR_PATH, async (c) => c.json((await handler(await c.req.json())) as object));
  return {
    app,
    set(fn: (body: unknown) => Promise<unknown> | unknown) {
      handler = fn;
    },
  };
}

export interface Sides {
  engine: () => Promise<unknown>;
  raw: () => unknown;
  floor: () => Promise<unknown>;
}

export interface ThreeSamples {
  engine: number[];
  raw: number[];
  floor: number[];
  /** Process CPU over wall time while measuring. */
  cpuShare: number;
}

const NAMES = ['engine', 'raw', 'floor'] as const;

async function timed(f: () => unknown): Promise<number> {
  const t = performance.now();
  const r = f();
  if (r instanceof Promise) await r;
  return performance.now() - t;
}

/** Warm-up, then rounds of the three in turn; which side goes first rotates, so none always meets a warmer cache. */
export async function measureThree(sides: Sides, warmup: { iterations: number; ms: number }, measure: { iterations: number; ms: number }): Promise<ThreeSamples> {
  const warmUntil = performance.now() + warmup.ms;
  for (let i = 0; i < warmup.iterations && performance.now() < warmUntil; i++) for (const k of NAMES) await timed(sides[k]);
  const out: ThreeSamples = { engine: [], raw: [], floor: [], cpuShare: 0 };
  const stopAt = performance.now() + measure.ms;
  const [wall0, cpu0] = [performance.now(), process.cpuUsage()];
  for (let i = 0; i < measure.iterations && performance.now() < stopAt; i++) {
    for (let j = 0; j < 3; j++) {
      const k = NAMES[(i + j) % 3];
      out[k].push(await timed(sides[k]));
    }
  }
  const cpu = process.cpuUsage(cpu0);
  out.cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wall0);
  return out;
}

export interface ThreeSummary {
  key: string;
  e50: number;
  e99: number;
  r50: number;
  r99: number;
  f50: number;
  f99: number;
  n: number;
}

export const summarise = (key: string, s: ThreeSamples): ThreeSummary => ({
  key,
  e50: percentile(s.engine, 50),
  e99: percentile(s.engine, 99),
  r50: percentile(s.raw, 50),
  r99: percentile(s.raw, 99),
  f50: percentile(s.floor, 50),
  f99: percentile(s.floor, 99),
  n: s.engine.length,
});

const x = (v: number) => `${v.toFixed(2)}x`;

/** One shape's small table. */
export function shapeTable(s: ThreeSummary, indent = '    '): string {
  return table([
    ['', 'p50 ms', 'p99 ms'],
    ['engine (app.request)', ms(s.e50), ms(s.e99)],
    ['raw SQL (driver)', ms(s.r50), ms(s.r99)],
    ['floor (raw + bare Hono)', ms(s.f50), ms(s.f99)],
    ['engine/floor', `${ratio(s.e50, s.f50).toFixed(3)}x`, x(ratio(s.e99, s.f99))],
    ['engine/raw', x(ratio(s.e50, s.r50)), x(ratio(s.e99, s.r99))],
  ], indent);
}

export const passes = (s: ThreeSummary, target: number) => ratio(s.e50, s.f50) <= target;

/** The summary over shapes: p50/p99 of the three, engine/floor ratios and PASS/FAIL of the p50 ratio against `target`. */
export function summaryTable(rows: ThreeSummary[], target: number, extra?: (s: ThreeSummary) => string): string {
  return table([
    ['shape', 'engine p50', 'p99', 'raw p50', 'p99', 'floor p50', 'p99', 'eng/floor p50', 'p99', 'eng/raw p50', 'n', `<= ${target}x floor`, ...(extra ? [''] : [])],
    ...rows.map((s) => [
      s.key, ms(s.e50), ms(s.e99), ms(s.r50), ms(s.r99), ms(s.f50), ms(s.f99),
      `${ratio(s.e50, s.f50).toFixed(3)}x`, x(ratio(s.e99, s.f99)), x(ratio(s.e50, s.r50)), s.n,
      passes(s, target) ? 'PASS' : 'FAIL', ...(extra ? [extra(s)] : []),
    ]),
  ]);
}
