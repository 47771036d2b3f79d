// The bridge between fixtures/transport.ts and the database: reads each corporation's partners,
// fleet, places and users, hands the generator the REAL workflow functions (fixtures/ may not
// import server/), and inserts the records with prepared statements in one transaction (the demo)
// or in batches (the benchmark's million waybills).
import { Numbers, transportBatches, YEAR_ENDINGS } from '../fixtures/transport.ts';
import { TRANSPORT_TABLES, type CorpContext, type TransportData, type TransportRules } from '../fixtures/transport-types.ts';
import { applyOrderAction, orderStatusOf, taskStatusOf } from '../server/domain/workflow/order-machine.ts';
import { applyWaybillAction, INITIAL_WAYBILL_STATE } from '../server/domain/workflow/waybill-machine.ts';
import { hasRemainder, splitPart } from '../server/domain/workflow/splits.ts';
import { dayOf } from '../server/domain/workflow/numbering.ts';
import { arriveLeaveState } from '../server/domain/waybills/timeline.ts';
import { insertRows } from './seed-demo.ts';
import { all, one, run, tx, type Conn } from '../server/resources/statements.ts';
import { seedTransportWork } from './seed-transport-work.ts';

export const TRANSPORT_RULES: TransportRules = {
  initialWaybillState: INITIAL_WAYBILL_STATE,
  applyWaybillAction: applyWaybillAction as TransportRules['applyWaybillAction'],
  applyOrderAction: applyOrderAction as TransportRules['applyOrderAction'],
  orderStatusOf, taskStatusOf, splitPart, hasRemainder, arriveLeaveState, dayOf,
};

/** Demo scenarios per corporation: corporation 1 gets a few thousand orders and waybills, 2 a few hundred. */
export const DEMO_BUNDLES: Record<number, number> = { 1: 2400, 2: 240 };

const ids = async (conn: Conn, sql: string, ...p: unknown[]) => (await all<{ id: number }>(conn, sql, ...p)).map((r) => r.id);

export async function corpContext(conn: Conn, corpId: number): Promise<CorpContext> {
  const users = await all<{ id: number; name: string; type: number; partner: number | null }>(conn,
    'SELECT id, real_name AS name, user_type AS type, partner_id AS partner FROM users WHERE corp_id = ? ORDER BY id', corpId);
  const byPartner = (type: number) => new Map(users.filter((u) => u.type === type && u.partner !== null).map((u) => [u.partner!, { id: u.id, name: u.name }]));
  const staffUser = users.find((u) => u.type === 0 && /调度/.test(u.name)) ?? users.find((u) => u.type === 0);
  if (!staffUser) throw new Error(`corporation ${corpId} has no staff user to act in the demo waybills`);
  const vehicles = await all<{ id: number; carrierId: number; driverId: number | null }>(conn,
    `SELECT v.id, v.carrier_id AS carrierId, CASE WHEN d.status = 0 AND d.is_deleted = 0 THEN v.driver_id END AS driverId
       FROM vehicles v LEFT JOIN drivers d ON d.id = v.driver_id
      WHERE v.corp_id = ? AND v.is_deleted = 0 AND v.status = 0 AND v.carrier_id IS NOT NULL ORDER BY v.id LIMIT 5000`, corpId);
  const carrierUsers = byPartner(2);
  const carriers = (await ids(conn, 'SELECT id FROM carriers WHERE corp_id = ? AND is_deleted = 0 ORDER BY id', corpId))
    .map((id) => ({ id, vehicles: vehicles.filter((v) => v.carrierId === id).map(({ id: vid, driverId }) => ({ id: vid, driverId })) }))
    .filter((c) => c.vehicles.length > 0)
    // The carrier with a demo user comes first: the generator favours it.
    .sort((a, b) => Number(carrierUsers.has(b.id)) - Number(carrierUsers.has(a.id)));
  const customerUsers = byPartner(1);
  const customerIds = (await ids(conn, 'SELECT id FROM customers WHERE corp_id = ? AND is_deleted = 0 ORDER BY id', corpId))
    .sort((a, b) => Number(customerUsers.has(b)) - Number(customerUsers.has(a)));
  const places = await all<{ id: number; lon: number; lat: number }>(conn, 'SELECT id, lon, lat FROM areas WHERE corp_id = ? AND is_deleted = 0 AND customer_id IS NULL ORDER BY id', corpId);
  return {
    corpId, customerIds, carriers,
    areaIds: places.map((p) => p.id), places: new Map(places.map(({ id, lon, lat }) => [id, { lon, lat }])),
    staff: { id: staffUser.id, name: staffUser.name }, carrierUsers, customerUsers,
  };
}

/** Next free id per table, and the last business number of each day, so generated rows follow existing ones. */
async function continuation(conn: Conn) {
  const next = async (table: string) => (await one<{ n: number }>(conn, `SELECT coalesce(max(id), 0) + 1 AS n FROM ${table}`))!.n;
  const firstIds = {
    order: await next('orders'), goods: await next('order_goods'), part: await next('order_parts'), waybill: await next('waybills'), node: await next('waybill_nodes'),
    event: await next('waybill_events'), evaluation: await next('waybill_evaluations'), history: await next('order_history'),
  };
  const last = (table: string, column: string) => all<{ k: string; n: number }>(conn,
    `SELECT corp_id || ':' || substr(${column}, 1, 10) AS k, max(CAST(substr(${column}, 11) AS INTEGER)) AS n FROM ${table} GROUP BY k`);
  const numbers = new Numbers(TRANSPORT_RULES, [...await last('orders', 'order_no'), ...await last('waybills', 'waybill_no')].map((r) => [r.k, r.n] as [string, number]));
  return { firstIds, numbers };
}

async function insertData(conn: Conn, data: TransportData) {
  let rows = 0;
  for (const [key, table] of TRANSPORT_TABLES) rows += await insertRows(conn, table, data[key] as Iterable<Record<string, unknown>>);
  return rows;
}

/** The demo's orders and waybills for corporations 1 and 2, in one transaction; then the work the server's own functions do on them. */
export async function seedTransportDemo(conn: Conn, now: number) {
  const corps: { ctx: CorpContext; bundles: number }[] = [];
  for (const [corpId, bundles] of Object.entries(DEMO_BUNDLES)) corps.push({ ctx: await corpContext(conn, Number(corpId)), bundles });
  const made = await tx(conn, async () => {
    const started = performance.now();
    const [data] = transportBatches({ rules: TRANSPORT_RULES, now, corps, ...await continuation(conn) });
    const generated = performance.now();
    const rows = await insertData(conn, data);
    return { orders: data.orders.length, waybills: data.waybills.length, rows, generateMs: Math.round(generated - started), insertMs: Math.round(performance.now() - generated) };
  });
  const started = performance.now();
  const work = await seedTransportWork(conn, now);
  return { ...made, work, workMs: Math.round(performance.now() - started) };
}

/**
 * At least n more waybills for corporation 1 (with their orders, goods, parts, links and nodes; no
 * timeline), over the past year, generated and inserted in batches of 50,000 waybills.
 */
export async function addScaleWaybills(conn: Conn, n: number, now: number, onBatch?: (waybills: number) => void) {
  const corps = [{ ctx: await corpContext(conn, 1), bundles: 0 }];
  let waybills = 0;
  for (const data of transportBatches({ rules: TRANSPORT_RULES, now, corps, lean: true, spanDays: 365, endings: YEAR_ENDINGS, seed: 7, batchWaybills: 50_000, untilWaybills: n, ...await continuation(conn) })) {
    await tx(conn, () => insertData(conn, data));
    waybills += data.waybills.length;
    onBatch?.(waybills);
  }
  await run(conn, 'ANALYZE');
  return { waybills };
}
