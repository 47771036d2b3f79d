// Bill lists with status tabs and the bill detail with its lines and timeline, in the user's scope
// (scope.ts). Labels come from the dictionary billStatus; the actions offered are the machine's.
import type { SessionUser } from '../../../http/context.ts';
import type { Registry } from '../../../registry/types.ts';
import { labelOf } from '../../../registry/labels.ts';
import { DEFAULT_PAGE_SIZE } from '../../../resources/input-schemas.ts';
import { formatTime, SHANGHAI_OFFSET_MS } from '../../../resources/time.ts';
import { all, one, type Conn } from '../../../resources/statements.ts';
import { SIDE_NAMES } from '../fees/store.ts';
import { billHistory } from './history.ts';
import { lineCountOf, linesOf } from './lines.ts';
import { actorOf, billActionName, billActionsFor, type BillAction } from './machine.ts';
import { BILL_COLUMNS, billScope, loadBill, type BillRow, type Where } from './scope.ts';

export interface BillQuery {
  side?: number;
  status?: number;
  partyId?: number;
  billNo?: string;
  /** 结算对象 by name (a carrier's or a customer's, contains). */
  partyName?: string;
  /** 账期: bills whose period overlaps [from, to] (epoch ms of Shanghai days, either end open). */
  period?: (number | null)[];
  curPage?: number;
  pageSize?: number;
}

const PARTY_NAME = `CASE WHEN b.side = 2 THEN (SELECT carrier_name FROM carriers WHERE id = b.party_id)
  ELSE (SELECT customer_name FROM customers WHERE id = b.party_id) END`;

/** The Shanghai calendar day of an instant, 'YYYY-MM-DD'. */
const shanghaiDate = (ms: number) => new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

function filtered(user: SessionUser, q: BillQuery, withStatus: boolean): Where {
  const where = billScope(user);
  const add = (sql: string, value: unknown) => { where.sql.push(sql); where.params.push(value); };
  if (q.side !== undefined) add('b.side = ?', q.side);
  if (q.partyId !== undefined) add('b.party_id = ?', q.partyId);
  if (q.billNo?.trim()) add('b.bill_no LIKE ?', `%${q.billNo.trim().replace(/[%_]/g, '')}%`);
  if (q.partyName?.trim()) add(`${PARTY_NAME} LIKE ?`, `%${q.partyName.trim().replace(/[%_]/g, '')}%`);
  const [from, to] = q.period ?? [];
  // Periods are Shanghai dates as text ('YYYY-MM-DD'), which compare in calendar order.
  if (typeof from === 'number') add('b.period_to >= ?', shanghaiDate(from));
  if (typeof to === 'number') add('b.period_from <= ?', shanghaiDate(to));
  if (withStatus && q.status !== undefined) add('b.status = ?', q.status);
  return where;
}

function view(reg: Registry, user: SessionUser, b: BillRow & { partyName?: string }) {
  const actions = billActionsFor(b, actorOf(user.userType, b.side));
  return {
    ...b,
    sideStr: SIDE_NAMES[b.side],
    statusStr: labelOf(reg, 'billStatus', b.status),
    period: `${b.periodFrom} 至 ${b.periodTo}`,
    createdAtStr: formatTime(b.createdAt),
    // The machine's actions this user may take now, also by side ('distribute:2' 分发, 'distribute:1'
    // 发送): the list's and detail's row buttons (state: bill, server/registry/route-shapes.ts).
    availableActions: actions.flatMap((a) => [a, `${a}:${b.side}`]),
    actions: actions.map((a: BillAction) => ({ action: a, name: billActionName(a, b.side) })),
  };
}

export async function billList(conn: Conn, reg: Registry, user: SessionUser, q: BillQuery) {
  const where = filtered(user, q, true);
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await all<BillRow & { partyName: string }>(conn,
    `SELECT ${BILL_COLUMNS}, ${PARTY_NAME} AS "partyName" FROM bills b WHERE ${where.sql.join(' AND ')} ORDER BY b.updated_at DESC, b.id DESC LIMIT ? OFFSET ?`,
    ...where.params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM bills b WHERE ${where.sql.join(' AND ')}`, ...where.params))!;
  return { data: rows.map((r) => view(reg, user, r)), totalRecords: Number(n), curPage, pageSize };
}

/** The status tabs: each status of the dictionary with its count under the other filters, and 全部. */
export async function billCounts(conn: Conn, reg: Registry, user: SessionUser, q: BillQuery) {
  const where = filtered(user, q, false);
  const rows = await all<{ status: number; n: number }>(conn,
    `SELECT b.status, count(*) AS n FROM bills b WHERE ${where.sql.join(' AND ')} GROUP BY b.status`, ...where.params);
  const count = new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  const items = reg.dictionaries.get('billStatus')?.items ?? [];
  return [
    { status: null, label: '全部', count: [...count.values()].reduce((a, b) => a + b, 0) },
    ...items.map((i) => ({ status: i.id as number, label: i.label, count: count.get(i.id as number) ?? 0 })),
  ];
}

/** 计价规则 as a bill shows it: the rule's name, said when a person adjusted the fee after pricing. */
function ruleText(l: { ruleName: string | null; feeState: number | null }): string | null {
  if (l.feeState !== 2) return l.ruleName;
  return l.ruleName ? `${l.ruleName}（已人工调整）` : '人工调整';
}

/** Carriers (side 2) or customers (side 1) of the corporation for the 生成账单 dialog: `{id, partyName}`. */
export async function partyOptions(conn: Conn, user: SessionUser, q: { side: number; id?: number; partyName?: string; curPage?: number; pageSize?: number }) {
  const [table, name] = q.side === 2 ? ['carriers', 'carrier_name'] : ['customers', 'customer_name'];
  const where = ['corp_id = ?', 'is_deleted = 0'];
  const params: unknown[] = [user.corpId];
  // The form's picker asks by id for the label of a value it starts with.
  if (q.id !== undefined) { where.push('id = ?'); params.push(q.id); }
  if (q.partyName?.trim()) { where.push(`${name} LIKE ?`); params.push(`%${q.partyName.trim().replace(/[%_]/g, '')}%`); }
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const data = await all<{ id: number; partyName: string }>(conn,
    `SELECT id, ${name} AS "partyName" FROM ${table} WHERE ${where.join(' AND ')} ORDER BY ${name}, id LIMIT ? OFFSET ?`, ...params, pageSize, (curPage - 1) * pageSize);
  return { data, curPage, pageSize };
}

/** The lines 账单详情 shows: a month's bill of a carrier has 10,000; every line is in 导出账单. */
export const DETAIL_LINES = 200;

/**
 * The bill with its lines and timeline. The detail page gets the first DETAIL_LINES lines, `lineCount`
 * and `linesNote` saying how many are shown; the totals are the bill's own, over every line. `allLines`
 * (the export) reads every line.
 */
export async function billDetail(conn: Conn, reg: Registry, user: SessionUser, id: number, { allLines = false } = {}) {
  const bill = await loadBill(conn, user, id);
  const { partyName } = (await one<{ partyName: string }>(conn, `SELECT ${PARTY_NAME} AS "partyName" FROM bills b WHERE b.id = ?`, id))!;
  const lines = (await linesOf(conn, id, allLines ? undefined : DETAIL_LINES)).map((l) => ({ ...l, kindStr: l.kind === 1 ? '运单' : '调整', ruleName: ruleText(l) }));
  const lineCount = allLines ? lines.length : await lineCountOf(conn, id);
  const timeline = (await billHistory(conn, id)).map((h) => ({
    action: h.action, actionStr: h.action === 'create' ? '生成账单' : billActionName(h.action as BillAction, bill.side),
    userName: h.userName, changedAt: h.changedAt, changedAtStr: formatTime(h.changedAt), changes: JSON.parse(h.changes) as { field: string; after: unknown }[],
  })).map((h) => ({ ...h, note: (h.changes.find((c) => c.field === 'note')?.after as string | undefined) ?? null }));
  const linesNote = lineCount > lines.length ? `共${lineCount}条明细，此处显示前${lines.length}条；全部明细请导出账单` : `共${lineCount}条明细`;
  return { ...view(reg, user, { ...bill, partyName }), lines, lineCount, linesNote, timeline };
}
