// Settlement storage (docs/settlement.md "Estimates (预估)" and "Bills"): the fee of each waybill per
// side (what we charge the customer, what we pay the carrier), and the bills that settle those fees
// with a party for a period. Money is integer fen everywhere.
import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { audit, corporations, live } from './schema.ts';
import { waybills } from './schema-transport.ts';

/**
 * One fee per waybill and side: side 1 应收 (party = customer), 2 应付 (party = carrier). state 1 预估
 * (as the pricing engine estimated it), 2 已调整 (overridden by a dispatcher, with the reason).
 */
export const waybillFees = sqliteTable('waybill_fees', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  side: integer('side').notNull(),
  /** The customer (side 1) or carrier (side 2) id. */
  partyId: integer('party_id').notNull(),
  /** Fen. */
  amount: integer('amount').notNull(),
  /** The pricing engine's itemised result (JSON), as estimated; kept when the amount is overridden. */
  lines: text('lines'),
  ruleId: integer('rule_id'),
  state: integer('state').notNull(),
  overrideReason: text('override_reason'),
  ...audit,
}, (t) => [
  uniqueIndex('waybill_fees_side').on(t.waybillId, t.side).where(live),
  index('waybill_fees_party').on(t.corpId, t.side, t.partyId),
]);

/**
 * A bill to one party for one period. side as on waybill_fees; status: dictionary billStatus (2–11,
 * machine in server/domain/settlement/bill-machine.ts). Totals in fen, always the sums of the lines.
 */
export const bills = sqliteTable('bills', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  billNo: text('bill_no').notNull(),
  side: integer('side').notNull(),
  partyId: integer('party_id').notNull(),
  /** The period, Asia/Shanghai dates 'YYYY-MM-DD', both included. */
  periodFrom: text('period_from').notNull(),
  periodTo: text('period_to').notNull(),
  status: integer('status').notNull(),
  feeTotal: integer('fee_total').notNull(),
  deductionTotal: integer('deduction_total').notNull(),
  adjustmentTotal: integer('adjustment_total').notNull(),
  total: integer('total').notNull(),
  waybillCount: integer('waybill_count').notNull(),
  /** The partner's last reason for sending the bill back (驳回). */
  rejectReason: text('reject_reason'),
  invoiceNo: text('invoice_no'),
  remark: text('remark'),
  ...audit,
}, (t) => [
  uniqueIndex('bills_no').on(t.corpId, t.billNo).where(live),
  index('bills_party').on(t.corpId, t.isDeleted, t.side, t.partyId, t.status),
  index('bills_status').on(t.corpId, t.isDeleted, t.status, t.updatedAt),
]);

/**
 * A bill's lines: kind 1 a waybill's fee (amount, deductions, adjustments, total), kind 2 an adjustment of
 * a waybill billed on an earlier, frozen bill (a signed amount with its reason). side and party_id repeat
 * the bill's so the database itself refuses a waybill on two live bills of one party (bill_lines_waybill).
 */
export const billLines = sqliteTable('bill_lines', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  billId: integer('bill_id').notNull().references(() => bills.id),
  side: integer('side').notNull(),
  partyId: integer('party_id').notNull(),
  kind: integer('kind').notNull(),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  feeId: integer('fee_id').references(() => waybillFees.id),
  feeAmount: integer('fee_amount').notNull(),
  deductions: integer('deductions').notNull(),
  adjustments: integer('adjustments').notNull(),
  total: integer('total').notNull(),
  reason: text('reason'),
  /** 0 while its bill is live; 1 once the bill is deleted (the waybill may be billed again). */
  isDeleted: integer('is_deleted').notNull().default(0),
}, (t) => [
  uniqueIndex('bill_lines_waybill').on(t.corpId, t.side, t.partyId, t.waybillId).where(sql`kind = 1 AND is_deleted = 0`),
  index('bill_lines_bill').on(t.billId),
  index('bill_lines_of_waybill').on(t.waybillId, t.side),
]);

/**
 * What is taken off a party's fee for one waybill (docs/settlement.md "Deductions"): kind 1 货损分摊,
 * 2 告警扣款, 3 晚到扣款, 4 其他; amount in fen, always > 0. side and party as on waybill_fees (a
 * carrier's deduction is side 2). source says where it came from: `lossShare:<id>`, `alarm:<id>`,
 * `late:<rule id>`. A cancelled deduction is soft-deleted; the live ones feed the bill line.
 */
export const waybillDeductions = sqliteTable('waybill_deductions', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  side: integer('side').notNull(),
  partyId: integer('party_id').notNull(),
  kind: integer('kind').notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason'),
  source: text('source').notNull(),
  ...audit,
}, (t) => [
  index('waybill_deductions_line').on(t.corpId, t.side, t.partyId, t.waybillId),
  uniqueIndex('waybill_deductions_source').on(t.corpId, t.source).where(live),
]);

/**
 * 货损分摊: the goods lost at a partial or damaged sign-off, their value and who bears it — the carrier's
 * share becomes a kind 1 deduction (deduction_id), the rest the company bears. Quantities in thousandths
 * (three decimals, as the goods lines); money in fen. Cancelling (取消分摊) soft-deletes it and its deduction.
 */
export const carrierLossShares = sqliteTable('carrier_loss_shares', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  carrierId: integer('carrier_id').notNull(),
  /** Thousandths of the goods unit. */
  lostQuantity: integer('lost_quantity').notNull(),
  /** Fen per goods unit. */
  unitValue: integer('unit_value').notNull(),
  lossAmount: integer('loss_amount').notNull(),
  carrierAmount: integer('carrier_amount').notNull(),
  companyAmount: integer('company_amount').notNull(),
  reason: text('reason'),
  deductionId: integer('deduction_id'),
  ...audit,
}, (t) => [
  uniqueIndex('carrier_loss_shares_waybill').on(t.waybillId).where(live),
  index('carrier_loss_shares_corp').on(t.corpId, t.isDeleted, t.updatedAt),
]);

/**
 * 司机补贴 / 送货员补贴 of one waybill: kind 1 the driver, 2 the delivery man; person_id the driver (or
 * delivery man) record; rule_id the allowance rule it came from (null when staff added it); status by the
 * driverFeeStatus dictionary (300 待确认, 1 已确认). carrier_id scopes it to the carrier's users.
 */
export const waybillAllowances = sqliteTable('waybill_allowances', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  kind: integer('kind').notNull(),
  personId: integer('person_id'),
  personName: text('person_name').notNull(),
  carrierId: integer('carrier_id'),
  ruleId: integer('rule_id'),
  amount: integer('amount').notNull(),
  /** When the trip was completed (or the day staff gave), for the month of the report. */
  tripAt: integer('trip_at').notNull(),
  status: integer('status').notNull(),
  remark: text('remark'),
  confirmedBy: integer('confirmed_by'),
  confirmedAt: integer('confirmed_at'),
  ...audit,
}, (t) => [
  uniqueIndex('waybill_allowances_kind').on(t.waybillId, t.kind).where(live),
  index('waybill_allowances_list').on(t.corpId, t.isDeleted, t.kind, t.status, t.tripAt),
]);

/**
 * The outcome of the last estimate of each waybill and side (on dispatch, delegation, a change, or
 * 运费估算): priced or not, and when not, why (`运单未指定承运商…`, `承运商在运单日期没有生效的合同` …).
 * A pricing failure never blocks the action that asked for the estimate; this row is how the
 * dispatcher reads why the fee is missing (financialFee/getWaybillFees). One row per waybill and side,
 * overwritten by each estimate.
 */
export const waybillFeeEstimates = sqliteTable('waybill_fee_estimates', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  side: integer('side').notNull(),
  /** 1 priced (the fee holds the estimate or a kept override), 0 not priced. */
  priced: integer('priced').notNull(),
  /** Why it was not priced, in Chinese as the engine says it; null when priced. */
  message: text('message'),
  /** What asked for it: assignVehicle, delegate, change, cancelVehicle, countRate … */
  trigger: text('trigger').notNull(),
  estimatedAt: integer('estimated_at').notNull(),
}, (t) => [
  uniqueIndex('waybill_fee_estimates_side').on(t.waybillId, t.side),
]);

