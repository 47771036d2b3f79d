// Which bills a user may see, in SQL: corporation staff see the corporation's bills; a carrier user
// only bills to its own carrier (side 2), a customer user only bills to its own customer (side 1), and
// a partner sees a bill only once finance has sent it (not at 2 待确认 or 4 待发送, which are finance's
// drafts). Anything else reads as not found, so an id of another party's bill reveals nothing.
import type { SessionUser } from '../../../http/context.ts';
import { failure } from '../../../http/envelope.ts';
import { NOT_FOUND } from '../../../resources/engine.ts';
import { one, type Conn } from '../../../resources/statements.ts';
import { BillSide, BillStatus } from './machine.ts';

export interface Where {
  sql: string[];
  params: unknown[];
}

export function billScope(user: SessionUser, alias = 'b'): Where {
  const where: Where = { sql: [`${alias}.corp_id = ?`, `${alias}.is_deleted = 0`], params: [user.corpId] };
  if (user.userType === 0) return where;
  const side = user.userType === 2 ? BillSide.PAYABLE : BillSide.RECEIVABLE;
  where.sql.push(`${alias}.side = ?`, `${alias}.party_id = ?`, `${alias}.status NOT IN (?, ?)`);
  where.params.push(side, user.partnerId ?? -1, BillStatus.AWAITING_CONFIRMATION, BillStatus.AWAITING_SENDING);
  return where;
}

export interface BillRow {
  id: number;
  corpId: number;
  billNo: string;
  side: number;
  partyId: number;
  periodFrom: string;
  periodTo: string;
  status: number;
  feeTotal: number;
  deductionTotal: number;
  adjustmentTotal: number;
  total: number;
  waybillCount: number;
  rejectReason: string | null;
  invoiceNo: string | null;
  remark: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export const BILL_COLUMNS = `b.id, b.corp_id AS "corpId", b.bill_no AS "billNo", b.side, b.party_id AS "partyId", b.period_from AS "periodFrom",
  b.period_to AS "periodTo", b.status, b.fee_total AS "feeTotal", b.deduction_total AS "deductionTotal", b.adjustment_total AS "adjustmentTotal",
  b.total, b.waybill_count AS "waybillCount", b.reject_reason AS "rejectReason", b.invoice_no AS "invoiceNo", b.remark, b.version,
  b.created_at AS "createdAt", b.updated_at AS "updatedAt"`;

/** The bill in the user's scope, or code 0 '记录不存在或无权访问'. */
export async function loadBill(conn: Conn, user: SessionUser, id: number): Promise<BillRow> {
  const where = billScope(user);
  const bill = await one<BillRow>(conn, `SELECT ${BILL_COLUMNS} FROM bills b WHERE ${where.sql.join(' AND ')} AND b.id = ?`, ...where.params, id);
  if (!bill) throw failure(NOT_FOUND);
  return bill;
}
