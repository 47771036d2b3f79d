// What a stowage rule would have proposed over the last 30 days' orders, before it is saved
// (docs/rules.md "Stowage rules"): the orders created in the window (live, not voided) that the rule
// would have judged (the most specific rule in force at the order's creation, the candidate standing
// in for the rule it edits), grouped and packed by the same plan as a run (orders/stowage/auto-plan.ts)
// onto the rule's carrier's vehicles as they are now, all taken as free, each order with all its
// goods. Nothing is written.
import type { Conn } from '../../../resources/statements.ts';
import { all } from '../../../resources/statements.ts';
import { DAY_MS, formatTime } from '../../../resources/time.ts';
import { ORDER_COLUMNS, ORDER_JOINS, type OrderRow } from '../../orders/access.ts';
import { OrderStatus } from '../../workflow/order-machine.ts';
import { stowageSetting } from '../../orders/stowage/settings.ts';
import { planStowage, type PlanOrder } from '../../orders/stowage/auto-plan.ts';
import { versionsDuring } from '../versions.ts';
import { stowageRuleType, type StowageRuleRecord } from '../types/stowage.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';

export interface PreviewProposal {
  vehicleNo: string | null;
  orderIds: number[];
  orderNos: string;
  totalWeight: number;
  totalVolume: number;
  loadRate: number | null;
  reason: string | null;
}

export interface StowagePreview extends PreviewTable {
  fromStr: string; toStr: string;
  /** Orders in the window, and of those the ones the rule would have judged. */
  orders: number;
  matched: number;
  vehicles: number;
  /** Matched orders no vehicle took. */
  leftOver: number;
  proposals: PreviewProposal[];
}

const COLUMNS = [
  { key: 'seq', title: '序号' }, { key: 'vehicleNo', title: '车辆' }, { key: 'orderCount', title: '订单数' }, { key: 'orderNos', title: '订单号' },
  { key: 'totalWeight', title: '重量' }, { key: 'totalVolume', title: '体积' }, { key: 'loadRate', title: '装载率(%)' }, { key: 'result', title: '结果' },
];

export async function previewStowageRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<StowagePreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<StowageRuleRecord>(candidate, editedId, { loadingPlace: 0, unloadingPlace: 0, autoRun: 0, runTimes: null });
  const others = (await versionsDuring<StowageRuleRecord>(conn, corpId, stowageRuleType.key, from, now)).filter((v) => v.rule.id !== rule.id);
  const versions = [...others, { rule, version: 0, validSince: from, validUntil: null }];
  const rows = await all<OrderRow>(conn, `SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS}
    WHERE o.corp_id = ? AND o.is_deleted = 0 AND o.status <> ? AND o.created_at >= ? AND o.created_at <= ? ORDER BY o.id`, corpId, OrderStatus.VOIDED, from, now);
  const totals = new Map<number, { weight: number; volume: number }>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((o) => o.id);
    for (const g of await all<{ orderId: number; weight: number | null; volume: number | null }>(conn, `SELECT order_id AS "orderId", sum(weight) AS weight, sum(volume) AS volume
      FROM order_goods WHERE order_id IN (${ids.map(() => '?').join(', ')}) GROUP BY order_id`, ...ids)) totals.set(g.orderId, { weight: Number(g.weight ?? 0), volume: Number(g.volume ?? 0) });
  }
  const orders: PlanOrder[] = rows.map((order) => ({ order, ...(totals.get(order.id) ?? { weight: 0, volume: 0 }), at: order.createdAt }));
  const plan = await planStowage(conn, corpId, orders, versions, await stowageSetting(conn, corpId), new Set(), new Set([rule.id]));
  const names = new Map((await all<{ id: number; vehicleNo: string }>(conn, 'SELECT id, vehicle_no AS "vehicleNo" FROM vehicles WHERE corp_id = ?', corpId)).map((v) => [v.id, v.vehicleNo]));
  const proposals: PreviewProposal[] = plan.proposals.map((p) => ({
    vehicleNo: p.vehicle ? names.get(p.vehicle.id) ?? null : null, orderIds: p.orders.map((o) => o.id), orderNos: p.orders.map((o) => o.orderNo).join(','),
    totalWeight: p.totalWeight, totalVolume: p.totalVolume, loadRate: p.loadRate, reason: p.reason,
  }));
  const loaded = proposals.filter((p) => !p.reason);
  const matched = proposals.reduce((s, p) => s + p.orderIds.length, 0);
  const leftOver = matched - loaded.reduce((s, p) => s + p.orderIds.length, 0);
  const rates = loaded.map((p) => p.loadRate).filter((r): r is number => r !== null);
  return {
    fromStr: formatTime(from), toStr: formatTime(now), orders: rows.length, matched, vehicles: loaded.length, leftOver, proposals,
    summary: [
      { label: '预览区间', value: `${formatTime(from)} 至 ${formatTime(now)}` },
      { label: '适用订单', value: `${matched}单（共${rows.length}单）` },
      { label: '配载方案', value: `${loaded.length}车` },
      { label: '平均装载率', value: rates.length ? `${Math.round((rates.reduce((s, r) => s + r, 0) / rates.length) * 10) / 10}%` : '无' },
      { label: '未能配载订单', value: `${leftOver}单` },
    ],
    columns: COLUMNS,
    rows: proposals.map((p, i) => ({
      seq: i + 1, vehicleNo: p.vehicleNo ?? '无', orderCount: p.orderIds.length, orderNos: p.orderNos, totalWeight: p.totalWeight, totalVolume: p.totalVolume,
      loadRate: p.loadRate ?? '', result: p.reason ? `生成失败：${p.reason}` : '待采纳',
    })),
  };
}
