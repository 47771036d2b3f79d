// 业务个性化设置: the corporation's business switches read their defaults, save as versions (who changed
// what, when), and each one changes what a write path accepts: an order without 要求到达时间, a
// dispatch without a driver, an abnormal sign-off without a remark, 手动结束 before the receipt. Bad
// input changes nothing; a partner user is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { ORDER_BODY } from './support/order-fixtures.ts';
import { insertFile, insertWaybill, placeAt, vehicleOf } from './support/waybill-fixture.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let admin: Caller;
let dispatcher: Caller;
let carrierUser: Caller;
let carrierId: number;

const OFF = { orderRequireArriveTime: 0, dispatchRequireDriver: 0, abnormalSignRequireRemark: 0, endRequireReceipt: 0 };
const set = async (values: Record<string, number>) => expect((await admin.post('/businessPersonalSet/saveInfo', values)).code).toBe(1);
const versionOf = async (id: number) => (await t.db.one<any>('SELECT version FROM waybills WHERE id = ?', [id]))!.version as number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, dispatcher, carrierUser] = await Promise.all([t.as('admin'), t.as('dispatcher'), t.as('carrier')]);
  carrierId = (await t.db.one<any>("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'", []))!.id;
});

describe('业务个性化设置', () => {
  it('reads the defaults, saves a version recording who changed what, and answers one key', async () => {
    const before = await admin.get('/businessPersonalSet/getInfo');
    expect(before.result).toMatchObject({ ...OFF, updatedBy: '' });
    await set({ dispatchRequireDriver: 1 });
    const after = await admin.get('/businessPersonalSet/getInfo');
    expect(after.result).toMatchObject({ ...OFF, dispatchRequireDriver: 1 });
    expect(after.result.updatedBy).not.toBe('');
    // Any user whose form needs it reads one key.
    const one = await carrierUser.get('/businessPersonalSet/getInfoByKey?key=dispatchRequireDriver');
    expect(one.result).toMatchObject({ key: 'dispatchRequireDriver', label: '派车是否必须指定司机', value: 1, defaultValue: 0 });
    // The login's corporation settings carry the switches for the console's forms.
    expect((await carrierUser.get('/personalSet/getCorpPersonalSet')).result.businessPersonalSet).toEqual({ ...OFF, dispatchRequireDriver: 1 });
    const history = await admin.get('/businessPersonalSet/history');
    expect(history.result[0]).toMatchObject({ key: 'dispatchRequireDriver', label: '派车是否必须指定司机', fromStr: '否', toStr: '是', updatedBy: after.result.updatedBy });
    await set({ dispatchRequireDriver: 0 });
    expect((await admin.get('/businessPersonalSet/history')).result).toHaveLength(2);
  });

  it('订单是否必须指定要求到达时间: an order without it is refused once on', async () => {
    expect((await dispatcher.post('/orderInfo/save', ORDER_BODY)).code).toBe(1);
    await set({ orderRequireArriveTime: 1 });
    const r = await t.refused(() => dispatcher.post('/orderInfo/save', ORDER_BODY));
    expect([r.code, r.message, r.result?.field]).toEqual([100, '要求到达时间：请填写要求到达时间', 'requiredArriveTime']);
    const now = Date.now();
    const timed = await dispatcher.post('/orderInfo/save', { ...ORDER_BODY, requiredLoadTime: now + 3_600_000, requiredArriveTime: now + 7_200_000 });
    expect(timed.code).toBe(1);
    // A copy keeps the rule too: a source with the time copies, one saved without it (while the switch was off) does not.
    expect((await dispatcher.post('/orderInfo/copyOrder', { id: timed.result.id })).code).toBe(1);
    await set({ orderRequireArriveTime: 0 });
    const untimed = await dispatcher.post('/orderInfo/save', ORDER_BODY);
    expect(untimed.code).toBe(1);
    await set({ orderRequireArriveTime: 1 });
    const copy = await t.refused(() => dispatcher.post('/orderInfo/copyOrder', { id: untimed.result.id }));
    expect([copy.code, copy.message]).toEqual([100, '要求到达时间：原订单未填写要求到达时间，请修改后再复制']);
    await set({ orderRequireArriveTime: 0 });
    expect((await dispatcher.post('/orderInfo/copyOrder', { id: untimed.result.id })).code).toBe(1);
  });

  it('派车是否必须指定司机: a vehicle without a driver is dispatched only while off', async () => {
    const v = await vehicleOf(t.db, carrierId);
    await t.db.run('UPDATE vehicles SET driver_id = NULL WHERE id = ?', [v.id]);
    const assign = async (f: { waybillId: number }, driverId?: number) =>
      dispatcher.post('/waybill/assignVehicle', { id: f.waybillId, version: await versionOf(f.waybillId), vehicleId: v.id, ...(driverId ? { driverId } : {}) });
    const a = await insertWaybill(t.db);
    expect((await assign(a)).code).toBe(1);
    await set({ dispatchRequireDriver: 1 });
    const b = await insertWaybill(t.db);
    const r = await t.refused(() => assign(b));
    expect([r.code, r.message, r.result?.field]).toEqual([100, '司机：请指定司机', 'driverId']);
    expect((await assign(b, v.driverId!)).code).toBe(1);
    await set({ dispatchRequireDriver: 0 });
    await t.db.run('UPDATE vehicles SET driver_id = ? WHERE id = ?', [v.driverId, v.id]);
  });

  it('异常签收是否必须填写备注: a short sign-off needs a remark once on; a full one never does', async () => {
    const sign = async (body: Record<string, unknown>) => {
      const f = await insertWaybill(t.db, { carrierId });
      await placeAt(t.db, f, { status: 400, step: 12 }, carrierId);
      return () => dispatcher.post('/waybillAction/signOrder', { id: f.waybillId, version: 1, ...body });
    };
    expect((await (await sign({ signedQuantity: 5, deliveredQuantity: 10 }))()).code).toBe(1);
    await set({ abnormalSignRequireRemark: 1 });
    const short = await sign({ signedQuantity: 5, deliveredQuantity: 10 });
    const r = await t.refused(short);
    expect([r.code, r.message, r.result?.field]).toEqual([100, '备注：异常签收请填写备注', 'remark']);
    const damaged = await t.refused(await sign({ signedQuantity: 10, deliveredQuantity: 10, abnormal: true, remark: '  ' }));
    expect(damaged.result?.field).toBe('remark');
    expect((await (await sign({ signedQuantity: 5, deliveredQuantity: 10, remark: '两箱破损拒收' }))()).code).toBe(1);
    expect((await (await sign({ signedQuantity: 10, deliveredQuantity: 10 }))()).code).toBe(1);
    await set({ abnormalSignRequireRemark: 0 });
  });

  it('结束运单前是否必须上传回单: 手动结束 waits for the receipt once on', async () => {
    const signed = async () => {
      const f = await insertWaybill(t.db, { carrierId });
      await placeAt(t.db, f, { status: 500, step: 13, signStatus: 1211 }, carrierId);
      return f;
    };
    const end = async (f: { waybillId: number }) => dispatcher.post('/waybillAction/manualEnd', { id: f.waybillId, version: await versionOf(f.waybillId) });
    expect((await end(await signed())).code).toBe(1);
    await set({ endRequireReceipt: 1 });
    const f = await signed();
    const r = await t.refused(() => end(f));
    expect([r.code, r.message]).toEqual([0, '请先上传回单，再结束运单']);
    const userId = (await t.db.one<any>("SELECT id FROM users WHERE user_name = 'dispatcher'", []))!.id;
    await t.db.run('INSERT INTO waybill_receipts (waybill_id, file_id, corp_id) VALUES (?, ?, 1)', [f.waybillId, await insertFile(t.db, userId)]);
    expect((await end(f)).code).toBe(1);
    await set({ endRequireReceipt: 0 });
  });

  it('refuses bad input naming the field in Chinese, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, ''],
      [{ noSuchKey: 1 }, 'noSuchKey'],
      [{ dispatchRequireDriver: 2 }, 'dispatchRequireDriver'],
      [{ dispatchRequireDriver: '1' }, 'dispatchRequireDriver'],
      [{ dispatchRequireDriver: -1 }, 'dispatchRequireDriver'],
      [{ dispatchRequireDriver: "1; DROP TABLE rule_versions; --" }, 'dispatchRequireDriver'],
      [{ orderRequireArriveTime: '<script>alert(1)</script>' }, 'orderRequireArriveTime'],
      [{ orderRequireArriveTime: 1, x: 'x'.repeat(100_000) }, 'x'],
    ];
    for (const [body, field] of cases) {
      const r = await t.refused(() => admin.post('/businessPersonalSet/saveInfo', body));
      expect(r.code).toBe(100);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
      if (field) expect(r.result?.field ?? '').toContain(field);
    }
    const key = await admin.get('/businessPersonalSet/getInfoByKey?key=noSuchKey');
    expect(key.code).toBe(100);
  });

  it('refuses partner users (104) on the settings, reads and saves alike', async () => {
    for (const who of [carrierUser, await t.as('customer')]) {
      const r = await t.refused(() => who.post('/businessPersonalSet/saveInfo', { dispatchRequireDriver: 1 }));
      expect(r.code).toBe(104);
      expect((await who.get('/businessPersonalSet/getInfo')).code).toBe(104);
    }
  });
});
