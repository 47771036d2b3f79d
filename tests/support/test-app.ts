// A fresh in-memory platform per test file: migrated, seeded with the demo data, and a helper to
// log in as a demo account and call the API through app.request (no server, no network).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userTables } from '../../server/db/catalog.ts';
import { LOG_TABLES } from '../../server/db/schema-logs.ts';
import { holdRegistry } from '../../server/registry/holder.ts';
import { createApp } from '../../server/app.ts';
import { drainNotifications } from '../../server/notify/dispatch.ts';
import { setTrustProxy } from '../../server/http/client-address.ts';
import { DEMO_PASSWORD, seedDemo } from '../../scripts/seed-demo.ts';
import type { MapSettings } from '../../server/map/sources.ts';
import { openSeededTestDatabase } from './test-db.ts';

export interface Reply<T = any> {
  status: number;
  code: number;
  message: string;
  result: T;
  headers: Headers;
}

/**
 * transportDemo adds the demo orders and waybills (fixtures/transport.ts); by default a test starts
 * with none, so that it counts only the orders and waybills it makes itself.
 */
export async function createTestApp(opts: { transportDemo?: boolean; tracksDemo?: boolean; file?: string; mapSettings?: MapSettings } = {}) {
  // `file`: a database file instead of memory, for what needs a second connection (an export's
  // snapshot). On PostgreSQL every test app has a database of its own anyway.
  const seed = { transport: opts.transportDemo === true, tracks: opts.tracksDemo === true };
  const { db, seeded } = await openSeededTestDatabase(opts.file, seed.transport ? (seed.tracks ? 'tracks' : 'transport') : 'base');
  const registry = holdRegistry();
  const filesDir = mkdtempSync(join(tmpdir(), 'huoyun-files-'));
  // No sweep timer: a test runs the sweeps itself at the moments it chooses (t.jobs.runOnce(now)), and
  // a sweep at the real time would put messages in message centres other tests count.
  const platform = await createApp({ db, registry, filesDir, jobsIntervalMs: null, ...(opts.mapSettings ? { mapSettings: opts.mapSettings } : {}) });
  // Tests stand in for the reverse proxy: X-Forwarded-For gives a request the client address they choose.
  setTrustProxy(true);
  // tracksDemo (with transportDemo) adds the demo tracks of fixtures/tracks.ts: off by default, it costs seconds.
  if (!seeded) await seedDemo(db, Date.now(), { ...seed, filesDir: opts.file ? filesDir : null });

  type CallOptions = { token?: string; body?: unknown; raw?: string; contentType?: string; cookie?: string; headers?: Record<string, string> };
  async function call(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.token = opts.token;
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    const res = await platform.app.request(`/api${path}`, { method, headers, body });
    const json = (await res.json()) as { code: number; message: string; result: unknown };
    return { status: res.status, code: json.code, message: json.message, result: json.result, headers: res.headers };
  }

  async function login(userName: string, password = DEMO_PASSWORD): Promise<string> {
    const r = await call('POST', '/login', { body: { userName, password } });
    if (r.code !== 1) throw new Error(`login ${userName} failed: ${r.message}`);
    return r.result.token;
  }

  /** Caller bound to one user's token. */
  async function as(userName: string) {
    const token = await login(userName);
    return {
      token,
      get: (path: string) => call('GET', path, { token }),
      post: (path: string, body?: unknown) => call('POST', path, { token, body: body ?? {} }),
      raw: (path: string, raw: string, contentType?: string) => call('POST', path, { token, raw, contentType }),
    };
  }

  /** Row counts and a checksum of every table: 'nothing changed' is asserted against it. */
  async function snapshot(): Promise<Record<string, string>> {
    // Notifications an earlier ingestion queued are sent in the background (server/notify): let that end
    // first, or its writes would be taken for those of the request under test.
    await drainNotifications(db);
    // The logs (schema-logs.ts) record requests, refused ones too: bookkeeping, like sessions, not data a request changes.
    const tables = (await userTables(db)).filter((name) => name !== 'sessions' && name !== 'login_throttle' && !(LOG_TABLES as readonly string[]).includes(name));
    // Rows compared as a sorted list of their JSON: independent of row order, and WITHOUT ROWID tables have no rowid.
    const rowsOf = async (name: string) => (await db.all(`SELECT * FROM "${name}"`)).map((r) => JSON.stringify(r)).sort().join('\n');
    return Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await rowsOf(name)])));
  }

  /** Sends a write that must be refused: no 5xx, not code 1, and not a row of the database changed. */
  async function refused(write: () => Promise<Reply>): Promise<Reply> {
    const before = await snapshot();
    const r = await write();
    if (r.status >= 500 || r.code === 1) throw new Error(`expected a refusal, got HTTP ${r.status} code ${r.code}: ${r.message}`);
    await assertUnchanged(before, `a refused write (${r.message})`);
    return r;
  }

  /**
   * Fails naming the tables that differ from `before`. Never an expect().toEqual of two snapshots: a
   * failing one would have the runner diff every table's rows as text, which takes more memory than the
   * machine has.
   */
  async function assertUnchanged(before: Record<string, string>, what = 'the database') {
    const after = await snapshot();
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]);
    if (changed.length) throw new Error(`${what} changed table(s) ${changed.join(', ')}`);
  }

  return { db, registry, filesDir, ...platform, call, login, as, snapshot, refused, assertUnchanged };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
