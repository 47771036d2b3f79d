// The waybill-list bench's "where the time goes": the parts of one request of a shape timed
// separately, interleaved, so the engine's fixed cost over the raw SQL can be read stage by stage:
// HTTP (Request/Response objects, routing, security headers, session, body, validation), the
// handler around the SQL (SQL text, statement lookup, labels), JSON, and the floor a no-op costs.
import { Hono } from 'hono';
import type { createApp } from '../server/app.ts';
import type { SessionUser } from '../server/http/context.ts';
import { validateOrThrow } from '../server/http/validate.ts';
import type { Registry } from '../server/registry/types.ts';
import { countsSql, listSql, pageQuery, statusCounts, type WaybillQuery } from '../server/domain/waybills/query.ts';
import { waybillQueryInput } from '../server/routes/waybill.ts';
import type { Conn } from '../server/resources/statements.ts';
import { ms, percentile, table } from './stats.ts';
import type { RawDriver } from './pg-bench.ts';

export interface StageShape {
  key: string;
  kind: 'list' | 'counts';
  path: string;
  body: WaybillQuery;
}

type App = Awaited<ReturnType<typeof createApp>>;

export interface StageContext {
  app: App['app'];
  /** The database port the app runs on: the handlers' SQL goes through it. */
  conn: Conn;
  /** The raw driver under it (better-sqlite3 or pg): the same SQL run directly. */
  driver: RawDriver;
  registry: () => Registry;
  user: SessionUser;
  token: string;
  sessions: App['sessions'];
}

const ROUNDS = 500;
const BUDGET_MS = 10_000;

/** A bare Hono app answering a fixed JSON body: what app.request itself costs, with no code of ours. */
function bareHono() {
  const app = new Hono();
  app.post('/x', (c) => c.json({ code: 1, message: '操作成功', result: null }));
  return app;
}

export async function timeStages(shape: StageShape, x: StageContext, targetRatio: number) {
  const bodyText = JSON.stringify(shape.body);
  const body = () => JSON.parse(bodyText) as WaybillQuery;
  const list = shape.kind === 'list';
  const dialect = x.conn.dialect;
  const statements = list ? (({ rows, count }) => [rows, count])(listSql(dialect, x.user, body())) : [countsSql(dialect, x.user, body())];
  const prepared = statements.map((s) => ({ stmt: x.driver.prepare(s.sql), params: s.params }));
  const handler = () => (list ? pageQuery(x.conn, x.registry(), x.user, body()) : statusCounts(x.conn, x.registry(), x.user, body()));
  const result = await handler();
  const headers = { token: x.token, 'content-type': 'application/json' };
  const bare = bareHono();
  const bareSame = new Hono();
  bareSame.post('/x', (c) => c.json({ code: 1, message: '操作成功', result }));
  const parts: [string, () => unknown][] = [
    ['full: app.request + response body bytes (as timed)', async () => (await x.app.request(shape.path, { method: 'POST', headers, body: bodyText })).arrayBuffer()],
    ['full, body decoded to a JS string instead (.text())', async () => (await x.app.request(shape.path, { method: 'POST', headers, body: bodyText })).text()],
    ['handler without HTTP (pageQuery / statusCounts)', handler],
    ['  raw SQL on the driver', async () => { for (const p of prepared) await p.stmt(p.params); }],
    ['  SQL text built per request (listSql / countsSql)', () => (list ? listSql(dialect, x.user, body()) : countsSql(dialect, x.user, body()))],
    ['input validation (ajv) of the parsed body', () => validateOrThrow(waybillQueryInput, body())],
    ['session resolve (cached per token)', () => x.sessions.resolve(x.token, Date.now())],
    ['JSON.stringify of the envelope', () => JSON.stringify({ code: 1, message: '操作成功', result })],
    ['floor: our app, GET /api/helpcenter/link (one tiny SELECT)', async () => (await x.app.request('/api/helpcenter/link', { headers: { token: x.token } })).arrayBuffer()],
    ['floor: bare Hono app, small fixed JSON', async () => (await bare.request('/x', { method: 'POST', headers, body: bodyText })).arrayBuffer()],
    ['floor: bare Hono app, this very answer (c.json)', async () => (await bareSame.request('/x', { method: 'POST', headers, body: bodyText })).arrayBuffer()],
  ];
  const samples = parts.map(() => [] as number[]);
  for (let w = 0; w < 50; w++) for (const [, f] of parts) await f();
  const stopAt = performance.now() + BUDGET_MS;
  for (let i = 0; i < ROUNDS && performance.now() < stopAt; i++) {
    for (const [k, [, f]] of parts.entries()) {
      const t = performance.now();
      await f();
      samples[k].push(performance.now() - t);
    }
  }
  const p50 = samples.map((v) => percentile(v, 50));
  const cpu = process.cpuUsage();
  console.log(`\nwhere the time goes, shape (${shape.key}) ${bodyText}, ${samples[0].length} interleaved rounds (p50 in ms):`);
  console.log(table([['part', 'p50 ms', 'share of full'], ...parts.map(([name], k) => [name, ms(p50[k], 3), `${((100 * p50[k]) / p50[0]).toFixed(0)}%`])]));
  console.log(
    `  over the raw SQL: ${ms(p50[0] - p50[3], 3)} ms, of which the handler around the SQL ${ms(p50[2] - p50[3], 3)} ms and HTTP + JSON ${ms(p50[0] - p50[2], 3)} ms;` +
      ` ${targetRatio}x raw allows ${ms((targetRatio - 1) * p50[3], 3)} ms (process CPU so far: user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s)`,
  );
}
