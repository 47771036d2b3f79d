// 运费支付: the payment list with status tabs, a payment's detail (the dialogs' before call, with its
// timeline), and generating the payments of completed waybills. Labels come from the dictionaries
// paymentWaybillStatus and paymentProcessStatus; the actions offered are the machine's for this user.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import type { Registry } from '../../../registry/types.ts';
import { labelOf } from '../../../registry/labels.ts';
import { DEFAULT_PAGE_SIZE } from '../../../resources/input-schemas.ts';
import { formatTime } from '../../../resources/time.ts';
import { all, one, tx, type Conn } from '../../../resources/statements.ts';
import { FeeSide } from '../fees/store.ts';
import { paymentActionName, paymentActionsFor, paymentActorOf, PaymentStatus } from './machine.ts';
import { loadPayment, PAYMENT_COLUMNS, paymentHistory, paymentScope, recordPaymentHistory, writerOf, type PaymentRow, type Where } from './store.ts';

export interface PaymentQuery {
  status?: number;
  processStatus?: number;
  waybillNo?: string;
  carrierId?: number;
  curPage?: number;
  pageSize?: number;
}

const NAMES = `w.waybill_no AS "waybillNo", cr.carrier_name AS "carrierName", d.driver_name AS "driverName"`;
const JOINS = `JOIN waybills w ON w.id = p.waybill_id LEFT JOIN carriers cr ON cr.id = p.carrier_id LEFT JOIN drivers d ON d.id = p.driver_id`;

function filtered(user: SessionUser, q: PaymentQuery, withStatus: boolean): Where {
  const where = paymentScope(user);
  const add = (sql: string, value: unknown) => { where.sql.push(sql); where.params.push(value); };
  if (q.carrierId !== undefined) add('p.carrier_id = ?', q.carrierId);
  if (q.processStatus !== undefined) add('p.process_status = ?', q.processStatus);
  if (q.waybillNo?.trim()) add('w.waybill_no LIKE ?', `%${q.waybillNo.trim().replace(/[%_\\]/g, '')}%`);
  if (withStatus && q.status !== undefined) add('p.status = ?', q.status);
  return where;
}

type Named = PaymentRow & { waybillNo: string; carrierName: string | null; driverName: string | null };

/** The bank account as lists show it: only its last four digits. */
const masked = (account: string | null) => (account ? `****${account.slice(-4)}` : null);

function view(reg: Registry, user: SessionUser, p: Named) {
  const { bankAccount, ...rest } = p;
  const own = user.userType === 0 || paymentActorOf(user, p.carrierId) !== null;
  return {
    ...rest,
    bankAccount: own ? masked(bankAccount) : null,
    statusStr: labelOf(reg, 'paymentWaybillStatus', p.status),
    processStatusStr: labelOf(reg, 'paymentProcessStatus', p.processStatus),
    agreementSignedStr: p.agreementSigned ? '已签署' : '未签署',
    paidAtStr: p.paidAt ? formatTime(p.paidAt) : null,
    updatedAtStr: formatTime(p.updatedAt),
    availableActions: paymentActionsFor(p, paymentActorOf(user, p.carrierId)),
  };
}

export async function paymentList(conn: Conn, reg: Registry, user: SessionUser, q: PaymentQuery) {
  const where = filtered(user, q, true);
  const curPage = q.curPage ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = await all<Named>(conn,
    `SELECT ${PAYMENT_COLUMNS}, ${NAMES} FROM waybill_payments p ${JOINS} WHERE ${where.sql.join(' AND ')}
      ORDER BY p.updated_at DESC, p.id DESC LIMIT ? OFFSET ?`, ...where.params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM waybill_payments p ${JOINS} WHERE ${where.sql.join(' AND ')}`, ...where.params))!;
  return { data: rows.map((r) => view(reg, user, r)), totalRecords: Number(n), curPage, pageSize };
}

/** The status tabs' counts, in one call: [{status, statusStr, count}]. */
export async function paymentCounts(conn: Conn, reg: Registry, user: SessionUser, q: PaymentQuery) {
  const where = filtered(user, q, false);
  const rows = await all<{ status: number; n: number }>(conn,
    `SELECT p.status, count(*) AS n FROM waybill_payments p ${JOINS} WHERE ${where.sql.join(' AND ')} GROUP BY p.status`, ...where.params);
  const count = new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  return (reg.dictionaries.get('paymentWaybillStatus')?.items ?? []).map((i) => ({ status: i.id, statusStr: i.label, count: count.get(i.id as number) ?? 0 }));
}

export async function paymentDetail(conn: Conn, reg: Registry, user: SessionUser, id: number) {
  const p = await loadPayment(conn, user, id);
  const named = (await one<Named>(conn, `SELECT ${PAYMENT_COLUMNS}, ${NAMES} FROM waybill_payments p ${JOINS} WHERE p.id = ?`, id))!;
  const timeline = (await paymentHistory(conn, p.id)).map((h) => ({
    action: h.action, actionStr: h.action === 'create' ? '生成支付单' : h.action === 'submit' ? '提交支付' : paymentActionName(h.action as never),
    userName: h.userName, changedAtStr: formatTime(h.changedAt), changes: JSON.parse(h.changes),
  }));
  return { ...view(reg, user, named), timeline };
}

/**
 * 生成支付单: a payment at 1 待完善证件信息 for each completed waybill (or the one named) with a payable fee
 * and no live payment. Under one lock per corporation, so two finance users at once make each payment once
 * (the partial unique index waybill_payments_waybill refuses a second one in the database too).
 */
export async function generatePayments(conn: Conn, user: SessionUser, waybillId?: number) {
  return tx(conn, async () => {
    await conn.lock(`payments:generate:${user.corpId}`);
    const now = Date.now();
    const due = await all<{ waybillId: number; carrierId: number; driverId: number | null; amount: number }>(conn,
      `SELECT w.id AS "waybillId", f.party_id AS "carrierId", w.driver_id AS "driverId", f.amount
         FROM waybills w JOIN waybill_fees f ON f.waybill_id = w.id AND f.side = ? AND f.is_deleted = 0
        WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.status = 500 ${waybillId ? 'AND w.id = ?' : ''}
          AND NOT EXISTS (SELECT 1 FROM waybill_payments p WHERE p.waybill_id = w.id AND p.is_deleted = 0)
        ORDER BY w.id`, FeeSide.PAYABLE, user.corpId, ...(waybillId ? [waybillId] : []));
    if (!due.length) throw failure(waybillId ? '该运单不是已完成的有应付运费的运单，或已生成支付单' : '没有需要生成支付单的已完成运单');
    for (const d of due) {
      const id = await conn.insert(
        `INSERT INTO waybill_payments (corp_id, waybill_id, carrier_id, driver_id, amount, status, created_by, created_at, updated_by, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [user.corpId, d.waybillId, d.carrierId, d.driverId, d.amount, PaymentStatus.AWAITING_CERTIFICATES, user.userId, now, user.userId, now]);
      await recordPaymentHistory(conn, writerOf(user), id, 'create', null, PaymentStatus.AWAITING_CERTIFICATES, 1, null, now);
    }
    return { created: due.length };
  });
}
