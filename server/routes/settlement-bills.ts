// Settlement: the waybill fee override (spec section 7 financialFee/saveFee), the fees of a waybill,
// and bills (our own paths under bill/*, docs/api.md "Bills"): list with status tabs, detail,
// createBills, and the machine's actions (server/domain/settlement/bills/machine.ts). Partner users
// reach only their own party's bills; the scope is in the SQL (bills/scope.ts).
import { estimateFees } from '../domain/settlement/fees/estimate-fees.ts';
import { pricePeriod } from '../domain/settlement/fees/price-period.ts';
import type { Conn } from '../resources/statements.ts';
import { route, type RouteDef } from '../http/route.ts';
import { invalid } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { overrideFee } from '../domain/settlement/fees/estimates.ts';
import { waybillFees } from '../domain/settlement/fees/reads.ts';
import { createBills, type CreateBillsInput } from '../domain/settlement/bills/create.ts';
import { runBillAction } from '../domain/settlement/bills/actions.ts';
import { billCounts, billDetail, billList, partyOptions } from '../domain/settlement/bills/reads.ts';
import { billWorkbook } from '../domain/settlement/bills/export.ts';
import { attachmentHeaders } from '../exports/file-name.ts';
import type { BillAction } from '../domain/settlement/bills/machine.ts';
import { idOf, requiredText, text, VERSION } from './waybill-inputs.ts';

const { curPage, pageSize } = pagingProperties([]);

/** Fen: whole, not negative, below 10^12 fen (10 billion yuan). */
const fen = (title: string) => ({ title, type: 'integer', minimum: 0, maximum: 999_999_999_999 });
const side = { title: '结算方向', type: 'integer', enum: [1, 2] };
const day = (title: string) => ({
  title, type: 'string', maxLength: 10, pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', errorMessage: { pattern: `${title}：请输入正确的日期（YYYY-MM-DD）` },
});
const idQuery = (title: string) => ({
  type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title, type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
});

/** Reading bills: finance's 账单管理, and the partners' confirmation pages (scoped to their own bills in SQL). */
const READ = ['billList3', 'carrierBill3', 'customerBill3'];
/** Who reads a waybill's or an order's fees: the settlement staff, and partners reading their bills (each its own side). */
export const FEE_READ = ['financialFeeSave3', ...READ];
const CREATE = ['createBills3'];

/** A day that exists in the calendar (the pattern lets 2026-02-31 through). */
function realDay(value: string, title: string) {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw invalid(`${title}：请输入正确的日期（YYYY-MM-DD）`);
}

const listInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize, side, status: { title: '账单状态', type: 'integer', enum: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, partyId: idOf('结算对象'), billNo: text('账单号', 32),
    partyName: text('结算对象', 64),
    // The console's date range: epoch ms of the first and last day, either end open (null).
    period: { title: '账期', type: 'array', maxItems: 2, items: { type: ['integer', 'null'], minimum: 0, maximum: 9_999_999_999_999 } },
  },
};

/** An action's body: the bill and the version read, plus what that action needs. */
const actionInput = (extra: Record<string, object> = {}, required: string[] = []) => ({
  type: 'object', additionalProperties: false, required: ['id', 'version', ...required], properties: { id: idOf('账单ID'), version: VERSION, ...extra },
});

export function settlementBillRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const action = (path: string, act: BillAction, ops: string[], input: object) => route({
    method: 'POST', path, access: { anyOf: ops }, input,
    handler: ({ user, body }) => runBillAction(conn, registry(), user, act, body),
  });
  return [
    route({
      method: 'POST', path: '/financialFee/saveFee', access: { anyOf: ['financialFeeSave3'] },
      input: {
        type: 'object', additionalProperties: false, required: ['waybillId', 'side', 'amount', 'reason'],
        properties: { waybillId: idOf('运单ID'), side, amount: fen('金额（分）'), reason: requiredText('调整原因', 256), version: VERSION },
      },
      handler: ({ user, body }) => overrideFee(conn, user, body),
    }),
    route({
      // 运费估算: prices the waybill from the contracts in force and stores the estimates (spec section 7).
      method: 'POST', path: '/financialFee/countRate', access: { anyOf: ['financialFeeSave3'] },
      input: { type: 'object', additionalProperties: false, required: ['waybillId'], properties: { waybillId: idOf('运单ID') } },
      handler: ({ user, body }) => estimateFees(conn, user, body.waybillId as number),
    }),
    route({
      method: 'GET', path: '/financialFee/getWaybillFees', access: { anyOf: FEE_READ }, input: idQuery('运单ID'),
      handler: ({ user, body }) => waybillFees(conn, user, Number(body.id)),
    }),
    route({
      method: 'POST', path: '/bill/getBillList', access: { anyOf: READ }, input: listInput,
      handler: ({ user, body }) => billList(conn, registry(), user, body),
    }),
    route({
      method: 'POST', path: '/bill/getBillCount', access: { anyOf: READ }, input: listInput,
      handler: ({ user, body }) => billCounts(conn, registry(), user, body),
    }),
    route({
      method: 'GET', path: '/bill/getBillDetail', access: { anyOf: READ }, input: idQuery('账单ID'),
      handler: ({ user, body }) => billDetail(conn, registry(), user, Number(body.id)),
    }),
    route({
      // 导出账单: the bill as .xlsx (header, lines, totals in 元), read in the user's scope like the detail.
      method: 'GET', path: '/bill/exportBill', access: { anyOf: READ }, input: idQuery('账单ID'),
      handler: async ({ user, body }) => {
        const { name, bytes } = await billWorkbook(conn, registry(), user, Number(body.id));
        return new Response(new Uint8Array(bytes), { status: 200, headers: { ...attachmentHeaders(name), 'content-length': String(bytes.byteLength) } });
      },
    }),
    route({
      // The 生成账单 dialog's 结算对象: the corporation's carriers (side 2) or customers (side 1).
      method: 'POST', path: '/bill/partyDropBox', access: { anyOf: CREATE },
      input: {
        type: 'object', additionalProperties: false, required: ['side'],
        properties: { side, id: idOf('结算对象'), partyName: text('结算对象', 64), curPage, pageSize },
      },
      handler: ({ user, body }) => partyOptions(conn, user, body as { side: number }),
    }),
    route({
      method: 'POST', path: '/bill/createBills', access: { anyOf: CREATE },
      input: {
        type: 'object', additionalProperties: false, required: ['side', 'partyId', 'from', 'to'],
        properties: { side, partyId: idOf('结算对象'), from: day('账期开始日期'), to: day('账期结束日期'), remark: text('备注') },
      },
      handler: ({ user, body }) => {
        const input = body as CreateBillsInput;
        realDay(input.from, '账期开始日期');
        realDay(input.to, '账期结束日期');
        return createBills(conn, user, input);
      },
    }),
    route({
      // 批量估算: every waybill completed in the period priced on both sides, before its bills are made.
      method: 'POST', path: '/bill/priceWaybills', access: { anyOf: CREATE },
      input: { type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: day('账期开始日期'), to: day('账期结束日期') } },
      handler: ({ user, body }) => {
        realDay(body.from as string, '账期开始日期');
        realDay(body.to as string, '账期结束日期');
        return pricePeriod(conn, user, body.from as string, body.to as string);
      },
    }),
    action('/bill/audit', 'audit', CREATE, actionInput()),
    action('/bill/reopen', 'reopen', CREATE, actionInput()),
    action('/bill/delete', 'remove', CREATE, actionInput()),
    action('/bill/distribute', 'distribute', ['billDistribute3'], actionInput()),
    action('/bill/billConfirm', 'confirm', ['billConfirm3'], actionInput()),
    action('/bill/billReject', 'reject', ['billConfirm3'], actionInput({ reason: requiredText('驳回原因', 256) }, ['reason'])),
    action('/bill/invoice', 'invoice', ['billInvoice3'], actionInput({ invoiceNo: requiredText('发票号', 64) }, ['invoiceNo'])),
    action('/bill/writeOff', 'writeOff', ['billSettle3'], actionInput()),
    action('/bill/pay', 'pay', ['billSettle3'], actionInput()),
  ];
}
