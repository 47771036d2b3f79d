// What a delegate rule would have done over the last 30 days, before it is saved (docs/rules.md
// "Delegate rules"): every order created in the window that the rule would have judged (the most
// specific rule in force at the order's creation, the candidate standing in for the rule it edits),
// the carrier it would have delegated it to (the first of its carriers enabled now), and beside it
// what did happen: the order's first delegation, by a rule or by hand (no delegation recorded: the
// carrier it went to anyway, the order's or its first waybill's, by hand). Nothing is written.
import type { Conn } from '../../../resources/statements.ts';
import { all } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { firstEnabledCarrier } from '../delegate-order.ts';
import { loadOrderFacts, ORDER_OWN_COLUMNS, orderFactsOf, orderFactValues, orderScopeFacts, withAreas, type OrderFacts, type OrderOwnRow } from '../order-rules.ts';
import { chooseRule } from '../choose.ts';
import { versionsDuring, type RuleVersion } from '../versions.ts';
import { delegateRuleType, type DelegateRuleRecord } from '../types/delegate.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';
import { customersNeedingFacts, orderPartsFor, testsOnlyCustomer } from './facts-needed.ts';
import { rulesInForce } from './rules-in-force.ts';

/** The orders the answer lists one by one (the counts cover them all). */
const LISTED = 200;
/** Orders per statement of a month's reads, below either engine's parameter limit (the first waybills' carriers on the bench: 1.2 s CPU against 1.3–1.8 s with 500). */
const PER_STATEMENT = 5000;

interface OrderRow { id: number; customerId: number; createdAt: number; carrierId: number | null }
interface DelegateRow { orderId: number; changes: string; userName: string | null }

export interface PreviewOrder {
  orderId: number; orderNo: string; customerName: string; createdAt: number; createdAtStr: string;
  /** The carrier the rule would have delegated the order to; null when none of its carriers is enabled. */
  carrierName: string | null;
  /** The order's first delegation as it happened (null: never delegated). */
  actualCarrierName: string | null;
  /** 规则：<rule> or 手工(：<who>, when the delegation was recorded). */
  actualBy: string | null;
  /** Delegated by hand to another carrier than the rule's. */
  differs: boolean;
}
export interface PreviewResult extends PreviewTable {
  fromStr: string; toStr: string;
  /** Orders the rule would have judged, and of those the ones it would have delegated. */
  matched: number;
  delegated: number;
  /** Of the matched orders, those delegated by hand, and of those to another carrier than the rule's. */
  byHand: number;
  byHandToOther: number;
  orders: PreviewOrder[];
}

type Change = { field?: string; afterText?: string | null; after?: unknown };

/** Each order's first delegation: to whom, and by which rule or by whom. */
async function firstDelegations(conn: Conn, corpId: number, orderIds: readonly number[]) {
  const out = new Map<number, { carrierId: number | null; carrierName: string | null; by: string }>();
  for (let i = 0; i < orderIds.length; i += PER_STATEMENT) {
    const part = orderIds.slice(i, i + PER_STATEMENT);
    const rows = await all<DelegateRow>(conn, `SELECT record_id AS "orderId", changes, user_name AS "userName" FROM record_history
      WHERE corp_id = ? AND resource = 'order' AND action = 'delegate' AND record_id IN (${part.map(() => '?').join(', ')}) ORDER BY changed_at, id`, corpId, ...part);
    for (const r of rows) {
      if (out.has(r.orderId)) continue;
      const changes = JSON.parse(r.changes) as Change[];
      const carrier = changes.find((c) => c.field === 'carrierId');
      const rule = changes.find((c) => c.field === 'delegateRuleId');
      out.set(r.orderId, {
        carrierId: typeof carrier?.after === 'number' ? carrier.after : null, carrierName: carrier?.afterText ?? null,
        by: rule ? `规则：${rule.afterText ?? ''}` : `手工：${r.userName ?? ''}`,
      });
    }
  }
  return out;
}

/** Each order's first waybill's carrier (orders of no waybill with a carrier are absent). */
async function firstWaybillCarriers(conn: Conn, orderIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < orderIds.length; i += PER_STATEMENT) {
    const part = orderIds.slice(i, i + PER_STATEMENT);
    const rows = await all<{ orderId: number; carrierId: number }>(conn, `SELECT wo.order_id AS "orderId", w.carrier_id AS "carrierId"
      FROM waybill_orders wo JOIN waybills w ON w.id = wo.waybill_id
      WHERE wo.order_id IN (${part.map(() => '?').join(', ')}) AND w.is_deleted = 0 AND w.carrier_id IS NOT NULL ORDER BY wo.order_id, w.id`, ...part);
    for (const r of rows) if (!out.has(r.orderId)) out.set(r.orderId, r.carrierId);
  }
  return out;
}

/** The names of the customers among `ids` (a customer whose row is gone is absent). */
async function customerNames(conn: Conn, ids: readonly number[]): Promise<Map<number, string>> {
  const distinct = [...new Set(ids)];
  const out = new Map<number, string>();
  for (let i = 0; i < distinct.length; i += 500) {
    const part = distinct.slice(i, i + 500);
    const rows = await all<{ id: number; name: string }>(conn, `SELECT id, customer_name AS name FROM customers WHERE id IN (${part.map(() => '?').join(', ')})`, ...part);
    for (const c of rows) out.set(c.id, c.name);
  }
  return out;
}

/** The order numbers of the listed orders (read for those only: a month of order numbers is a string per row). */
async function orderNumbers(conn: Conn, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await all<{ id: number; orderNo: string }>(conn, `SELECT id, order_no AS "orderNo" FROM orders WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids);
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}

// The window's ids from the creation index first, then their rows by id: SQLite fetches them in id order,
// each table page once, instead of one page per row in creation order (a month's orders are spread over
// the whole table: 0.8–1.0 s CPU against 1.4–1.9 s on the bench file, sorted after).
const WINDOW_SQL = (columns: string, ofCustomer: boolean) => `SELECT ${columns}, o.created_at AS "createdAt", o.carrier_id AS "carrierId"
  FROM orders o WHERE o.id IN (SELECT id FROM orders WHERE corp_id = ? AND is_deleted = 0 AND created_at >= ? AND created_at <= ?)${ofCustomer ? ' AND o.customer_id = ?' : ''}
  ORDER BY o.created_at, o.id`;

/**
 * The window's orders the candidate may judge (of its customer when it names one), oldest first, those
 * whose customer is gone left out, and the facts of those whose rule the choice must work out
 * (`needsFacts`). Usually every order's: read with the window's own statement, their areas and customers
 * once each by id rather than joined onto every order (an order whose areas are gone has no facts: never
 * judged). But a candidate that tests nothing but the customer judges every order that no other rule in
 * force can (customersNeedingFacts): of a month's orders, mostly such rows, only four columns are read
 * (each column of 240,000 rows costs), and the facts of the others by id. The areas of those the
 * candidate judges unread are not read: foreign keys keep an order's areas.
 */
async function windowOrders(conn: Conn, corpId: number, rule: DelegateRuleRecord, versions: readonly RuleVersion<DelegateRuleRecord>[], from: number, now: number) {
  // An order of another customer than the candidate's is never its (chooseRule compares numbers).
  const ofCustomer = typeof rule.customerId === 'number';
  const params = [corpId, from, now, ...(ofCustomer ? [rule.customerId] : [])];
  const parts = orderPartsFor(versions.map((v) => v.rule));
  // The rules in force kept per span between changes (ruleForOrder, without a list per order).
  const rulesOf = rulesInForce(versions);
  if (!testsOnlyCustomer(rule)) {
    const owned = await all<OrderRow & OrderOwnRow>(conn, WINDOW_SQL(ORDER_OWN_COLUMNS, ofCustomer), ...params);
    const customers = await customerNames(conn, owned.map((o) => o.customerId));
    const orders = (await withAreas(conn, owned)).filter((o) => customers.has(o.customerId));
    return { orders: orders as OrderRow[], customers, rulesOf, facts: await orderFactsOf(conn, corpId, orders, parts), needsFacts: (_o: OrderRow) => true };
  }
  const owned = await all<OrderRow>(conn, WINDOW_SQL('o.id, o.customer_id AS "customerId"', ofCustomer), ...params);
  const customers = await customerNames(conn, owned.map((o) => o.customerId));
  const orders = owned.filter((o) => customers.has(o.customerId));
  const namedOf = new Map<readonly DelegateRuleRecord[], ReadonlySet<number> | null>();
  const needsFacts = (o: OrderRow) => {
    const list = rulesOf(o.createdAt);
    let named = namedOf.get(list);
    if (named === undefined) namedOf.set(list, (named = customersNeedingFacts(list.filter((r) => r !== rule))));
    return named === null || named.has(o.customerId);
  };
  const facts = await loadOrderFacts(conn, corpId, orders.filter(needsFacts).map((o) => o.id), parts);
  return { orders, customers, rulesOf, facts, needsFacts };
}

const carrierNames = async (conn: Conn, corpId: number) =>
  new Map((await all<{ id: number; name: string }>(conn, 'SELECT id, carrier_name AS name FROM carriers WHERE corp_id = ?', corpId)).map((c) => [c.id, c.name]));

export async function previewDelegateRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<PreviewResult> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<DelegateRuleRecord>(candidate, editedId, { backupCarrierIds: null });
  const others = (await versionsDuring<DelegateRuleRecord>(conn, corpId, delegateRuleType.key, from, now)).filter((v) => v.rule.id !== rule.id);
  // The candidate stands for the whole window: one version that was always in force.
  const versions = [...others, { rule, version: 0, validSince: from, validUntil: null }];
  // Only the facts the rules in play can test, of the orders whose rule must be worked out.
  const { orders, customers, rulesOf, facts, needsFacts } = await windowOrders(conn, corpId, rule, versions, from, now);
  const matched = orders.filter((o) => {
    if (!needsFacts(o)) return true; // only the candidate can judge it (windowOrders)
    const f = facts.get(o.id);
    return f && chooseRule(rulesOf(o.createdAt), o.createdAt, orderScopeFacts(f), orderFactValues(f)) === rule;
  });
  const orderNos = await orderNumbers(conn, matched.slice(0, LISTED).map((o) => o.id));
  const carrier = await firstEnabledCarrier(conn, corpId, delegateRuleType.effectOf(rule).carrierIds);
  const actual = await firstDelegations(conn, corpId, matched.map((o) => o.id));
  const names = await carrierNames(conn, corpId);
  // Where no delegation was recorded, the carrier the order went to anyway: its own, else its first waybill's.
  const undelegated = matched.filter((o) => !actual.has(o.id));
  const waybillCarriers = await firstWaybillCarriers(conn, undelegated.filter((o) => o.carrierId === null).map((o) => o.id));
  for (const o of undelegated) {
    const carrierId = o.carrierId ?? waybillCarriers.get(o.id) ?? null;
    if (carrierId !== null) actual.set(o.id, { carrierId, carrierName: names.get(carrierId) ?? null, by: '手工' });
  }
  const result: PreviewResult = {
    fromStr: formatTime(from), toStr: formatTime(now), matched: matched.length, delegated: carrier ? matched.length : 0, byHand: 0, byHandToOther: 0, orders: [],
    summary: [], columns: COLUMNS, rows: [],
  };
  for (const o of matched) {
    const done = actual.get(o.id);
    const byHand = !!done && done.by.startsWith('手工');
    const differs = byHand && done!.carrierId !== (carrier?.id ?? null);
    if (byHand) result.byHand++;
    if (differs) result.byHandToOther++;
    if (result.orders.length < LISTED) {
      result.orders.push({
        orderId: o.id, orderNo: orderNos.get(o.id)!, customerName: customers.get(o.customerId)!, createdAt: o.createdAt, createdAtStr: formatTime(o.createdAt),
        carrierName: carrier?.name ?? null, actualCarrierName: done?.carrierName ?? null, actualBy: done?.by ?? null, differs,
      });
    }
  }
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '适用订单', value: `${result.matched}单` },
    { label: '将自动委托', value: carrier ? `${result.delegated}单，委托给${carrier.name}` : '0单（规则的承运商均未启用）' },
    { label: '其中已手工委托', value: `${result.byHand}单` },
    { label: '手工委托给其他承运商', value: `${result.byHandToOther}单` },
  ];
  result.rows = result.orders.map((o) => ({
    orderNo: o.orderNo, customerName: o.customerName, createdAtStr: o.createdAtStr, carrierName: o.carrierName ?? '无可用承运商',
    actualCarrierName: o.actualCarrierName ?? '未委托', actualBy: o.actualBy ?? '', differs: o.differs ? '是' : '否',
  }));
  return result;
}

const COLUMNS = [
  { key: 'orderNo', title: '订单号' }, { key: 'customerName', title: '客户' }, { key: 'createdAtStr', title: '创建时间' },
  { key: 'carrierName', title: '将委托给' }, { key: 'actualCarrierName', title: '实际承运商' }, { key: 'actualBy', title: '实际委托方式' },
  { key: 'differs', title: '手工委托给其他承运商' },
];
