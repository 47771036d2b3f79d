// The waybill actions' guards: an action out of order answers the machine's message and changes
// nothing; a stale version is told to refresh; of two equal actions at one version exactly one
// wins; users of another corporation or partner neither read nor act (not found); a user without
// the operation gets 104; dialog input is checked against the waybill (nodes, goods, times, files).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { insertFile, insertWaybill, placeAt, rowOf, type WaybillFixture } from './support/waybill-fixture.ts';
import { hashPassword } from '../server/domain/auth/password-hash.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

const NOT_FOUND = '记录不存在或无权访问';
const STALE = '数据已被他人修改，请刷新后重试';
const SQL = "'; DROP TABLE waybills; --";

let t: TestApp;
let dispatcher: Caller;
let carrier: Caller;
let otherCarrier: Caller;
let otherCustomer: Caller;
let monitor: Caller;
let admin2: Caller;
let carrierId: number;

/** A user of corporation 1 with the demo role `role`, bound to another partner than the demo one. */
async function addPartnerUser(userName: string, userType: 1 | 2, role: string) {
  const table = userType === 1 ? 'customers' : 'carriers';
  const partnerId = (await rowOf(t.db, `SELECT id FROM ${table} WHERE corp_id = 1 ORDER BY id LIMIT 1 OFFSET 1`)).id;
  const { hash, salt } = hashPassword('Huoyun@2026');
  const now = Date.now();
  const id = await t.db.insert(
    `INSERT INTO users (corp_id, user_name, real_name, user_type, partner_id, password_hash, password_salt, last_password_modified_time, password_status, created_at, updated_at)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?, 2, ?, ?)`,
    [userName, userName, userType, partnerId, hash, salt, now, now, now],
  );
  const roleId = (await rowOf(t.db, "SELECT r.id FROM roles r JOIN user_roles ur ON ur.role_id = r.id JOIN users u ON u.id = ur.user_id WHERE u.user_name = ?", role)).id;
  await t.db.run('INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (1, ?, ?)', [id, roleId]);
}

beforeAll(async () => {
  t = await createTestApp();
  await addPartnerUser('carrier_b', 2, 'carrier');
  await addPartnerUser('customer_b', 1, 'customer');
  [dispatcher, carrier, otherCarrier, otherCustomer, monitor, admin2] = await Promise.all(
    ['dispatcher', 'carrier', 'carrier_b', 'customer_b', 'monitor', 'admin2'].map((u) => t.as(u)),
  );
  carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
});

async function fixtureAt(status: number, step: number, opts: { via?: boolean } = {}): Promise<WaybillFixture> {
  const f = await insertWaybill(t.db, opts);
  if (status !== 100) await placeAt(t.db, f, { status, step }, carrierId);
  return f;
}

const refused = (write: () => Promise<Reply>) => t.refused(write);

describe('actions out of order', () => {
  it.each([
    ['receive', 100, 2, {}, '运单当前状态不能接单，请刷新后重试'],
    ['startLoad', 300, 4, {}, '运单当前状态不能开始装货，请刷新后重试'],
    ['signOrder', 400, 10, { signedQuantity: 1, deliveredQuantity: 1 }, '运单当前状态不能签收，请刷新后重试'],
    ['receipt', 400, 12, { fileIds: ['00000000-0000-0000-0000-000000000000'] }, '运单当前状态不能上传回单，请刷新后重试'],
    ['evaluate', 500, 14, { score: 3 }, '运单当前状态不能评价，请刷新后重试'],
    ['manualEnd', 400, 9, {}, '运单当前状态不能手动结束，请刷新后重试'],
    ['abnormalEnd', 500, 13, { reason: '迟到' }, '运单当前状态不能异常结束，请刷新后重试'],
  ])('%s at %i/%i answers the machine (code 0) and changes nothing', async (action, status, step, extra, message) => {
    const f = await fixtureAt(status, step);
    const r = await refused(() => dispatcher.post(`/waybillAction/${action}`, { id: f.waybillId, version: 1, ...extra }));
    expect([r.code, r.message]).toEqual([0, message]);
  });

  it('arriving at the unloading place before the loading place is refused by the machine', async () => {
    const f = await fixtureAt(300, 4);
    const r = await refused(() => carrier.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: 1, nodeId: f.nodes.end }));
    expect(r.message).toBe('运单当前状态不能确认到达，请刷新后重试');
  });

  it('a via point is arrived at once and left once, and only after arriving', async () => {
    const f = await fixtureAt(400, 9, { via: true });
    const leave = await refused(() => carrier.post('/waybillAction/leaveWaybillNode', { id: f.waybillId, version: 1, nodeId: f.nodes.via }));
    expect(leave.message).toMatch(/^尚未确认到达.+，不能确认离开$/);
    expect((await carrier.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: 1, nodeId: f.nodes.via })).code).toBe(1);
    const again = await refused(() => carrier.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: 2, nodeId: f.nodes.via }));
    expect(again.message).toMatch(/已确认到达，请刷新后重试$/);
  });

  it('a node of another waybill is not found', async () => {
    const [a, b] = [await fixtureAt(300, 4), await fixtureAt(300, 4)];
    const r = await refused(() => carrier.post('/waybillAction/arriveWaybillNode', { id: a.waybillId, version: 1, nodeId: b.nodes.start }));
    expect([r.code, r.message]).toEqual([0, '运单节点不存在']);
  });
});

describe('versions and concurrency', () => {
  it('a stale version is told to refresh and changes nothing', async () => {
    const f = await fixtureAt(200, 3);
    const r = await refused(() => carrier.post('/waybillAction/receive', { id: f.waybillId, version: 7 }));
    expect([r.code, r.message]).toEqual([0, STALE]);
  });

  it.each([
    ['receive', {}],
    ['refuse', { reason: '车辆故障' }],
    ['startLoad', {}],
  ])('%s twice at one version: exactly one wins, one event is written', async (action, extra) => {
    const f = action === 'startLoad' ? await fixtureAt(400, 6) : await fixtureAt(200, 3);
    const body = { id: f.waybillId, version: 1, ...extra };
    const replies = await Promise.all([carrier.post(`/waybillAction/${action}`, body), dispatcher.post(`/waybillAction/${action}`, body)]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(replies.find((r) => r.code === 0)!.message).toBe(STALE);
    expect((await rowOf(t.db, 'SELECT version FROM waybills WHERE id = ?', f.waybillId)).version).toBe(2);
    expect((await rowOf(t.db, 'SELECT count(*) AS n FROM waybill_events WHERE waybill_id = ? AND action = ?', f.waybillId, action)).n).toBe(1);
  });

  it('receive and refuse racing at one version: one of them wins', async () => {
    const f = await fixtureAt(200, 3);
    const replies = await Promise.all([
      carrier.post('/waybillAction/receive', { id: f.waybillId, version: 1 }),
      carrier.post('/waybillAction/refuse', { id: f.waybillId, version: 1, reason: '不接' }),
    ]);
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);
    expect((await rowOf(t.db, 'SELECT count(*) AS n FROM waybill_events WHERE waybill_id = ?', f.waybillId)).n).toBe(1);
  });
});

describe('scoping and permissions', () => {
  let f: WaybillFixture;
  beforeAll(async () => {
    f = await fixtureAt(200, 3);
  });

  it.each(['admin2', 'otherCarrier', 'otherCustomer'])('%s cannot read the waybill by id (not found)', async (who) => {
    const caller = { admin2, otherCarrier, otherCustomer }[who]!;
    for (const path of ['getWaybillDetailById', 'getNodeListByIdVO', 'getEventListVOById']) {
      const r = await caller.get(`/waybill/${path}?id=${f.waybillId}`);
      expect([r.code, r.message], path).toEqual([0, NOT_FOUND]);
    }
  });

  it.each(['admin2', 'otherCarrier'])('%s cannot act on it, nor fill a dialog from it (not found, nothing changes)', async (who) => {
    const caller = { admin2, otherCarrier }[who]!;
    for (const [path, extra] of [['/waybillAction/receive', {}], ['/waybillAction/refuse', { reason: '越权' }], ['/waybill/assignDriver', { driverId: 1 }]] as const) {
      const r = await refused(() => caller.post(path, { id: f.waybillId, version: 1, ...extra }));
      expect([r.code, r.message], path).toEqual([0, NOT_FOUND]);
    }
    expect((await caller.post('/waybillAction/getWaybillNodeList', { id: f.waybillId })).message).toBe(NOT_FOUND);
    const del = await refused(() => caller.post('/waybill/batchDeleteWaybill', { ids: [f.waybillId] }));
    if (del.code === 105) expect(del.result.details).toEqual([{ id: f.waybillId, result: 'failed', reason: NOT_FOUND }]);
  });

  it('the monitor reads but cannot act (104)', async () => {
    expect((await monitor.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).code).toBe(1);
    for (const path of ['/waybillAction/receive', '/waybillAction/abnormalEnd', '/waybill/assignVehicle', '/waybill/batchDeleteWaybill', '/waybillAction/getGoodsBeforeSign']) {
      const r = await refused(() => monitor.post(path, { id: f.waybillId, version: 1, reason: 'x', vehicleId: 1, ids: [f.waybillId] }));
      expect([r.status, r.code], path).toEqual([403, 104]);
    }
  });

  it('the carrier user has no review, evaluation or end rights (104)', async () => {
    for (const action of ['receiptReview', 'receiptReReview', 'evaluate', 'abnormalEnd', 'manualEnd']) {
      expect((await carrier.post(`/waybillAction/${action}`, { id: f.waybillId, version: 1 })).code, action).toBe(104);
    }
  });
});

describe('dialog input checked against the waybill', () => {
  it('an arrival at a given earlier time is kept and judged against the required time; the future is refused', async () => {
    const f = await fixtureAt(300, 4);
    const required = (await rowOf(t.db, 'SELECT required_arrive_time AS r FROM waybill_nodes WHERE id = ?', f.nodes.start)).r as number;
    const future = await refused(() => carrier.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: 1, nodeId: f.nodes.start, time: Date.now() + 600_000 }));
    expect([future.code, future.message, future.result.field]).toEqual([100, '到达时间不能晚于当前时间', 'time']);
    const time = required - 30 * 60_000;
    expect((await carrier.post('/waybillAction/arriveWaybillNode', { id: f.waybillId, version: 1, nodeId: f.nodes.start, time })).code).toBe(1);
    const [start] = (await carrier.get(`/waybill/getNodeListByIdVO?id=${f.waybillId}`)).result;
    expect(start).toMatchObject({ actualArriveTime: time, arriveState: 2, arriveStateStr: '早到', arriveActualTimeDiffStr: '提前30分钟', nodeStatus: 1 });
  });

  it('leaving before the arrival time is refused', async () => {
    const f = await fixtureAt(400, 8);
    const arrived = (await rowOf(t.db, 'SELECT actual_arrive_time AS a FROM waybill_nodes WHERE id = ?', f.nodes.start)).a as number;
    const r = await refused(() => carrier.post('/waybillAction/leaveWaybillNode', { id: f.waybillId, version: 1, nodeId: f.nodes.start, time: arrived - 1000 }));
    expect([r.code, r.message]).toEqual([100, '离开时间不能早于到达时间']);
  });

  it.each([
    [[{ goodsId: 999_999, quantity: 1 }], '货物明细：货物不属于该运单'],
    [[{ goodsId: 0, quantity: 31 }], '货物明细：饲料装货数量不能超过运单数量30'],
  ])('loading %j is refused (%s)', async (goods, message) => {
    const f = await fixtureAt(400, 7);
    const body = { id: f.waybillId, version: 1, goods: goods.map((g) => ({ ...g, goodsId: g.goodsId || f.goodsIds[0] })) };
    const r = await refused(() => carrier.post('/waybillAction/confirmLoad', body));
    expect([r.code, r.message, r.result.field]).toEqual([100, message, 'goods']);
  });

  it('a receipt names files of the corporation only', async () => {
    const f = await fixtureAt(500, 13);
    const foreign = await insertFile(t.db, (await rowOf(t.db, "SELECT id FROM users WHERE user_name = 'admin2'")).id, 2);
    const r = await refused(() => carrier.post('/waybillAction/receipt', { id: f.waybillId, version: 1, fileIds: [foreign] }));
    expect([r.code, r.message]).toEqual([0, '回单文件不存在或无权访问，请重新上传']);
  });

  it('a review that does not pass needs an opinion (code 100 naming 审核意见)', async () => {
    const f = await fixtureAt(500, 14);
    const r = await refused(() => dispatcher.post('/waybillAction/receiptReview', { id: f.waybillId, version: 1, passed: false, opinion: '  ' }));
    expect([r.code, r.result.field]).toEqual([100, 'opinion']);
    expect(r.message).toContain('审核意见');
  });

  it('SQL- and script-looking text in a reason is kept verbatim', async () => {
    const f = await fixtureAt(200, 3);
    expect((await carrier.post('/waybillAction/refuse', { id: f.waybillId, version: 1, reason: SQL })).code).toBe(1);
    const [event] = (await carrier.get(`/waybill/getEventListVOById?id=${f.waybillId}`)).result as Row[];
    expect(event.payload).toEqual({ reason: SQL });
    expect(await rowOf(t.db, 'SELECT status, step FROM waybills WHERE id = ?', f.waybillId)).toEqual({ status: 1, step: 2 });
  });
});

describe('ending', () => {
  it('an abnormal end on the road: 600/90, the order 异常结束, the unreached nodes missed (4)', async () => {
    const f = await fixtureAt(400, 9, { via: true });
    const r = await dispatcher.post('/waybillAction/abnormalEnd', { id: f.waybillId, version: 1, reason: '车辆事故' });
    expect([r.code, r.result.status, r.result.step, r.result.statusStr]).toEqual([1, 600, 90, '异常结束']);
    expect((await rowOf(t.db, 'SELECT status FROM orders WHERE id = ?', f.orderId)).status).toBe(-2);
    const nodes = (await dispatcher.get(`/waybill/getNodeListByIdVO?id=${f.waybillId}`)).result as Row[];
    expect(nodes.map((n) => [n.nodeType, n.nodeStatus])).toEqual([['start', 2], ['via', 4], ['end', 4]]);
  });

  it('a manual end after sign-off closes the paperwork: 999, the order 已完成', async () => {
    const f = await fixtureAt(500, 13);
    const r = await dispatcher.post('/waybillAction/manualEnd', { id: f.waybillId, version: 1, remark: '线下回单' });
    expect([r.code, r.result.step]).toEqual([1, 999]);
    expect((await rowOf(t.db, 'SELECT status FROM orders WHERE id = ?', f.orderId)).status).toBe(-1);
  });
});
