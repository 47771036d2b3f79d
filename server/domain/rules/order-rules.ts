// A rule for an order at a moment (the delegate rules judge an order as it is created): the order's
// facts read in batches (one order when it is saved, a month of orders for the preview, through the
// same code), its scope and condition values, and the pure choice among the versions in force.
import type { Conn } from '../../resources/statements.ts';
import { all } from '../../resources/statements.ts';
import { DAY_MS, SHANGHAI_OFFSET_MS } from '../../resources/time.ts';
import { corporationSettings } from '../auth/user-info.ts';
import { CM3_PER, GRAMS_PER } from '../settlement/pricing/facts-loader.ts';
import { chooseRule } from './choose.ts';
import type { FactValues, RuleRecord, ScopeFacts } from './rule-type.ts';
import { rulesAt, versionsDuring, type RuleVersion } from './versions.ts';

export interface OrderFacts {
  orderId: number;
  customerId: number;
  businessType: number;
  shipper: { province: string | null; city: string | null };
  receiver: { province: string | null; city: string | null };
  /** One per goods line (null: a line typed by hand, outside the catalogue). */
  goodsCategories: (number | null)[];
  /** Totals over the lines; null when a line has no figure (a partial sum would say too little). */
  weightT: number | null;
  volumeM3: number | null;
  quantity: number;
  /** The Shanghai hour (0–23) of the required load time. */
  loadHour: number | null;
}

const BATCH = 500;
const marks = (n: number) => Array(n).fill('?').join(', ');

/** An order's facts as read: its own row and its two areas' names. */
export interface OrderFactRow { id: number; customerId: number; businessType: number; requiredLoadTime: number | null;
  shipperProvince: string | null; shipperCity: string | null; receiverProvince: string | null; receiverCity: string | null }
/** The columns of the order's own row its facts come from (ORDER_OWN_COLUMNS over `orders o`), then withAreas. */
export interface OrderOwnRow { id: number; customerId: number; businessType: number; requiredLoadTime: number | null; shipperAreaId: number; receiverAreaId: number }
interface GoodsRow { orderId: number; quantity: number; weight: number | null; volume: number | null; goodsCategory: number | null }

// Exported for a reader that selects orders its own way and wants their facts from the same statement
// (the delegate preview reads a month of orders once, for its list and for the rule's choice).
export const ORDER_OWN_COLUMNS = `o.id, o.customer_id AS "customerId", o.business_type AS "businessType", o.required_load_time AS "requiredLoadTime",
    o.shipper_area_id AS "shipperAreaId", o.receiver_area_id AS "receiverAreaId"`;
const ORDERS_SQL = (n: number) => `SELECT ${ORDER_OWN_COLUMNS} FROM orders o WHERE o.corp_id = ? AND o.id IN (${marks(n)})`;
const AREAS_SQL = (n: number) => `SELECT id, province, city FROM areas WHERE id IN (${marks(n)})`;

/**
 * The orders with their areas' names, set on the rows given; an order whose area is gone is left out
 * (it has no facts: never judged). The areas are read once each by id rather than joined onto every order: a month's 240,000
 * orders name a few hundred areas (the join cost the delegate preview a second of its five).
 */
export async function withAreas<T extends OrderOwnRow>(conn: Conn, rows: T[]): Promise<(T & OrderFactRow)[]> {
  const ids = [...new Set(rows.flatMap((o) => [o.shipperAreaId, o.receiverAreaId]))];
  const areas = new Map<number, { province: string | null; city: string | null }>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    for (const a of await all<{ id: number; province: string | null; city: string | null }>(conn, AREAS_SQL(part.length), ...part)) areas.set(a.id, a);
  }
  // The names are set on the rows read (a copy of each of a month's rows cost more than the join did).
  const out: (T & OrderFactRow)[] = [];
  for (const o of rows as (T & OrderFactRow)[]) {
    const shipper = areas.get(o.shipperAreaId);
    const receiver = areas.get(o.receiverAreaId);
    if (!shipper || !receiver) continue;
    o.shipperProvince = shipper.province;
    o.shipperCity = shipper.city;
    o.receiverProvince = receiver.province;
    o.receiverCity = receiver.city;
    out.push(o);
  }
  return out;
}
const GOODS_SQL = (n: number) => `SELECT g.order_id AS "orderId", g.quantity, g.weight, g.volume, c.goods_category AS "goodsCategory"
  FROM order_goods g LEFT JOIN goods c ON c.id = g.goods_info_id WHERE g.order_id IN (${marks(n)}) ORDER BY g.order_id, g.id`;

const round3 = (v: number) => Math.round(v * 1000) / 1000;
/** A sum of figures in the corporation's unit, in the big unit (tonnes, m³); null if any is missing or the unit unknown. */
function totalIn(figures: (number | null)[], perSmall: bigint | undefined, smallPerBig: number): number | null {
  if (perSmall === undefined || figures.length === 0 || figures.some((f) => f === null)) return null;
  return round3((figures as number[]).reduce((s, f) => s + f, 0) * Number(perSmall) / smallPerBig);
}

export const shanghaiHour = (ms: number) => Math.floor((((ms + SHANGHAI_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS / 3600_000);

/**
 * What of an order to read beyond its own row: its goods lines, by default. A reader whose rules test no
 * goods field (a preview over a month of orders) leaves them out: no categories, no totals, quantity 0.
 */
export interface OrderFactParts {
  goods: boolean;
  /** When given, the goods lines of these customers' orders only (the others' facts as without goods). */
  goodsOfCustomers?: ReadonlySet<number>;
}

/** The facts of the corporation's orders among `orderIds` (absent: no such order). */
export async function loadOrderFacts(conn: Conn, corpId: number, orderIds: readonly number[], parts: OrderFactParts = { goods: true }): Promise<Map<number, OrderFacts>> {
  const out = new Map<number, OrderFacts>();
  for (let i = 0; i < orderIds.length; i += BATCH) {
    const ids = orderIds.slice(i, i + BATCH);
    const rows = await withAreas(conn, await all<OrderOwnRow>(conn, ORDERS_SQL(ids.length), corpId, ...ids));
    for (const [id, facts] of await orderFactsOf(conn, corpId, rows, parts)) out.set(id, facts);
  }
  return out;
}

/** The facts of orders read as OrderFactRow (their goods lines read here, in batches, when `parts` asks for them). */
export async function orderFactsOf(conn: Conn, corpId: number, rows: readonly OrderFactRow[], parts: OrderFactParts = { goods: true }): Promise<Map<number, OrderFacts>> {
  const out = new Map<number, OrderFacts>();
  if (!rows.length) return out;
  const settings = await corporationSettings(conn, corpId);
  const grams = GRAMS_PER[String(settings.weightUnit)];
  const cm3 = CM3_PER[String(settings.volumeUnit)];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const goods = new Map<number, GoodsRow[]>();
    const ids = batch.filter((o) => !parts.goodsOfCustomers || parts.goodsOfCustomers.has(o.customerId)).map((o) => o.id);
    for (const g of parts.goods && ids.length ? await all<GoodsRow>(conn, GOODS_SQL(ids.length), ...ids) : []) {
      const lines = goods.get(g.orderId);
      if (lines) lines.push(g);
      else goods.set(g.orderId, [g]);
    }
    for (const o of batch) {
      const lines = goods.get(o.id) ?? [];
      out.set(o.id, {
        orderId: o.id, customerId: o.customerId, businessType: o.businessType,
        shipper: { province: o.shipperProvince, city: o.shipperCity }, receiver: { province: o.receiverProvince, city: o.receiverCity },
        goodsCategories: lines.map((l) => l.goodsCategory),
        weightT: totalIn(lines.map((l) => l.weight), grams, 1_000_000),
        volumeM3: totalIn(lines.map((l) => l.volume), cm3, 1_000_000),
        quantity: round3(lines.reduce((s, l) => s + l.quantity, 0)),
        loadHour: o.requiredLoadTime === null ? null : shanghaiHour(o.requiredLoadTime),
      });
    }
  }
  return out;
}

/** Who and what an order concerns. It has no carrier yet: a rule's carrier scope never covers it. */
export function orderScopeFacts(f: OrderFacts): ScopeFacts {
  return { customerIds: [f.customerId], carrierId: null, businessType: f.businessType, origin: f.shipper, destination: f.receiver };
}

/** An order's values of the condition fields the order rule types declare. */
export function orderFactValues(f: OrderFacts): FactValues {
  return {
    customerId: f.customerId, businessType: f.businessType,
    shipperProvince: f.shipper.province, shipperCity: f.shipper.city, receiverProvince: f.receiver.province, receiverCity: f.receiver.city,
    goodsCategory: f.goodsCategories, weightT: f.weightT, volumeM3: f.volumeM3, quantity: f.quantity, loadHour: f.loadHour,
  };
}

/** The rule chosen for an order of known facts among versions, at `at`. */
export function ruleForOrder<R extends RuleRecord>(versions: readonly RuleVersion<R>[], facts: OrderFacts, at: number): R | null {
  return chooseRule(rulesAt(versions, at), at, orderScopeFacts(facts), orderFactValues(facts));
}

/** The type's rule for one order at `at`, or null. Nothing is read beyond one query when the corporation has no rule of the type. */
export async function orderRuleAt<R extends RuleRecord>(conn: Conn, corpId: number, type: string, orderId: number, at: number): Promise<R | null> {
  const versions = await versionsDuring<R>(conn, corpId, type, at, at);
  if (versions.length === 0) return null;
  const facts = (await loadOrderFacts(conn, corpId, [orderId])).get(orderId);
  return facts ? ruleForOrder(versions, facts, at) : null;
}
