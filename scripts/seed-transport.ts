// The bridge between fixtures/transport.ts and the database: reads each corporation's partners,
// fleet, places and users, hands the generator the REAL workflow functions (fixtures/ may not
// import server/), and inserts the records with prepared statements in one transaction (the demo)
// or in batches (the benchmark's million waybills).
import type Database from 'better-sqlite3';
import { Numbers, transportBatches, YEAR_ENDINGS } from '../fixtures/transport.ts';
import { TRANSPORT_TABLES, type CorpContext, type TransportData, type TransportRules } from '../fixtures/transport-types.ts';
import { applyOrderAction, orderStatusOf, taskStatusOf } from '../server/domain/workflow/order-machine.ts';
import { applyWaybillAction, INITIAL_WAYBILL_STATE } from '../server/domain/workflow/waybill-machine.ts';
import { hasRemainder, splitPart } from '../server/domain/workflow/splits.ts';
import { dayOf } from '../server/domain/workflow/numbering.ts';
import { arriveLeaveState } from '../server/domain/waybills/timeline.ts';
import { insertRows } from './seed-demo.ts';
import { seedTransportWork } from './seed-transport-work.ts';

export const TRANSPORT_RULES: TransportRules = {
  initialWaybillState: INITIAL_WAYBILL_STATE,
  applyWaybillAction: applyWaybillAction as TransportRules['applyWaybillAction'],
  applyOrderAction: applyOrderAction as TransportRules['applyOrderAction'],
  orderStatusOf, taskStatusOf, splitPart, hasRemainder, arriveLeaveState, dayOf,
};

/** Demo scenarios per corporation: corporation 1 gets a few thousand orders and waybills, 2 a few hundred. */
export const DEMO_BUNDLES: Record<number, number> = { 1: 2400, 2: 240 };

type Sql = Database.Database;
const ids = (sqlite: Sql, sql: string, ...p: unknown[]) => (sqlite.prepare(sql).all(...p) as { id: number }[]).map((r) => r.id);

export function corpContext(sqlite: Sql, corpId: number): CorpContext {
  const users = sqlite.prepare('SELECT id, real_name AS name, user_type AS type, partner_id AS partner FROM users WHERE corp_id = ? ORDER BY id').all(corpId) as
    { id: number; name: string; type: number; partner: number | null }[];
  const byPartner = (type: number) => new Map(users.filter((u) => u.type === type && u.partner !== null).map((u) => [u.partner!, { id: u.id, name: u.name }]));
  const staffUser = users.find((u) => u.type === 0 && /调度/.test(u.name)) ?? users.find((u) => u.type === 0);
  if (!staffUser) throw new Error(`corporation ${corpId} has no staff user to act in the demo waybills`);
  const vehicles = sqlite.prepare(
    `SELECT v.id, v.carrier_id AS carrierId, CASE WHEN d.status = 0 AND d.is_deleted = 0 THEN v.driver_id END AS driverId
       FROM vehicles v LEFT JOIN drivers d ON d.id = v.driver_id
      WHERE v.corp_id = ? AND v.is_deleted = 0 AND v.status = 0 AND v.carrier_id IS NOT NULL ORDER BY v.id LIMIT 5000`,
  ).all(corpId) as { id: number; carrierId: number; driverId: number | null }[];
  const carrierUsers = byPartner(2);
  const carriers = ids(sqlite, 'SELECT id FROM carriers WHERE corp_id = ? AND is_deleted = 0 ORDER BY id', corpId)
    .map((id) => ({ id, vehicles: vehicles.filter((v) => v.carrierId === id).map(({ id: vid, driverId }) => ({ id: vid, driverId })) }))
    .filter((c) => c.vehicles.length > 0)
    // The carrier with a demo user comes first: the generator favours it.
    .sort((a, b) => Number(carrierUsers.has(b.id)) - Number(carrierUsers.has(a.id)));
  const customerUsers = byPartner(1);
  const customerIds = ids(sqlite, 'SELECT id FROM customers WHERE corp_id = ? AND is_deleted = 0 ORDER BY id', corpId)
    .sort((a, b) => Number(customerUsers.has(b)) - Number(customerUsers.has(a)));
  const places = sqlite.prepare('SELECT id, lon, lat FROM areas WHERE corp_id = ? AND is_deleted = 0 AND customer_id IS NULL ORDER BY id').all(corpId) as
    { id: number; lon: number; lat: number }[];
  return {
    corpId, customerIds, carriers,
    areaIds: places.map((p) => p.id), places: new Map(places.map(({ id, lon, lat }) => [id, { lon, lat }])),
    staff: { id: staffUser.id, name: staffUser.name }, carrierUsers, customerUsers,
  };
}

/** Next free id per table, and the last business number of each day, so generated rows follow existing ones. */
function continuation(sqlite: Sql) {
  const next = (table: string) => (sqlite.prepare(`SELECT coalesce(max(id), 0) + 1 AS n FROM ${table}`).get() as { n: number }).n;
  const firstIds = {
    order: next('orders'), goods: next('order_goods'), part: next('order_parts'), waybill: next('waybills'), node: next('waybill_nodes'),
    event: next('waybill_events'), evaluation: next('waybill_evaluations'), history: next('order_history'),
  };
  const last = (table: string, column: string) => sqlite.prepare(
    `SELECT corp_id || ':' || substr(${column}, 1, 10) AS k, max(CAST(substr(${column}, 11) AS INTEGER)) AS n FROM ${table} GROUP BY k`,
  ).all() as { k: string; n: number }[];
  const numbers = new Numbers(TRANSPORT_RULES, [...last('orders', 'order_no'), ...last('waybills', 'waybill_no')].map((r) => [r.k, r.n] as [string, number]));
  return { firstIds, numbers };
}

function insertData(sqlite: Sql, data: TransportData) {
  let rows = 0;
  for (const [key, table] of TRANSPORT_TABLES) rows += insertRows(sqlite, table, data[key] as Iterable<Record<string, unknown>>);
  return rows;
}

/** The demo's orders and waybills for corporations 1 and 2, in one transaction; then the work the server's own functions do on them. */
export function seedTransportDemo(sqlite: Sql, now: number) {
  const corps = Object.entries(DEMO_BUNDLES).map(([corpId, bundles]) => ({ ctx: corpContext(sqlite, Number(corpId)), bundles }));
  const made = sqlite.transaction(() => {
    const started = performance.now();
    const [data] = transportBatches({ rules: TRANSPORT_RULES, now, corps, ...continuation(sqlite) });
    const generated = performance.now();
    const rows = insertData(sqlite, data);
    return { orders: data.orders.length, waybills: data.waybills.length, rows, generateMs: Math.round(generated - started), insertMs: Math.round(performance.now() - generated) };
  })();
  const started = performance.now();
  const work = seedTransportWork(sqlite, now);
  return { ...made, work, workMs: Math.round(performance.now() - started) };
}

/**
 * At least n more waybills for corporation 1 (with their orders, goods, parts, links and nodes; no
 * timeline), over the past year, generated and inserted in batches of 50,000 waybills.
 */
export function addScaleWaybills(sqlite: Sql, n: number, now: number, onBatch?: (waybills: number) => void) {
  const corps = [{ ctx: corpContext(sqlite, 1), bundles: 0 }];
  let waybills = 0;
  // A million rows land at random places of the time and number indexes: with SQLite's default
  // 2 MB page cache nearly every insert misses it. 512 MB for the build, then back.
  const cacheSize = sqlite.pragma('cache_size', { simple: true });
  sqlite.pragma('cache_size = -524288');
  for (const data of transportBatches({ rules: TRANSPORT_RULES, now, corps, lean: true, spanDays: 365, endings: YEAR_ENDINGS, seed: 7, batchWaybills: 50_000, untilWaybills: n, ...continuation(sqlite) })) {
    sqlite.transaction(() => insertData(sqlite, data))();
    waybills += data.waybills.length;
    onBatch?.(waybills);
  }
  sqlite.pragma(`cache_size = ${Number(cacheSize)}`);
  sqlite.exec('ANALYZE');
  return { waybills };
}
