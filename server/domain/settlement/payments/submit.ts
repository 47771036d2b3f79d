// The channel side of a payment: an attempt is committed first (2 处理中, unique per payment and attempt,
// keyed `<corp>:<payment>:<attempt>`), then submitted to the configured channel (channel.ts), and the
// channel's answer is recorded on the attempt and the payment. A channel that throws or does not answer
// leaves the attempt 处理中: whether money moved is unknown, so it is queried, never sent again blindly.
import type { SessionUser } from '../../../http/context.ts';
import { one, run, tx, type Conn } from '../../../resources/statements.ts';
import { paymentChannel, type ChannelAnswer } from './channel.ts';
import { ProcessStatus } from './machine.ts';
import { recordPaymentHistory, writerOf, type PaymentRow } from './store.ts';

export interface Attempt {
  id: number;
  corpId: number;
  paymentId: number;
  attempt: number;
  requestKey: string;
  channel: string;
  channelRef: string | null;
  userId: number;
  userName: string;
}

const NO_ANSWER = '支付通道暂无应答，请稍后查询支付结果';

/** Inside the step's transaction: the new attempt at 处理中, for the configured channel. */
export async function startAttempt(conn: Conn, user: SessionUser, paymentId: number, attempt: number, now: number): Promise<Attempt> {
  const channel = paymentChannel().name;
  const requestKey = `${user.corpId}:${paymentId}:${attempt}`;
  const { amount } = (await one<{ amount: number }>(conn, 'SELECT amount FROM waybill_payments WHERE id = ?', paymentId))!;
  const id = await conn.insert(
    `INSERT INTO payment_attempts (corp_id, payment_id, attempt, request_key, channel, amount, process_status, submitted_by, submitted_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [user.corpId, paymentId, attempt, requestKey, channel, amount, ProcessStatus.PROCESSING, user.userId, now]);
  const w = writerOf(user);
  return { id, corpId: user.corpId, paymentId, attempt, requestKey, channel, channelRef: null, userId: w.userId, userName: w.name };
}

/** After the commit: sends the attempt to its channel and records the answer. */
export async function submitAttempt(conn: Conn, a: Attempt) {
  const p = (await one<{ amount: number; payeeName: string; bankName: string; bankAccount: string; waybillNo: string }>(conn,
    `SELECT p.amount, p.payee_name AS "payeeName", p.bank_name AS "bankName", p.bank_account AS "bankAccount", w.waybill_no AS "waybillNo"
       FROM waybill_payments p JOIN waybills w ON w.id = p.waybill_id WHERE p.id = ?`, a.paymentId))!;
  let answer: ChannelAnswer;
  try {
    answer = await paymentChannel(a.channel).submit({ requestKey: a.requestKey, ...p });
  } catch {
    answer = { processStatus: ProcessStatus.PROCESSING, note: NO_ANSWER };
  }
  await recordAnswer(conn, a, answer, 'submit');
}

/** 查询支付结果: the channel's answer about the payment's last attempt. */
export async function queryLastAttempt(conn: Conn, user: SessionUser, p: PaymentRow) {
  const a = await one<Omit<Attempt, 'userId' | 'userName'>>(conn,
    `SELECT id, corp_id AS "corpId", payment_id AS "paymentId", attempt, request_key AS "requestKey", channel, channel_ref AS "channelRef"
       FROM payment_attempts WHERE payment_id = ? AND attempt = ?`, p.id, p.attempts);
  if (!a) return;
  const w = writerOf(user);
  let answer: ChannelAnswer;
  try {
    answer = await paymentChannel(a.channel).query(a.requestKey, a.channelRef);
  } catch {
    answer = { processStatus: ProcessStatus.PROCESSING, note: NO_ANSWER };
  }
  await recordAnswer(conn, { ...a, userId: w.userId, userName: w.name }, answer, 'query');
}

/**
 * Records an answer once: only an attempt still 处理中 and still the payment's last takes it, so a late
 * answer to an old attempt or a second query racing the first changes nothing.
 */
async function recordAnswer(conn: Conn, a: Attempt, answer: ChannelAnswer, action: 'submit' | 'query') {
  await tx(conn, async () => {
    const now = Date.now();
    await conn.lock(`payments:${a.paymentId}`);
    const done = answer.processStatus !== ProcessStatus.PROCESSING;
    const r = await run(conn,
      `UPDATE payment_attempts SET process_status = ?, channel_ref = coalesce(?, channel_ref), note = ?, answered_at = ?
        WHERE id = ? AND process_status = ?`,
      answer.processStatus, answer.ref ?? null, answer.note ?? null, done ? now : null, a.id, ProcessStatus.PROCESSING);
    if (r.changes !== 1) return;
    const p = await one<{ status: number; version: number }>(conn, 'SELECT status, version FROM waybill_payments WHERE id = ? AND attempts = ?', a.paymentId, a.attempt);
    if (!p) return;
    await run(conn,
      `UPDATE waybill_payments SET process_status = ?, channel_note = ?, paid_at = ?, version = version + 1, updated_at = ? WHERE id = ?`,
      answer.processStatus, answer.note ?? null, answer.processStatus === ProcessStatus.PAID ? now : null, now, a.paymentId);
    await recordPaymentHistory(conn, { corpId: a.corpId, userId: a.userId, name: a.userName }, a.paymentId, action, p.status, p.status, p.version + 1,
      `第${a.attempt}次支付：${['', '已支付', '处理中', '支付失败'][answer.processStatus]}${answer.note ? `（${answer.note}）` : ''}`, now);
  });
}
