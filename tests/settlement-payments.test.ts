// 运费支付 as finance and a carrier meet it: a payment per completed waybill moved 1→7 step by step,
// each step refusing what it checks (driver papers, bank account, agreement, compliance); the default
// channel records and pays nothing until queried; a double click never pays twice; a failed channel
// answer is 支付失败 and can be retried; a carrier sees and acts on only its own payments; bad input
// changes nothing.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { rowOf } from './support/waybill-fixture.ts';
import { completedWaybill, partnerOf } from './support/bill-fixtures.ts';
import { ConstraintError } from '../server/db/port.ts';
import { registerPaymentChannel, RECORD_ONLY_NOTE, type ChannelAnswer } from '../server/domain/settlement/payments/channel.ts';
import { PAYMENT_TRANSITIONS } from '../server/domain/settlement/payments/machine.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

let t: TestApp;
let finance: Caller;
let carrier: Caller;
let customer: Caller;
let carrierId: number;
let otherCarrierId: number;

beforeAll(async () => {
  t = await createTestApp();
  [finance, carrier, customer] = await Promise.all(['finance', 'carrier', 'customer'].map((u) => t.as(u)));
  carrierId = await partnerOf(t.db, 'carrier');
  otherCarrierId = (await rowOf(t.db, 'SELECT carrier_id AS c FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND status = 0 AND driver_id IS NOT NULL ORDER BY id LIMIT 1', carrierId)).c;
});

afterEach(() => {
  delete process.env.HUOYUN_PAYMENT_CHANNEL;
});

async function ok(caller: Caller, path: string, body?: Row) {
  const r = body === undefined ? await caller.get(path) : await caller.post(path, body);
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  return r.result;
}

const paymentOf = (waybillId: number) => rowOf(t.db,
  `SELECT id, status, process_status AS "processStatus", attempts, amount, version, check_result AS "checkResult", channel_note AS "channelNote", paid_at AS "paidAt"
     FROM waybill_payments WHERE waybill_id = ? AND is_deleted = 0`, waybillId);
const attemptsOf = (paymentId: number) => t.db.all<Row>('SELECT attempt, process_status AS "processStatus", request_key AS "requestKey", note FROM payment_attempts WHERE payment_id = ? ORDER BY attempt', [paymentId]);

let days = 0;
/** A completed waybill of `carrier` with papers, a track over its trip, and a payment generated for it. */
async function payable(o: { carrier?: number; amount?: number; papers?: boolean; track?: boolean } = {}) {
  const w = await completedWaybill(t.db, { carrierId: o.carrier ?? carrierId, day: `2024-06-${String(++days).padStart(2, '0')}`, payable: o.amount ?? 1234_56 });
  const { driverId, vehicleId } = await rowOf(t.db, 'SELECT driver_id AS "driverId", vehicle_id AS "vehicleId" FROM waybills WHERE id = ?', w.waybillId);
  await t.db.run('UPDATE drivers SET id_card = ?, license_type = ? WHERE id = ?', o.papers === false ? [null, null, driverId] : ['110101199003074257', 'A2', driverId]);
  // The carrier's waybills share a vehicle: no track means none of its chunks at all.
  if (o.track === false) await t.db.run('DELETE FROM track_chunks WHERE vehicle_id = ?', [vehicleId]);
  else {
    // One chunk over every time of the trip (the fixture's nodes are not in trip order).
    const span = await rowOf(t.db, `SELECT min(CASE WHEN actual_arrive_time < actual_leave_time THEN actual_arrive_time ELSE actual_leave_time END) AS a,
      max(CASE WHEN actual_arrive_time > actual_leave_time THEN actual_arrive_time ELSE actual_leave_time END) AS b FROM waybill_nodes WHERE waybill_id = ?`, w.waybillId);
    await t.db.run('INSERT INTO track_chunks (vehicle_id, corp_id, start_ms, first_ms, end_ms, count, columns) VALUES (?, 1, ?, ?, ?, 1, ?)',
      [vehicleId, span.a - days, span.a - 1, span.b + 1, Buffer.from([0])]);
  }
  await ok(finance, '/payment/generate', { waybillId: w.waybillId });
  return { ...w, driverId, payment: await paymentOf(w.waybillId) };
}

/** Runs the steps as finance from where the payment stands up to (and including) `last`. */
async function stepTo(paymentId: number, last: string) {
  const steps: [string, Row][] = [['/payment/certify', {}], ['/payment/saveAccount', { payeeName: '张三', bankName: '中国农业银行', bankAccount: '6228480012345678' }],
    ['/payment/sign', { agreed: true }], ['/payment/apply', {}], ['/payment/complianceCheck', {}]];
  const { status } = await rowOf(t.db, 'SELECT status FROM waybill_payments WHERE id = ?', paymentId);
  for (const [path, extra] of steps.slice(status - 1)) {
    const { version } = await rowOf(t.db, 'SELECT version FROM waybill_payments WHERE id = ?', paymentId);
    await ok(finance, path, { id: paymentId, version, ...extra });
    if (path === last) return;
  }
}

describe('the payment machine', () => {
  it('moves a payment 1→7 step by step, the record-only channel paying nothing until queried', async () => {
    const w = await payable();
    expect([w.payment.status, w.payment.amount, w.payment.processStatus]).toEqual([1, 123456, null]);
    const seen: number[] = [];
    for (const step of ['/payment/certify', '/payment/saveAccount', '/payment/sign', '/payment/apply', '/payment/complianceCheck']) {
      await stepTo(w.payment.id, step);
      seen.push((await paymentOf(w.waybillId)).status);
    }
    expect(seen).toEqual([2, 3, 4, 5, 7]);
    const sent = await paymentOf(w.waybillId);
    expect([sent.processStatus, sent.attempts, sent.paidAt]).toEqual([2, 1, null]);
    expect(await attemptsOf(sent.id)).toEqual([{ attempt: 1, processStatus: 2, requestKey: `1:${sent.id}:1`, note: RECORD_ONLY_NOTE }]);
    const list = await ok(finance, '/payment/getPaymentList', { status: 7 });
    expect(list.data.find((r: Row) => r.id === sent.id).availableActions).toEqual(['query']);
    await ok(finance, '/payment/query', { id: sent.id, version: sent.version });
    const paid = await paymentOf(w.waybillId);
    expect([paid.status, paid.processStatus, paid.channelNote, paid.paidAt > 0]).toEqual([7, 1, RECORD_ONLY_NOTE, true]);
    // Paid: nothing more to do, and a query again is refused.
    const after = await ok(finance, '/payment/getPaymentDetail?id=' + sent.id);
    expect([after.availableActions, after.processStatusStr, after.bankAccount]).toEqual([[], '已支付', '****5678']);
    expect(after.timeline.map((h: Row) => h.actionStr)).toEqual(['生成支付单', '核验证件', '完善收款信息', '签署协议', '申请付款', '合规校验', '提交支付', '查询支付结果']);
    expect((await t.refused(() => finance.post('/payment/query', { id: sent.id, version: paid.version }))).message).toBe('支付单当前状态不能查询支付结果，请刷新后重试');
  });

  it('refuses each step whose check fails: papers, agreement, and a failed compliance check falls to 6 until evidence is added', async () => {
    const w = await payable({ papers: false, track: false });
    expect((await t.refused(() => finance.post('/payment/certify', { id: w.payment.id, version: w.payment.version }))).message).toBe('司机身份证号、准驾车型未填写，请在司机管理中完善');
    await t.db.run("UPDATE drivers SET id_card = '110101199003074257', license_type = 'A2' WHERE id = ?", [w.driverId]);
    await stepTo(w.payment.id, '/payment/saveAccount');
    const p = await paymentOf(w.waybillId);
    expect((await t.refused(() => finance.post('/payment/sign', { id: p.id, version: p.version, agreed: false }))).message).toBe('须同意运输服务协议后才能签署');
    // Skipping a step is refused by the machine.
    expect((await t.refused(() => finance.post('/payment/apply', { id: p.id, version: p.version }))).message).toBe('支付单当前状态不能申请付款，请刷新后重试');
    await stepTo(w.payment.id, '/payment/complianceCheck');
    const failed = await paymentOf(w.waybillId);
    expect([failed.status, failed.checkResult, failed.attempts]).toEqual([6, '运单无行驶轨迹', 0]);
    await ok(carrier, '/payment/supplyEvidence', { id: failed.id, version: failed.version, evidence: '车载终端故障，附司机手机导航记录' });
    expect((await paymentOf(w.waybillId)).status).toBe(5);
    // Still no track: back to 6; with the fee at 0 both reasons are named.
    await t.db.run('UPDATE waybill_fees SET amount = 0 WHERE waybill_id = ? AND side = 2', [w.waybillId]);
    await stepTo(w.payment.id, '/payment/complianceCheck');
    expect((await paymentOf(w.waybillId)).checkResult).toBe('运单无行驶轨迹；应付运费须大于0');
  });

  it('pays an adjusted fee: the amount is taken again at the compliance check', async () => {
    const w = await payable({ amount: 500_00 });
    await t.db.run('UPDATE waybill_fees SET amount = ? WHERE waybill_id = ? AND side = 2', [520_00, w.waybillId]);
    await stepTo(w.payment.id, '/payment/complianceCheck');
    expect(await paymentOf(w.waybillId)).toMatchObject({ checkResult: null, amount: 52000 });
  });

  it('lists each transition once per status in the documented table', () => {
    expect(PAYMENT_TRANSITIONS.map((r) => `${r.from}→${r.to}`)).toEqual(['1→2', '2→3', '3→4', '4→5', '5→7', '6→5', '7→7', '7→7']);
  });
});

describe('the channel', () => {
  it('a double click submits once: the second request is refused and one attempt is sent', async () => {
    let submits = 0;
    registerPaymentChannel({ name: 'counting', submit: async () => (submits++, { processStatus: 2 }), query: async () => ({ processStatus: 2 }) });
    process.env.HUOYUN_PAYMENT_CHANNEL = 'counting';
    const w = await payable();
    await stepTo(w.payment.id, '/payment/apply');
    const p = await paymentOf(w.waybillId);
    const [a, b] = await Promise.all([finance.post('/payment/complianceCheck', { id: p.id, version: p.version }), finance.post('/payment/complianceCheck', { id: p.id, version: p.version })]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect([submits, (await attemptsOf(p.id)).length]).toEqual([1, 1]);
    // The database refuses a second row of the same attempt whatever the code does.
    await expect(t.db.run(`INSERT INTO payment_attempts (corp_id, payment_id, attempt, request_key, channel, amount, process_status, submitted_by, submitted_at)
      VALUES (1, ?, 1, 'x', 'counting', 1, 2, 1, 1)`, [p.id])).rejects.toBeInstanceOf(ConstraintError);
  });

  it('a failed channel answer is 支付失败 with its reason, and a retry is a new attempt', async () => {
    const answers: ChannelAnswer[] = [{ processStatus: 3, note: '收款账户户名不符' }, { processStatus: 1, ref: 'BANK-2' }];
    registerPaymentChannel({ name: 'bank-test', submit: async () => answers.shift()!, query: async () => ({ processStatus: 2 }) });
    process.env.HUOYUN_PAYMENT_CHANNEL = 'bank-test';
    const w = await payable();
    await stepTo(w.payment.id, '/payment/complianceCheck');
    const failed = await paymentOf(w.waybillId);
    expect([failed.status, failed.processStatus, failed.channelNote]).toEqual([7, 3, '收款账户户名不符']);
    const row = (await ok(finance, '/payment/getPaymentList', { processStatus: 3 })).data.find((r: Row) => r.id === failed.id);
    expect([row.processStatusStr, row.availableActions]).toEqual(['支付失败', ['retry']]);
    await ok(finance, '/payment/retry', { id: failed.id, version: failed.version });
    const paid = await paymentOf(w.waybillId);
    expect([paid.processStatus, paid.attempts]).toEqual([1, 2]);
    expect((await attemptsOf(failed.id)).map((a) => [a.attempt, a.processStatus, a.requestKey])).toEqual([[1, 3, `1:${failed.id}:1`], [2, 1, `1:${failed.id}:2`]]);
  });

  it('a channel that throws leaves the attempt 处理中 (to be queried, never sent again blindly)', async () => {
    registerPaymentChannel({ name: 'down', submit: async () => { throw new Error('timeout'); }, query: async () => ({ processStatus: 1 }) });
    process.env.HUOYUN_PAYMENT_CHANNEL = 'down';
    const w = await payable();
    await stepTo(w.payment.id, '/payment/complianceCheck');
    const p = await paymentOf(w.waybillId);
    expect([p.processStatus, p.channelNote]).toEqual([2, '支付通道暂无应答，请稍后查询支付结果']);
    await ok(finance, '/payment/query', { id: p.id, version: p.version });
    expect((await paymentOf(w.waybillId)).processStatus).toBe(1);
  });
});

describe('who sees and does what', () => {
  it('a carrier sees only its own payments and does only its own steps; a customer sees none', async () => {
    const mine = await payable();
    const theirs = await payable({ carrier: otherCarrierId });
    const listed = (await ok(carrier, '/payment/getPaymentList', { pageSize: 1000 })).data.map((r: Row) => r.id);
    expect(listed).toContain(mine.payment.id);
    expect(listed).not.toContain(theirs.payment.id);
    expect((await t.refused(() => carrier.get(`/payment/getPaymentDetail?id=${theirs.payment.id}`))).message).toBe('记录不存在或无权访问');
    // Certifying is finance's: the carrier lacks the operation.
    expect((await t.refused(() => carrier.post('/payment/certify', { id: mine.payment.id, version: mine.payment.version }))).code).toBe(104);
    await stepTo(mine.payment.id, '/payment/certify');
    const p = await paymentOf(mine.waybillId);
    const account = { payeeName: '李四', bankName: '中国建设银行', bankAccount: '6217000012345678' };
    expect((await t.refused(() => carrier.post('/payment/saveAccount', { id: theirs.payment.id, version: theirs.payment.version, ...account }))).message).toBe('记录不存在或无权访问');
    await ok(carrier, '/payment/saveAccount', { id: p.id, version: p.version, ...account });
    expect((await paymentOf(mine.waybillId)).status).toBe(3);
    expect((await t.refused(() => customer.post('/payment/getPaymentList', {}))).code).toBe(104);
  });
});

describe('bad input', () => {
  it('refuses wrong, missing, unknown, too long and script-looking fields naming the field, changing nothing', async () => {
    const w = await payable();
    await stepTo(w.payment.id, '/payment/certify');
    const p = await paymentOf(w.waybillId);
    const base = { id: p.id, version: p.version, payeeName: '张三', bankName: '中国银行', bankAccount: '6228480012345678' };
    for (const [bad, name] of [[{ bankAccount: '12ab' }, '银行账号'], [{ bankAccount: "1'; DROP TABLE waybill_payments; --" }, '银行账号'], [{ bankAccount: 6228480012345678 }, '银行账号'],
      [{ payeeName: '  ' }, '收款人'], [{ payeeName: 'x'.repeat(51) }, '收款人'], [{ bankName: '<script>alert(1)</script>'.repeat(3) }, '开户银行'],
      [{ id: -1 }, '支付单ID'], [{ id: 'abc' }, '支付单ID'], [{ version: 0 }, '版本号'], [{ hacker: 1 }, 'hacker']] as const) {
      const r = await t.refused(() => finance.post('/payment/saveAccount', { ...base, ...bad }));
      expect([r.code, r.message.includes(name)], r.message).toEqual([100, true]);
    }
    const { bankAccount: _b, ...noAccount } = base;
    const missing = await t.refused(() => finance.post('/payment/saveAccount', noAccount));
    expect([missing.code, missing.message.includes('银行账号')]).toEqual([100, true]);
    expect((await t.refused(() => finance.post('/payment/saveAccount', { ...base, version: p.version + 1 }))).message).toBe('数据已被他人修改，请刷新后重试');
    expect((await t.refused(() => finance.post('/payment/supplyEvidence', { id: p.id, version: p.version, evidence: 'x'.repeat(501) }))).code).toBe(100);
    expect((await t.refused(() => finance.post('/payment/generate', { waybillId: w.waybillId }))).message).toBe('该运单不是已完成的有应付运费的运单，或已生成支付单');
  });
});
