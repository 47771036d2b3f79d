// 预估结算 and 正式结算 (docs/settlement.md "Settlement lists"): the waybills with their estimated 应收 and 应付,
// and the billed lines with their bill, each filtered by order kind (订单 / 材料订单: the business line
// rawMaterial), party and period. A partner user sees only its own side and party (the estimated list:
// the fees of its party; the formal list: bills/scope.ts, sent bills only).
import type { SessionUser } from '../../http/context.ts';
import type { Registry } from '../../registry/types.ts';
import { labelOf } from '../../registry/labels.ts';
import { DEFAULT_PAGE_SIZE } from '../../resources/input-schemas.ts';
import { likePattern } from '../../resources/like.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { formatTime } from '../../resources/time.ts';
import { BUSINESS_GROUPS } from '../orders/business-types.ts';
import { billScope } from './bills/scope.ts';
import { STATE_NAMES } from './fees/reads.ts';
import { SIDE_NAMES } from './fees/store.ts';

export const ORDER_KIND = { ORDER: 1, MATERIAL: 2 } as const;

export interface SettlementQuery {
  curPage?: number;
  pageSize?: number;
  orderKind?: number[];
  side?: number[];
  partyName?: string;
  waybillNo?: string;
  period?: (number | null)[];
  billNo?: string;
  billStatus?: number[];
}

const MATERIAL = BUSINESS_GROUPS.rawMaterial;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
/** Fen as a number (PostgreSQL answers sums and bigints as text); null where no fee is priced. */
const num = (fen: number | null) => (fen === null ? null : Number(fen));
const kindOf = (businessType: number) => (MATERIAL.includes(businessType) ? ORDER_KIND.MATERIAL : ORDER_KIND.ORDER);
const KIND_NAMES: Record<number, string> = { 1: '订单', 2: '材料订单' };
/** A side without a fee: the waybill's 费用 says why. */
const UNPRICED = '未估算';

class Where {
  sql: string[] = [];
  params: unknown[] = [];
  add(sql: string, ...params: unknown[]) { this.sql.push(sql); this.params.push(...params); }
  /** 订单 / 材料订单 by the waybill's business type; both or none: no filter. */
  orderKind(kinds: number[] | undefined, column: string) {
    if (!kinds?.length || kinds.length === 2) return;
    this.add(`${column} ${kinds[0] === ORDER_KIND.MATERIAL ? '' : 'NOT '}IN (${marks(MATERIAL.length)})`, ...MATERIAL);
  }
  range(column: string, range: (number | null)[] | undefined) {
    if (range?.[0] != null) this.add(`${column} >= ?`, range[0]);
    if (range?.[1] != null) this.add(`${column} <= ?`, range[1]);
  }
  get text() { return this.sql.join(' AND '); }
}

const paging = (q: SettlementQuery) => {
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return { curPage, pageSize, offset: (curPage - 1) * pageSize };
};

/** 预估结算: one row per waybill with its 应收 and 应付 (amount, state) and parties, by the waybill's creation. */
export async function estimatedSettlement(conn: Conn, reg: Registry, user: SessionUser, q: SettlementQuery) {
  const { curPage, pageSize, offset } = paging(q);
  const w = new Where();
  w.add('w.corp_id = ?', user.corpId);
  w.add('w.is_deleted = 0');
  // A partner: only waybills where its own party holds the fee of its side.
  const own = user.userType === 2 ? 2 : user.userType === 1 ? 1 : null;
  if (own !== null) w.add(`${own === 1 ? 'r' : 'p'}.party_id = ?`, user.partnerId ?? -1);
  w.orderKind(q.orderKind, 'w.business_type');
  const sides = q.side?.length === 1 ? q.side[0] : null;
  if (sides === 1) w.add('r.id IS NOT NULL');
  if (sides === 2) w.add('p.id IS NOT NULL');
  if (q.partyName?.trim()) {
    const like = likePattern(q.partyName.trim(), '结算对象');
    // A partner searches its own party's name only (the other side is not shown to it).
    const names = [...(own === 2 ? [] : ['cu.customer_name']), ...(own === 1 ? [] : ['ca.carrier_name'])];
    w.add(`(${names.map((n) => `${n} LIKE ? ESCAPE '\\'`).join(' OR ')})`, ...names.map(() => like));
  }
  if (q.waybillNo?.trim()) w.add(`w.waybill_no LIKE ? ESCAPE '\\'`, likePattern(q.waybillNo.trim(), '运单号'));
  w.range('w.created_at', q.period);
  const from = `FROM waybills w
    LEFT JOIN waybill_fees r ON r.waybill_id = w.id AND r.side = 1 AND r.is_deleted = 0
    LEFT JOIN waybill_fees p ON p.waybill_id = w.id AND p.side = 2 AND p.is_deleted = 0
    LEFT JOIN customers cu ON cu.id = COALESCE(r.party_id,
      (SELECT MIN(o.customer_id) FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = w.id))
    LEFT JOIN carriers ca ON ca.id = COALESCE(p.party_id, w.carrier_id)
    WHERE ${w.text}`;
  const rows = await all<Record<string, any>>(conn,
    `SELECT w.id, w.waybill_no AS "waybillNo", w.business_type AS "businessType", w.status, w.created_at AS "createdAt",
       cu.customer_name AS "customerName", r.amount AS receivable, r.state AS "receivableState",
       ca.carrier_name AS "carrierName", p.amount AS payable, p.state AS "payableState"
     ${from} ORDER BY w.created_at DESC, w.id DESC LIMIT ? OFFSET ?`, ...w.params, pageSize, offset);
  const total = await one<{ n: number; r: number | null; p: number | null }>(conn,
    `SELECT COUNT(*) AS n, SUM(r.amount) AS r, SUM(p.amount) AS p ${from}`, ...w.params);
  const hide = (side: number) => own !== null && own !== side;
  return {
    data: rows.map((x) => ({
      id: x.id, waybillId: x.id, waybillNo: x.waybillNo, orderKindStr: KIND_NAMES[kindOf(x.businessType)],
      businessTypeStr: labelOf(reg, 'businessType', x.businessType), statusStr: labelOf(reg, 'waybillStatus', x.status),
      customerName: hide(1) ? null : x.customerName,
      receivable: hide(1) ? null : num(x.receivable), receivableStateStr: hide(1) ? null : x.receivableState === null ? UNPRICED : STATE_NAMES[x.receivableState],
      carrierName: hide(2) ? null : x.carrierName,
      payable: hide(2) ? null : num(x.payable), payableStateStr: hide(2) ? null : x.payableState === null ? UNPRICED : STATE_NAMES[x.payableState],
      createdAtStr: formatTime(Number(x.createdAt)),
    })),
    totalRecords: Number(total?.n ?? 0), curPage, pageSize,
    // The sums over every matching row, not only this page.
    totals: { receivable: hide(1) ? null : Number(total?.r ?? 0), payable: hide(2) ? null : Number(total?.p ?? 0) },
  };
}

/** 正式结算: the lines of live bills (waybill lines and adjustments) with the bill, by the bill's period. */
export async function formalSettlement(conn: Conn, reg: Registry, user: SessionUser, q: SettlementQuery) {
  const { curPage, pageSize, offset } = paging(q);
  const scope = billScope(user);
  const w = new Where();
  w.sql.push(...scope.sql);
  w.params.push(...scope.params);
  w.add('l.is_deleted = 0');
  w.orderKind(q.orderKind, 'w.business_type');
  if (q.side?.length === 1) w.add('b.side = ?', q.side[0]);
  if (q.billStatus?.length) w.add(`b.status IN (${marks(q.billStatus.length)})`, ...q.billStatus);
  if (q.billNo?.trim()) w.add(`b.bill_no LIKE ? ESCAPE '\\'`, likePattern(q.billNo.trim(), '账单号'));
  if (q.waybillNo?.trim()) w.add(`w.waybill_no LIKE ? ESCAPE '\\'`, likePattern(q.waybillNo.trim(), '运单号'));
  if (q.partyName?.trim()) {
    const like = likePattern(q.partyName.trim(), '结算对象');
    w.add(`(CASE WHEN b.side = 2 THEN ca.carrier_name ELSE cu.customer_name END) LIKE ? ESCAPE '\\'`, like);
  }
  // A bill falls in the period when its own period overlaps it (periods are Asia/Shanghai dates).
  if (q.period?.[0] != null) w.add('b.period_to >= ?', formatTime(q.period[0]).slice(0, 10));
  if (q.period?.[1] != null) w.add('b.period_from <= ?', formatTime(q.period[1]).slice(0, 10));
  const from = `FROM bill_lines l JOIN bills b ON b.id = l.bill_id JOIN waybills w ON w.id = l.waybill_id
    LEFT JOIN carriers ca ON ca.id = b.party_id AND b.side = 2 LEFT JOIN customers cu ON cu.id = b.party_id AND b.side = 1
    WHERE ${w.text}`;
  const rows = await all<Record<string, any>>(conn,
    `SELECT l.id, l.kind, l.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", w.business_type AS "businessType", b.bill_no AS "billNo",
       b.status, b.side, b.period_from AS "periodFrom", b.period_to AS "periodTo", CASE WHEN b.side = 2 THEN ca.carrier_name ELSE cu.customer_name END AS "partyName",
       l.fee_amount AS "feeAmount", l.deductions, l.adjustments, l.total, l.reason
     ${from} ORDER BY b.period_to DESC, b.id DESC, l.id LIMIT ? OFFSET ?`, ...w.params, pageSize, offset);
  const total = await one<{ n: number; t: number | null }>(conn, `SELECT COUNT(*) AS n, SUM(l.total) AS t ${from}`, ...w.params);
  return {
    data: rows.map((x) => ({
      id: x.id, waybillId: x.waybillId, waybillNo: x.waybillNo, kindStr: x.kind === 1 ? '运单' : '调整', orderKindStr: KIND_NAMES[kindOf(x.businessType)],
      billNo: x.billNo, billStatusStr: labelOf(reg, 'billStatus', x.status), sideStr: SIDE_NAMES[x.side], partyName: x.partyName,
      period: `${x.periodFrom} 至 ${x.periodTo}`, feeAmount: Number(x.feeAmount), deductions: Number(x.deductions),
      adjustments: Number(x.adjustments), total: Number(x.total), reason: x.reason,
    })),
    totalRecords: Number(total?.n ?? 0), curPage, pageSize, totals: { total: Number(total?.t ?? 0) },
  };
}
