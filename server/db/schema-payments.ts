// Payment of network-freight waybills (docs/settlement.md "Payments"): one payment per waybill paid to
// its carrier's driver, moved through the payment waybill statuses 1–7 (dictionary paymentWaybillStatus),
// and its attempts at the payment channel with their process status 1–3 (paymentProcessStatus).
// Money is integer fen.
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { audit, corporations, live } from './schema.ts';
import { waybills } from './schema-transport.ts';

/** One live payment per waybill: what we pay its carrier (the payable fee) and where it stands. */
export const waybillPayments = sqliteTable('waybill_payments', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id),
  carrierId: integer('carrier_id').notNull(),
  driverId: integer('driver_id'),
  /** Fen: the waybill's payable fee, refreshed at each step until the payment is submitted. */
  amount: integer('amount').notNull(),
  /** paymentWaybillStatus 1–7. */
  status: integer('status').notNull(),
  /** paymentProcessStatus of the last attempt: null before the first submission, then 1 已支付, 2 处理中, 3 支付失败. */
  processStatus: integer('process_status'),
  attempts: integer('attempts').notNull().default(0),
  payeeName: text('payee_name'),
  bankName: text('bank_name'),
  bankAccount: text('bank_account'),
  /** 1 once the carrier (or finance on its behalf) signed the transport service agreement. */
  agreementSigned: integer('agreement_signed').notNull().default(0),
  agreementSignedAt: integer('agreement_signed_at'),
  /** Why the last compliance check failed (the failed checks, joined); null when it passed. */
  checkResult: text('check_result'),
  /** The supporting evidence the carrier or finance added after a failed check. */
  evidence: text('evidence'),
  /** The channel's last answer (its note), shown on the list. */
  channelNote: text('channel_note'),
  paidAt: integer('paid_at'),
  ...audit,
}, (t) => [
  uniqueIndex('waybill_payments_waybill').on(t.waybillId).where(live),
  index('waybill_payments_status').on(t.corpId, t.isDeleted, t.status, t.updatedAt),
  index('waybill_payments_carrier').on(t.corpId, t.carrierId),
]);

/**
 * Each submission of a payment to the channel. (payment_id, attempt) is unique: a double click submits
 * attempt n twice and the database keeps one, so a payment is never sent twice for one attempt.
 */
export const paymentAttempts = sqliteTable('payment_attempts', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  paymentId: integer('payment_id').notNull().references(() => waybillPayments.id),
  attempt: integer('attempt').notNull(),
  /** `<corp>:<payment>:<attempt>`: the key the channel receives, so it can refuse a repeat on its side too. */
  requestKey: text('request_key').notNull(),
  channel: text('channel').notNull(),
  amount: integer('amount').notNull(),
  processStatus: integer('process_status').notNull(),
  channelRef: text('channel_ref'),
  note: text('note'),
  submittedBy: integer('submitted_by').notNull(),
  submittedAt: integer('submitted_at').notNull(),
  answeredAt: integer('answered_at'),
}, (t) => [
  uniqueIndex('payment_attempts_attempt').on(t.paymentId, t.attempt),
  uniqueIndex('payment_attempts_key').on(t.requestKey),
]);
