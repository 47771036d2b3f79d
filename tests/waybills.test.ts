// One waybill through its whole life by the endpoints: the dispatcher assigns a vehicle, the
// carrier's user accepts and drives it through every node (loading place, a via point, unloading
// place), signs off and uploads the receipt; the dispatcher reviews (sending it back once),
// re-reviews and evaluates. The timeline holds every node time and an event per action, the order
// follows at every step (order-sync), and the sign-off status comes from the quantities.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, rowOf, vehicleOf, type WaybillFixture } from './support/waybill-fixture.ts';
import { UPLOAD_PATH } from '../server/routes/files.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

let t: TestApp;
let dispatcher: Caller;
let carrier: Caller;
let customer: Caller;
let carrierId: number;

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrier, customer] = await Promise.all([t.as('dispatcher'), t.as('carrier'), t.as('customer')]);
  carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
});

const waybillRow = async (id: number) => await rowOf(t.db, 'SELECT status, step, sign_status AS signStatus, version FROM waybills WHERE id = ?', id);
const orderStatus = async (id: number) => (await rowOf(t.db, 'SELECT status FROM orders WHERE id = ?', id)).status as number;

/** Runs an action at the waybill's current version and checks where it leads. */
async function act(caller: Caller, f: WaybillFixture, path: string, body: Row, to: [number, number], order?: number) {
  const r = await caller.post(path, { id: f.waybillId, version: (await waybillRow(f.waybillId)).version, ...body });
  expect(r.code, `${path}: ${r.message}`).toBe(1);
  expect([r.result.status, r.result.step]).toEqual(to);
  if (order !== undefined) expect(await orderStatus(f.orderId), `order after ${path}`).toBe(order);
  return r.result;
}

async function upload(caller: Caller): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([JPEG]), '回单.jpg');
  const res = await t.app.request(`${UPLOAD_PATH}?customerId=&businessTypeKey=receipt`, { method: 'POST', headers: { token: caller.token }, body: form });
  const json = (await res.json()) as { code: number; result: { fileId: string }[] };
  expect(json.code).toBe(1);
  return json.result[0].fileId;
}

describe('a waybill from dispatch to evaluation', () => {
  let f: WaybillFixture;
  beforeAll(async () => {
    f = await insertWaybill(t.db, { via: true });
  });

  it('the dispatcher assigns a vehicle of the carrier: 待司机接单, the order 待司机接单', async () => {
    expect(await orderStatus(f.orderId)).toBe(3);
    const v = await vehicleOf(t.db, carrierId);
    const r = await act(dispatcher, f, '/waybill/assignVehicle', { vehicleId: v.id }, [200, 3], 4);
    expect(r.statusStr).toBe('待司机接单');
    const detail = (await carrier.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).result;
    expect([detail.vehicleNo, detail.carrierId, detail.driverId]).toEqual([v.vehicleNo, carrierId, v.driverId]);
  });

  it('the carrier accepts and arrives at the loading place (late: required 2 hours ago)', async () => {
    await act(carrier, f, '/waybillAction/receive', {}, [300, 4], 6);
    const before = (await carrier.post('/waybillAction/getWaybillNodeList', { id: f.waybillId })).result;
    expect(before.nodes.map((n: Row) => [n.id, n.canArrive, n.canLeave])).toEqual([[f.nodes.start, true, false]]);
    await act(carrier, f, '/waybillAction/arriveWaybillNode', { nodeId: f.nodes.start }, [400, 6], 7);
    const [start] = (await carrier.get(`/waybill/getNodeListByIdVO?id=${f.waybillId}`)).result;
    expect(start).toMatchObject({ arriveState: 3, arriveStateStr: '晚点', nodeStatus: 3, arriveLateTimeStr: '2小时', arriveActualTimeDiffStr: '晚点2小时' });
    expect(start.actualArriveTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('loads the goods the dialog offers and leaves the loading place (early)', async () => {
    await act(carrier, f, '/waybillAction/startLoad', {}, [400, 7], 8);
    const before = (await carrier.post('/waybillAction/getGoodsInfoBeforeLoad', { id: f.waybillId })).result;
    expect(before.goods.map((g: Row) => [g.goodsName, g.quantity, g.loadedQuantity])).toEqual([['饲料', 30, null], ['玉米', 12.5, null]]);
    const goods = before.goods.map((g: Row) => ({ goodsId: g.goodsId, quantity: g.quantity }));
    await act(carrier, f, '/waybillAction/confirmLoad', { goods }, [400, 8], 9);
    expect((await waybillRow(f.waybillId)).status).toBe(400);
    await act(carrier, f, '/waybillAction/leaveWaybillNode', { nodeId: f.nodes.start }, [400, 9], 10);
    const [start] = (await carrier.get(`/waybill/getNodeListByIdVO?id=${f.waybillId}`)).result;
    expect(start).toMatchObject({ nodeStatus: 2, nodeStatusStr: '已离开', leaveState: 2, leaveLateTimeStr: '' });
    expect(start.leaveActualTimeDiffStr).toMatch(/^提前/);
  });

  it('passes the via point without changing the step, then reaches the unloading place', async () => {
    const nodes = (await carrier.post('/waybillAction/getWaybillNodeList', { id: f.waybillId })).result.nodes;
    expect(nodes.map((n: Row) => n.id)).toEqual([f.nodes.via, f.nodes.end]);
    await act(carrier, f, '/waybillAction/arriveWaybillNode', { nodeId: f.nodes.via }, [400, 9], 10);
    await act(carrier, f, '/waybillAction/leaveWaybillNode', { nodeId: f.nodes.via }, [400, 9], 10);
    await act(carrier, f, '/waybillAction/arriveWaybillNode', { nodeId: f.nodes.end }, [400, 10], 11);
  });

  it('delivers less than loaded, leaves, and signs for less than delivered: 部分签收', async () => {
    const before = (await carrier.post('/waybillAction/getGoodsInfoBeforeDelivery', { id: f.waybillId })).result;
    expect(before.goods.map((g: Row) => g.loadedQuantity)).toEqual([30, 12.5]);
    await act(carrier, f, '/waybillAction/confirmDelivery', { goods: [{ goodsId: f.goodsIds[0], quantity: 30 }, { goodsId: f.goodsIds[1], quantity: 12 }] }, [400, 11], 12);
    await act(carrier, f, '/waybillAction/leaveWaybillNode', { nodeId: f.nodes.end }, [400, 12], 13);
    const sign = (await carrier.post('/waybillAction/getGoodsBeforeSign', { id: f.waybillId })).result;
    expect([sign.totalQuantity, sign.loadedQuantity, sign.deliveredQuantity]).toEqual([42.5, 42.5, 42]);
    const r = await act(carrier, f, '/waybillAction/signOrder', { signedQuantity: 40, deliveredQuantity: sign.deliveredQuantity, remark: '两袋破损未收' }, [500, 13], 14);
    expect([r.signStatus, r.signStatusStr]).toEqual([1213, '部分签收']);
  });

  it('uploads the receipt; review sends it back with an opinion, the new upload passes review and re-review', async () => {
    const first = await upload(carrier);
    await act(carrier, f, '/waybillAction/receipt', { fileIds: [first] }, [500, 14], 15);
    await act(dispatcher, f, '/waybillAction/receiptReview', { passed: false, opinion: '回单不清晰' }, [500, 13], 14);
    const again = (await carrier.post('/waybillAction/getOrderBeforeReceipt', { id: f.waybillId })).result;
    expect(again.opinions).toMatchObject([{ action: 'receiptReview', passed: false, opinion: '回单不清晰' }]);
    expect(again.receipts).toEqual([{ fileId: first, fileName: '回单.jpg', fileUrl: `/api/file/download/${first}` }]);
    const second = await upload(carrier);
    await act(carrier, f, '/waybillAction/receipt', { fileIds: [second] }, [500, 14], 15);
    const review = (await dispatcher.post('/waybillAction/getOrderBeforeReceiptReview', { id: f.waybillId })).result;
    expect(review.receipts.map((r: Row) => r.fileId)).toEqual([second]);
    expect(review.orders.map((o: Row) => o.orderNo)).toEqual([f.orderNo]);
    await act(dispatcher, f, '/waybillAction/receiptReview', { passed: true }, [500, 15], 16);
    await act(dispatcher, f, '/waybillAction/receiptReReview', { passed: true, opinion: '复核通过' }, [500, 16], -1);
  });

  it('is evaluated and done: 已完成 at step 999', async () => {
    const before = (await dispatcher.post('/waybillAction/getOrderBeforeEvaluate', { id: f.waybillId })).result;
    expect(before.opinions.map((o: Row) => [o.action, o.passed])).toEqual([['receiptReview', false], ['receiptReview', true], ['receiptReReview', true]]);
    await act(dispatcher, f, '/waybillAction/evaluate', { score: 5, content: '准时送达' }, [500, 999], -1);
    expect(await rowOf(t.db, 'SELECT score, content FROM waybill_evaluations WHERE waybill_id = ?', f.waybillId)).toEqual({ score: 5, content: '准时送达' });
    const detail = (await dispatcher.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).result;
    expect([detail.statusStr, detail.stepStr, detail.signStatusStr]).toEqual(['已完成', '已完成', '部分签收']);
  });

  it('the timeline has every node time, and an event per action with who and when', async () => {
    const nodes = (await dispatcher.get(`/waybill/getNodeListByIdVO?id=${f.waybillId}`)).result;
    expect(nodes.map((n: Row) => n.nodeType)).toEqual(['start', 'via', 'end']);
    for (const n of nodes) {
      expect(n.actualArriveTimeStr, n.areaName).not.toBe('');
      expect(n.actualLeaveTimeStr, n.areaName).not.toBe('');
      expect(n.nodeStatus).toBe(2);
    }
    const events = (await dispatcher.get(`/waybill/getEventListVOById?id=${f.waybillId}`)).result;
    expect(events.map((e: Row) => e.action)).toEqual([
      'assignVehicle', 'receive', 'arriveWaybillNode', 'startLoad', 'confirmLoad', 'leaveWaybillNode', 'arriveWaybillNode', 'leaveWaybillNode',
      'arriveWaybillNode', 'confirmDelivery', 'leaveWaybillNode', 'signOrder', 'receipt', 'receiptReview', 'receipt', 'receiptReview',
      'receiptReReview', 'evaluate',
    ]);
    expect(events.map((e: Row) => e.userName)).toEqual(['张调度', ...Array(12).fill('赵承运'), '张调度', '赵承运', '张调度', '张调度', '张调度']);
    expect(events.filter((e: Row) => e.nodeId !== null).map((e: Row) => e.nodeName)).toHaveLength(6);
    expect(events[4].payload).toEqual({ goods: [{ goodsId: f.goodsIds[0], quantity: 30 }, { goodsId: f.goodsIds[1], quantity: 12.5 }] });
    expect(events[11]).toMatchObject({ actionName: '签收', fromStatusStr: '运输中', toStatusStr: '已完成', toStepStr: '待回单' });
    for (const e of events) expect(e.atStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const detail = (await dispatcher.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`)).result;
    expect(detail.events).toHaveLength(events.length);
    expect(detail.nodes).toHaveLength(3);
  });

  it('the customer whose order it carries reads the detail and the timeline', async () => {
    const r = await customer.get(`/waybill/getWaybillDetailById?id=${f.waybillId}`);
    expect(r.code, r.message).toBe(1);
    expect(r.result.orders.map((o: Row) => o.orderNo)).toEqual([f.orderNo]);
    expect((await customer.get(`/waybill/getNodeListByIdVO?id=${f.waybillId}`)).code).toBe(1);
  });
});

describe('the sign-off status follows the quantities', () => {
  it.each([
    [{ signedQuantity: 42.5, deliveredQuantity: 42.5 }, 1211, '正常签收'],
    [{ signedQuantity: 42.499, deliveredQuantity: 42.5 }, 1213, '部分签收'],
    [{ signedQuantity: 42.5, deliveredQuantity: 42.5, abnormal: true }, 1212, '异常签收'],
  ])('%j → %i', async (body, signStatus, label) => {
    const f = await insertWaybill(t.db);
    await placeAt(t.db, f, { status: 400, step: 12 }, carrierId);
    const r = await act(carrier, f, '/waybillAction/signOrder', body, [500, 13], 14);
    expect([r.signStatus, r.signStatusStr]).toEqual([signStatus, label]);
    expect((await waybillRow(f.waybillId)).signStatus).toBe(signStatus);
  });

  it('refuses more signed than delivered (code 100 naming 签收数量) and changes nothing', async () => {
    const f = await insertWaybill(t.db);
    await placeAt(t.db, f, { status: 400, step: 12 }, carrierId);
    const before = await t.snapshot();
    const r = await carrier.post('/waybillAction/signOrder', { id: f.waybillId, version: 1, signedQuantity: 43, deliveredQuantity: 42.5 });
    expect([r.code, r.result.field]).toEqual([100, 'signedQuantity']);
    expect(r.message).toContain('签收数量');
    await t.assertUnchanged(before);
  });
});
