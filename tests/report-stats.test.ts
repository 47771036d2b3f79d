// waybill_day_stats (the per-day summary behind report/carrier-monthly) is kept by triggers only. Random
// inserts, arrivals, retyped and moved nodes, carrier / business type / creation time changes, soft and
// hard deletes must leave it equal to a grouping of the detail tables computed here in plain JS.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill } from './support/waybill-fixture.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
type Row = Record<string, number>;
/** One summary row: its key (with the stored month) and its figures. */
interface Stat {
  corp_id: number;
  carrier_id: number;
  business_type: number;
  day: number;
  month: string;
  waybill_count: number;
  arrived_count: number;
  on_time_count: number;
  late_count: number;
  late_measured_count: number;
  late_ms: number;
}

let t: TestApp;
let carriers: number[];
const run = (sql: string, ...params: unknown[]) => t.db.run(sql, params);

/** The summary as the triggers left it, sorted by key. */
const summary = () => t.db.all<Stat>(`SELECT corp_id, carrier_id, business_type, day, month, waybill_count, arrived_count, on_time_count, late_count,
  late_measured_count, late_ms FROM waybill_day_stats ORDER BY corp_id, carrier_id, business_type, day`);

/** The same figures from the live waybills and their end nodes, grouped in JS. */
async function fromDetail(): Promise<Stat[]> {
  const waybills = new Map((await t.db.all<Row>('SELECT * FROM waybills WHERE is_deleted = 0')).map((w) => [w.id, w]));
  const groups = new Map<string, Stat>();
  for (const n of await t.db.all<Row>("SELECT * FROM waybill_nodes WHERE node_type = 'end'")) {
    const w = waybills.get(n.waybill_id);
    if (!w) continue;
    const day = Math.floor((w.created_at + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    // The stored month is the creation day's 'YYYY-MM' in Shanghai (UTC+8).
    const month = new Date(day + 8 * HOUR).toISOString().slice(0, 7);
    const key = { corp_id: w.corp_id, carrier_id: w.carrier_id ?? 0, business_type: w.business_type, day, month };
    const k = JSON.stringify(key);
    const g = groups.get(k) ?? { ...key, waybill_count: 0, arrived_count: 0, on_time_count: 0, late_count: 0, late_measured_count: 0, late_ms: 0 };
    g.waybill_count++;
    if (n.actual_arrive_time !== null) g.arrived_count++;
    if (n.arrive_state === 1 || n.arrive_state === 2) g.on_time_count++;
    if (n.arrive_state === 3) {
      g.late_count++;
      if (n.actual_arrive_time !== null && n.required_arrive_time !== null) {
        g.late_measured_count++;
        g.late_ms += n.actual_arrive_time - n.required_arrive_time;
      }
    }
    groups.set(k, g);
  }
  const order = (r: Stat) => [r.corp_id, r.carrier_id, r.business_type, r.day];
  return [...groups.values()].sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
  });
}

// 23:00 on 31 Aug 2026 in Shanghai: creation times around it fall on two days and two months.
const EDGE = Date.UTC(2026, 7, 31, 15);

type Op =
  | { kind: 'add'; carrier: number; shift: number }
  | { kind: 'arrive'; pick: number; state: number | null; late: number; noRequired: boolean }
  | { kind: 'retype'; pick: number; end: boolean }
  | { kind: 'addNode'; pick: number; end: boolean; state: number | null }
  | { kind: 'dropNode'; pick: number }
  | { kind: 'moveNode'; pick: number; to: number }
  | { kind: 'softDelete'; pick: number }
  | { kind: 'carrier'; pick: number; carrier: number }
  | { kind: 'business'; pick: number; type: number }
  | { kind: 'created'; pick: number; shift: number }
  | { kind: 'hardDelete'; pick: number };

const pick = fc.nat(1000);
const state = fc.constantFrom(null, 1, 2, 3);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), carrier: fc.nat(3), shift: fc.integer({ min: -3, max: 3 }) }),
  fc.record({ kind: fc.constant('arrive' as const), pick, state, late: fc.integer({ min: -90, max: 180 }), noRequired: fc.boolean() }),
  fc.record({ kind: fc.constant('retype' as const), pick, end: fc.boolean() }),
  fc.record({ kind: fc.constant('addNode' as const), pick, end: fc.boolean(), state }),
  fc.record({ kind: fc.constant('dropNode' as const), pick }),
  fc.record({ kind: fc.constant('moveNode' as const), pick, to: pick }),
  fc.record({ kind: fc.constant('softDelete' as const), pick }),
  fc.record({ kind: fc.constant('carrier' as const), pick, carrier: fc.nat(3) }),
  fc.record({ kind: fc.constant('business' as const), pick, type: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('created' as const), pick, shift: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('hardDelete' as const), pick }),
);

let seq = 100;
async function apply(o: Op) {
  const ids = async (sql: string) => (await t.db.all<{ id: number }>(sql)).map((r) => r.id);
  const waybills = await ids('SELECT id FROM waybills ORDER BY id');
  const nodes = await ids('SELECT id FROM waybill_nodes ORDER BY id');
  const w = waybills[('pick' in o ? o.pick : 0) % Math.max(waybills.length, 1)];
  const n = nodes[('pick' in o ? o.pick : 0) % Math.max(nodes.length, 1)];
  const carrierOf = (i: number) => (i === 0 ? null : carriers[i - 1]);
  switch (o.kind) {
    case 'add':
      await insertWaybill(t.db, { carrierId: carrierOf(o.carrier), now: EDGE + o.shift * HOUR });
      return;
    case 'arrive':
      if (n === undefined) return;
      if (o.noRequired) await run('UPDATE waybill_nodes SET required_arrive_time = NULL WHERE id = ?', n);
      await run('UPDATE waybill_nodes SET actual_arrive_time = coalesce(required_arrive_time, ?) + ?, arrive_state = ? WHERE id = ?', EDGE, o.late * 60_000, o.state, n);
      return;
    case 'retype':
      if (n !== undefined) await run('UPDATE waybill_nodes SET node_type = ? WHERE id = ?', o.end ? 'end' : 'via', n);
      return;
    case 'addNode':
      if (w === undefined) return;
      await run(`INSERT INTO waybill_nodes (corp_id, waybill_id, seq, node_type, area_id, required_arrive_time, actual_arrive_time, arrive_state)
        SELECT corp_id, id, ?, ?, (SELECT id FROM areas ORDER BY id LIMIT 1), ?, ?, ? FROM waybills WHERE id = ?`,
      seq++, o.end ? 'end' : 'via', EDGE, o.state === null ? null : EDGE + (o.state === 3 ? 30 : 0) * 60_000, o.state, w);
      return;
    case 'dropNode':
      if (n !== undefined) await run('DELETE FROM waybill_nodes WHERE id = ?', n);
      return;
    case 'moveNode': {
      const to = waybills[o.to % Math.max(waybills.length, 1)];
      if (n !== undefined && to !== undefined) await run('UPDATE waybill_nodes SET waybill_id = ?, seq = ? WHERE id = ?', to, seq++, n);
      return;
    }
    case 'softDelete':
      if (w !== undefined) await run('UPDATE waybills SET is_deleted = 1 - is_deleted WHERE id = ?', w);
      return;
    case 'carrier':
      if (w !== undefined) await run('UPDATE waybills SET carrier_id = ? WHERE id = ?', carrierOf(o.carrier), w);
      return;
    case 'business':
      if (w !== undefined) await run('UPDATE waybills SET business_type = ? WHERE id = ?', o.type, w);
      return;
    case 'created':
      if (w !== undefined) await run('UPDATE waybills SET created_at = created_at + ? WHERE id = ?', o.shift * HOUR, w);
      return;
    case 'hardDelete':
      if (w !== undefined) await run('DELETE FROM waybills WHERE id = ?', w);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  carriers = (await t.db.all<{ id: number }>('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 3')).map((r) => r.id);
});

describe('waybill_day_stats', () => {
  it('starts equal to the detail and follows every kind of write', async () => {
    for (let i = 0; i < 6; i++) await insertWaybill(t.db, { carrierId: i % 2 ? carriers[0] : null, now: EDGE + (i - 3) * HOUR });
    expect((await summary()).length).toBeGreaterThan(1);
    expect(await summary()).toEqual(await fromDetail());
    // A soft delete takes the waybill out; a change of carrier moves it to the other row.
    const [first] = await t.db.all<{ id: number }>('SELECT id FROM waybills ORDER BY id LIMIT 1');
    await run('UPDATE waybills SET is_deleted = 1 WHERE id = ?', first.id);
    await run('UPDATE waybills SET carrier_id = ? WHERE carrier_id IS NULL', carriers[1]);
    expect(await summary()).toEqual(await fromDetail());
    expect((await summary()).every((r) => r.carrier_id !== 0)).toBe(true);
  });

  it('random writes of waybills and nodes keep it equal to a grouping of the detail', async () => {
    // Each run is one transaction, rolled back by throwing `undo` at its end (a waybill fixture's own
    // transaction becomes a savepoint inside it).
    const undo = new Error('undo');
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        await t.db.transaction(async () => {
          for (const o of ops) {
            await apply(o);
            expect(await summary()).toEqual(await fromDetail());
          }
          // No row is left behind with nothing in it.
          expect((await summary()).every((r) => r.waybill_count > 0)).toBe(true);
          throw undo;
        }).catch((e: unknown) => {
          if (e !== undo) throw e;
        });
      }),
      { numRuns: 60 },
    );
  });
});
