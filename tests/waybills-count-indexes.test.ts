// The two trigger-kept helpers of the waybill list (migrations 0014, 0016): waybill_day_counts,
// which answers the tab counts of a creation period, and the trigram index waybill_no_fts, which
// finds number fragments. Random writes must keep both exact, and the endpoints must answer what a
// plain COUNT / LIKE over the waybills answers, for any period bounds and any typed fragment.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { onPostgres } from './support/test-db.ts';
import { countsSql, listSql } from '../server/domain/waybills/query.ts';
import { splitPeriod } from '../server/domain/waybills/tab-counts.ts';
import type { SessionUser } from '../server/http/context.ts';

type Row = Record<string, any>;
type Caller = Awaited<ReturnType<TestApp['as']>>;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** 2026-03-01 00:00 in Shanghai, a day boundary of the console's date ranges. */
const D0 = Date.UTC(2026, 2, 1) - 8 * HOUR;

let t: TestApp;
let dispatcher: Caller;
let carrier: Caller;
let carriers: number[];
let carrierUser: number;
const all = (sql: string, ...p: unknown[]) => t.db.all<Row>(sql, p);
const run = (sql: string, ...p: unknown[]) => t.db.run(sql, p);

let serial = 0;
function insertRow(w: { corpId?: number; no?: string; carrierId: number | null; businessType: number; status: number; createdAt: number; deleted?: 0 | 1 }) {
  serial += 1;
  return t.db.insert(
    `INSERT INTO waybills (corp_id, waybill_no, business_type, status, step, sign_status, carrier_id, is_deleted, created_at, updated_at)
     VALUES (?, ?, ?, ?, 2, 1210, ?, ?, ?, ?)`,
    [w.corpId ?? 1, w.no ?? `T${serial}`, w.businessType, w.status, w.carrierId, w.deleted ?? 0, w.createdAt, w.createdAt + serial],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrier] = await Promise.all([t.as('dispatcher'), t.as('carrier')]);
  carrierUser = (await all("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'"))[0].p;
  carriers = [carrierUser, ...(await all('SELECT id FROM carriers WHERE corp_id = 1 AND id <> ? ORDER BY id LIMIT 2', carrierUser)).map((r) => r.id)];
});

const dayTable = async () => await all('SELECT corp_id, day, carrier_id, business_type, status, n FROM waybill_day_counts ORDER BY 1, 2, 3, 4, 5');
const groupedWaybills = async () => await all(
  `SELECT corp_id, (created_at + 28800000) / 86400000 AS day, coalesce(carrier_id, 0) AS carrier_id, business_type, status, count(*) AS n
     FROM waybills WHERE is_deleted = 0 GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
);

describe('waybill_day_counts', () => {
  it('random inserts, moves, period edits, soft and hard deletes keep it equal to a GROUP BY over the waybills', async () => {
    const carrierArb = fc.constantFrom<number | null>(null, ...carriers);
    // Times near day boundaries matter: midnight, its last millisecond, and anything in between.
    const timeArb = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(0, 1, DAY - 1, 8 * HOUR, 16 * HOUR + 1)).map(([d, ms]) => D0 + d * DAY + ms);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), corpId: fc.constantFrom(1, 2), carrierId: carrierArb, businessType: fc.constantFrom(1, 5), status: fc.constantFrom(100, 400, 500), createdAt: timeArb, deleted: fc.constantFrom<0 | 1>(0, 0, 1) }),
      fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), value: fc.constantFrom(100, 200, 400, 500, 700) }),
      fc.record({ kind: fc.constant('carrier' as const), pick: fc.nat(), value: carrierArb }),
      fc.record({ kind: fc.constant('type' as const), pick: fc.nat(), value: fc.constantFrom(1, 5, 6) }),
      fc.record({ kind: fc.constant('created' as const), pick: fc.nat(), value: timeArb }),
      fc.record({ kind: fc.constant('softDelete' as const), pick: fc.nat(), value: fc.constantFrom(0, 1) }),
      fc.record({ kind: fc.constant('hardDelete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('several' as const), value: fc.constantFrom(200, 600) }),
    );
    // Five live waybills on five different keys (day, carrier, type, status).
    const severalKeys = [0, 1, 2, 3, 4].map((d) => ({
      kind: 'insert' as const, corpId: 1 as const, carrierId: carriers[d % carriers.length] as number | null, businessType: (d % 2 ? 5 : 1) as 1 | 5,
      status: ([100, 400, 500] as const)[d % 3], createdAt: D0 + d * DAY + 8 * HOUR, deleted: 0 as 0 | 1,
    }));
    let busiest = 0;
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
      const pick = async (n: number) => (await all('SELECT id FROM waybills ORDER BY id')).map((r) => r.id)[n % Math.max(1, serial)] as number | undefined;
      for (const o of ops) {
        if (o.kind === 'insert') { await insertRow(o); continue; }
        if (o.kind === 'several') { await run('UPDATE waybills SET status = ? WHERE id % 3 = 0', o.value); continue; }
        const id = await pick(o.pick);
        if (id === undefined) continue;
        if (o.kind === 'status') await run('UPDATE waybills SET status = ? WHERE id = ?', o.value, id);
        if (o.kind === 'carrier') await run('UPDATE waybills SET carrier_id = ? WHERE id = ?', o.value, id);
        if (o.kind === 'type') await run('UPDATE waybills SET business_type = ? WHERE id = ?', o.value, id);
        if (o.kind === 'created') await run('UPDATE waybills SET created_at = ? WHERE id = ?', o.value, id);
        if (o.kind === 'softDelete') await run('UPDATE waybills SET is_deleted = ? WHERE id = ?', o.value, id);
        if (o.kind === 'hardDelete') await run('DELETE FROM waybills WHERE id = ?', id);
      }
      const table = await dayTable();
      expect(table).toEqual(await groupedWaybills());
      expect(table.filter((r) => r.n <= 0)).toEqual([]);
      busiest = Math.max(busiest, table.length);
    }), { numRuns: 40, examples: [[severalKeys]] });
    // The runs did reach tables of several keys (not only empty ones); the example run makes sure of it
    // whatever the random runs draw.
    expect(busiest).toBeGreaterThan(3);
  });
});

describe('tab counts and list totals of a creation period', () => {
  const users = () => ({ dispatcher: { caller: dispatcher, carrierScope: null }, carrier: { caller: carrier, carrierScope: carrierUser } });

  beforeAll(async () => {
    await run('DELETE FROM waybills');
    // 12 days of waybills, several per hour band, some exactly at midnight or on its last millisecond.
    for (let d = 0; d < 12; d++) {
      for (const ms of [0, 1, 3 * HOUR, 11 * HOUR + 7, 15 * HOUR, 23 * HOUR, DAY - 1]) {
        for (let k = 0; k < 2; k++) {
          const i = d * 31 + ms + k;
          await insertRow({ carrierId: [null, ...carriers][i % 4], businessType: [1, 5, 6][i % 3], status: [100, 200, 400, 500, 700][i % 5], createdAt: D0 + d * DAY + ms, deleted: i % 11 === 0 ? 1 : 0 });
        }
      }
    }
  });

  /** What a plain GROUP BY over the waybills says, with the same filters. */
  async function expected(body: Row, carrierScope: number | null, withStatus: boolean) {
    const cond = ['corp_id = 1', 'is_deleted = 0'];
    const params: unknown[] = [];
    const [from, to] = body.createdAt ?? [];
    if (from !== null && from !== undefined) (cond.push('created_at >= ?'), params.push(from));
    if (to !== null && to !== undefined) (cond.push('created_at <= ?'), params.push(to));
    if (carrierScope !== null) (cond.push('carrier_id = ?'), params.push(carrierScope));
    if (body.carrierId) (cond.push('carrier_id = ?'), params.push(body.carrierId));
    if (body.businessType) cond.push(`business_type IN (${body.businessType.join(',')})`);
    if (withStatus && body.status) cond.push(`status IN (${body.status.join(',')})`);
    return new Map((await all(`SELECT status, count(*) AS n FROM waybills WHERE ${cond.join(' AND ')} GROUP BY status`, ...params)).map((r) => [r.status, r.n]));
  }

  async function check(body: Row) {
    for (const [name, { caller, carrierScope }] of Object.entries(users())) {
      const counts = await caller.post('/waybill/getWaybillNumberByCondition', body);
      expect(counts.code, counts.message).toBe(1);
      const want = await expected(body, carrierScope, false);
      const got = new Map((counts.result.tabs as Row[]).filter((x) => x.count > 0).map((x) => [x.status, x.count]));
      expect(got, `${name} ${JSON.stringify(body)}`).toEqual(want);
      expect(counts.result.totalRecords).toBe([...want.values()].reduce((a, b) => a + b, 0));
      const list = await caller.post('/waybill/pageQueryByCondition', body);
      expect(list.result.totalRecords, `${name} list ${JSON.stringify(body)}`).toBe([...(await expected(body, carrierScope, true)).values()].reduce((a, b) => a + b, 0));
    }
  }

  it('whole days (the date shortcuts\' bounds) are read from the day table and equal a direct count', async () => {
    for (const [a, b] of [[0, 1], [2, 9], [0, 12], [5, 6]]) {
      const body = { createdAt: [D0 + a * DAY, D0 + b * DAY - 1] };
      expect(splitPeriod(body.createdAt[0], body.createdAt[1])!.partial).toEqual([]);
      expect(countsSql(t.db.dialect, { corpId: 1, userType: 0 } as SessionUser, body).sql).toContain('waybill_day_counts');
      await check(body);
      await check({ ...body, carrierId: carriers[1], businessType: [1, 6], status: [400, 700] });
    }
  });

  it('any other bounds add the partial edge days counted on the waybills, still equal to a direct count', async () => {
    const bound = fc.tuple(fc.integer({ min: -1, max: 13 }), fc.constantFrom(0, 1, 2, 3 * HOUR, 3 * HOUR + 1, 12 * HOUR, DAY - 2, DAY - 1)).map(([d, ms]) => D0 + d * DAY + ms);
    await fc.assert(fc.asyncProperty(
      fc.option(bound), fc.option(bound), fc.option(fc.constantFrom(...carriers)), fc.option(fc.subarray([1, 5, 6], { minLength: 1 })), fc.option(fc.subarray([100, 200, 400, 500, 700], { minLength: 1 })),
      async (from, to, carrierId, businessType, status) => {
        if (from === null && to === null) return;
        await check({ createdAt: [from, to], ...(carrierId ? { carrierId } : {}), ...(businessType ? { businessType } : {}), ...(status ? { status } : {}) });
      },
    ), { numRuns: 60 });
  });

  it('a period of several days not on day boundaries still uses the day table (with its partial days)', () => {
    const day0 = Math.floor((D0 + 8 * HOUR) / DAY);
    const body = { createdAt: [D0 + 3 * HOUR, D0 + 5 * DAY + 3 * HOUR] };
    expect(splitPeriod(body.createdAt[0], body.createdAt[1])).toEqual({
      firstDay: day0 + 1, lastDay: day0 + 4,
      partial: [{ day: day0, from: D0 + 3 * HOUR, to: D0 + DAY - 1 }, { day: day0 + 5, from: D0 + 5 * DAY, to: D0 + 5 * DAY + 3 * HOUR }],
    });
    expect(splitPeriod(D0 + HOUR, D0 + 2 * HOUR)).toEqual({ firstDay: day0 + 1, lastDay: day0, partial: [{ day: day0, from: D0 + HOUR, to: D0 + 2 * HOUR }] });
    expect(splitPeriod(D0 + 2 * HOUR, D0 + HOUR)).toBeNull();
    const sql = listSql(t.db.dialect, { corpId: 1, userType: 2, partnerId: carrierUser } as SessionUser, body).count.sql;
    // The first day is mostly covered (its total minus 0-3 h), the last barely (its 0-3 h counted).
    expect([sql.includes('waybill_day_counts'), sql.includes('-count(*)')]).toEqual([true, true]);
  });
});

describe('number fragments through the trigram index', () => {
  // Characters that LIKE or FTS5 could read as syntax, letters in both cases, digits and a CJK one.
  const ALPHABET = ['a', 'A', 'b', 'B', 'ä', 'Ä', '%', '_', '"', "'", '\\', '*', ' ', '1', '2', '货'];
  const text = (min: number, max: number) => fc.array(fc.constantFrom(...ALPHABET), { minLength: min, maxLength: max }).map((cs) => cs.join(''));

  beforeAll(async () => {
    await run('DELETE FROM waybills');
    const numbers = fc.sample(text(3, 9), { numRuns: 400, seed: 4 });
    const seen = new Set<string>();
    for (const [i, no] of numbers.entries()) {
      if (seen.has(no)) continue;
      seen.add(no);
      await insertRow({ no, carrierId: carriers[i % 3], businessType: 1, status: [100, 400, 500][i % 3], createdAt: D0 + i * HOUR, deleted: i % 13 === 0 ? 1 : 0, corpId: i % 17 === 0 ? 2 : 1 });
    }
    // Numbers that hold every trigram of a fragment without the fragment itself ('abcd' in
    // 'abc-bcd'), and a non-ASCII case pair, which the index folds and LIKE does not.
    for (const no of ['abc-bcd', 'YD2026-026-20261', 'ÄBC1']) await insertRow({ no, carrierId: carrierUser, businessType: 1, status: 400, createdAt: D0 });
    // A renamed number must be found by its new text only.
    const renamed = (await all("SELECT id FROM waybills WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1"))[0].id;
    await run("UPDATE waybills SET waybill_no = 'zz%_\"renamed' WHERE id = ?", renamed);
  });

  const likeIds = async (fragment: string, carrierScope: number | null) => (await all(
    `SELECT id FROM waybills WHERE corp_id = 1 AND is_deleted = 0 AND waybill_no LIKE ? ESCAPE '\\' ${carrierScope === null ? '' : 'AND carrier_id = ?'} ORDER BY id`,
    `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, ...(carrierScope === null ? [] : [carrierScope]),
  )).map((r) => r.id);

  async function check(fragment: string) {
    for (const [caller, scope] of [[dispatcher, null], [carrier, carrierUser]] as const) {
      const want = await likeIds(fragment, scope);
      const list = await caller.post('/waybill/pageQueryByCondition', { waybillNo: fragment, pageSize: 500 });
      expect(list.code, list.message).toBe(1);
      expect((list.result.data as Row[]).map((r) => r.id).sort((a, b) => a - b), JSON.stringify(fragment)).toEqual(want);
      expect(list.result.totalRecords).toBe(want.length);
      const counts = await caller.post('/waybill/getWaybillNumberByCondition', { waybillNo: fragment });
      expect(counts.result.totalRecords, JSON.stringify(fragment)).toBe(want.length);
    }
  }

  it('answers exactly what LIKE answers, for random fragments with %, _, quotes, backslashes and mixed case', async () => {
    const existing = (await all('SELECT waybill_no AS no FROM waybills')).map((r) => r.no as string);
    // Half the fragments are cut from real numbers, so most of them match something.
    const cut = fc.tuple(fc.constantFrom(...existing), fc.nat(), fc.integer({ min: 1, max: 6 })).map(([no, at, len]) => [...no].slice(at % no.length, (at % no.length) + len).join(''));
    await fc.assert(fc.asyncProperty(fc.oneof(cut, text(1, 6)), check), { numRuns: 150 });
    expect((await likeIds('%_"', null)).length + (await likeIds('aA', null)).length).toBeGreaterThan(0);
  });

  it('keeps only real matches among the index\'s candidates (trigrams found apart, non-ASCII case)', async () => {
    for (const fragment of ['abcd', '2026202']) {
      expect(await likeIds(fragment, null), fragment).toEqual([]);
      await check(fragment);
    }
    // SQLite's LIKE folds ASCII letters only; PostgreSQL's (ILIKE) folds 'ä' too (docs/decisions.md).
    for (const fragment of ['äbc', 'äBC1']) {
      expect(await likeIds(fragment, null), fragment).toHaveLength(onPostgres ? 1 : 0);
      await check(fragment);
    }
    await check('ÄBC');
    expect(await likeIds('ÄBC', null)).toHaveLength(1);
  });

  it('answers odd text like LIKE does, never with a server error (FTS5 syntax, lone surrogates, emoji)', async () => {
    for (const fragment of ['NEAR(a b)', 'a* OR b', '^ab', '\ud800\ud800\ud800', '🚚🚚🚚', 'x'.repeat(100)]) await check(fragment);
  });

  it('refuses text with a NUL (it used to match every row) naming the field, on the list and the counts', async () => {
    for (const fragment of ['\u0000\u0000\u0000', 'a\u0000bc', 'ab\u0000']) {
      for (const path of ['/waybill/pageQueryByCondition', '/waybill/getWaybillNumberByCondition']) {
        const r = await dispatcher.post(path, { waybillNo: fragment });
        expect([r.code, r.message], `${path} ${JSON.stringify(fragment)}`).toEqual([100, '运单号：不能包含控制字符']);
      }
    }
  });

  it('finds a renamed number by its new text, not its old one', async () => {
    await check('%_"ren');
    expect(await likeIds('%_"ren', null)).toHaveLength(1);
  });

  it('a fragment of 3+ characters reads the index; a shorter one scans the numbers', () => {
    const user = { corpId: 1, userType: 0 } as SessionUser;
    expect(listSql('sqlite', user, { waybillNo: 'a_%' }).rows.sql).toContain('waybill_no_fts');
    expect(listSql('sqlite', user, { waybillNo: 'a_' }).rows.sql).not.toContain('waybill_no_fts');
  });
});
