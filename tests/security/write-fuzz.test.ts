// A bounded fuzz over every JSON write route: each gets random bodies (valid baselines with one
// value swapped for something hostile, unknown keys, missing keys, and plain random JSON), as an
// administrator and as a carrier user. No answer may be a 5xx or leak a stack, and a refused
// request may change no row. Seeded, so a failure repeats; a few thousand requests in all.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import type { RouteDef } from '../../server/http/route.ts';
import { writeMark } from '../../server/db/catalog.ts';
import { XLSX_TYPE } from '../../server/exports/file-name.ts';
import { orderFixtures } from '../support/order-fixtures.ts';
import { waybillFixtures } from '../support/waybill-fixture.ts';
import { terminalFixtures } from '../support/terminal-fixtures.ts';

type Row = Record<string, unknown>;
const t = await createTestApp();
const fixtures: { bodies: Record<string, unknown>; headers?: Record<string, Record<string, string>> }[] = [await orderFixtures(t), await waybillFixtures(t), await terminalFixtures(t)];
const baseline = (path: string): Row => (fixtures.find((f) => path in f.bodies)?.bodies[path] as Row) ?? {};
const headersOf = (path: string): Record<string, string> => Object.assign({}, ...fixtures.map((f) => f.headers?.[path]));
/** Signing out would end the fuzzing session itself; its refusals are covered by the bad-input suite. */
const SKIP = new Set(['/signOut']);
const ROUTES = (t.routes() as RouteDef[]).filter((r) => r.method === 'POST' && r.input && !r.rawBody && !SKIP.has(r.path));
const LEAK = /\n\s+at |\bat \S+ \(.*:\d+:\d+\)|Error:/;
const REPORT = [...t.registry.get().reports.keys()][0].replace(/^report\//, '');
const BODIES_PER_ROUTE = 8;

const HOSTILE: unknown[] = [
  null, -1, 0, 1.5, -1e308, 1e308, 2 ** 53 + 1, '', ' ', '\u0000', '\u202e', 'a'.repeat(5000), "'; DROP TABLE orders; --",
  '<img src=x onerror=alert(1)>', '=HYPERLINK("http://x")', '../../etc/passwd', '%00', [], [null], {}, { $gt: '' }, true, '1e999', '０',
];
const hostile = fc.oneof(fc.constantFrom(...HOSTILE), fc.jsonValue({ maxDepth: 3 }));

/** A body derived from the route's valid baseline, or plain random JSON. */
function bodies(path: string): unknown[] {
  const base = baseline(path);
  const keys = Object.keys(base);
  const mutated = fc.oneof(
    fc.tuple(fc.constantFrom(...(keys.length ? keys : ['x'])), hostile).map(([k, v]) => ({ ...base, [k]: v })),
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), hostile).map(([k, v]) => ({ ...base, [k]: v })),
    fc.constantFrom(...(keys.length ? keys : ['x'])).map((k) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== k))),
    fc.jsonValue({ maxDepth: 4 }),
  );
  return fc.sample(mutated, { numRuns: BODIES_PER_ROUTE, seed: [...path].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 7) });
}

const changeMark = () => writeMark(t.db);
/** An accepted export or message runs on after its answer: let it finish before the next request is judged. */
async function settle() {
  for (let i = 0; i < 2000; i++) {
    const { n } = (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM export_tasks WHERE status = 3'))!;
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const tokens: Record<string, string> = {};
beforeAll(async () => {
  tokens.admin = await t.login('admin');
  tokens.carrier = await t.login('carrier');
});

describe('write fuzz', () => {
  it.each(['admin', 'carrier'])('as %s: no 5xx, no leaked stack, and a refused request changes nothing', async (who) => {
    const problems: string[] = [];
    let sent = 0;
    for (const r of ROUTES) {
      const path = r.path.replace(':name', REPORT);
      for (const body of bodies(r.path)) {
        await settle();
        const before = await changeMark();
        const res = await t.app.request(`/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: tokens[who], ...headersOf(r.path) },
          body: JSON.stringify(body),
        });
        sent += 1;
        const text = await res.text();
        // A download (the poultry cost blob) answers its file, not the envelope: a success.
        const code = res.headers.get('content-type') === XLSX_TYPE ? 1 : (JSON.parse(text) as { code: number }).code;
        const label = `${r.path} ${JSON.stringify(body).slice(0, 120)}`;
        if (res.status >= 500) problems.push(`${res.status}: ${label}`);
        if (LEAK.test(text)) problems.push(`stack: ${label}`);
        // A failed login counts against its throttle; every other refusal must leave the database as it was.
        const refused = ![1, 105, 107].includes(code);
        if (refused && r.path !== '/login' && (await changeMark()) !== before) problems.push(`changed on code ${code}: ${label}`);
        if (code === 103) tokens[who] = await t.login(who);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
    // Some 2,000 requests, each between two marks (one counter on either engine): 5 s on SQLite, 11 s on
    // PostgreSQL on a quiet machine; the margin is for a loaded one.
  }, 300_000);
});
