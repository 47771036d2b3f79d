// The fence-linked base data of issue 15: 门店位置 and its 校准 call, the fence's where-used lists
// (收发货方, 距离, 围栏配送设置, 门店), the fence form's 所属客户, and the order form's fence checks
// (checkShipperReceiver, checkAreaDistance, saveOrUpdateDistanceInfo) — with scoping and bad input.
// The plain CRUD of 围栏配送设置 and 门店位置 is the entity contract's (tests/entity-contract.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let admin: Caller;
let customerPartner: number;
let otherCustomer: number;
/** A fence of the customer user's customer, one of another customer, and two of the corporation's own. */
let mine: number, theirs: number, depotA: number, depotB: number;
/** Two new fences of the corporation's own, with nothing linked to them yet. */
let freshA: number, freshB: number;

async function grant(userName: string, ...ops: string[]) {
  for (const op of ops) {
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, ? FROM user_roles ur JOIN users u ON u.id = ur.user_id
      WHERE u.user_name = ? ON CONFLICT DO NOTHING`, [op, userName]);
  }
}
async function revoke(userName: string, ...ops: string[]) {
  for (const op of ops) {
    await t.db.run(`DELETE FROM role_operations WHERE operation_id = ? AND role_id IN (SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = ?)`, [op, userName]);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  customerPartner = (await t.db.one<{ p: number }>('SELECT partner_id AS p FROM users WHERE user_name = ?', ['customer']))!.p;
  otherCustomer = (await t.db.one<{ id: number }>('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', [customerPartner]))!.id;
  const fence = (sql: string, ...p: unknown[]) => t.db.one<{ id: number }>(`SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND ${sql} ORDER BY id LIMIT 1`, p);
  theirs = (await fence('customer_id IS NOT NULL AND customer_id <> ?', customerPartner))!.id;
  mine = (await fence('customer_id IS NOT NULL AND id <> ?', theirs))!.id;
  await t.db.run('UPDATE areas SET customer_id = ? WHERE id = ?', [customerPartner, mine]);
  depotA = (await fence('customer_id IS NULL'))!.id;
  depotB = (await fence('customer_id IS NULL AND id > ?', depotA))!.id;
  const add = async (code: string, lonCenter: number) =>
    (await admin.post('/electronic/areaManage/add', { areaName: `新仓${code}`, areaCode: code, typeId: 3, lonCenter, latCenter: 34.75, radius: 300, position: '某路' })).result.areaId as number;
  freshA = await add('FRESH-A', 113.61);
  if (!freshA) throw new Error('fresh fence A not added');
  freshB = await add('FRESH-B', 113.71);
  if (!freshB) throw new Error('fresh fence B not added');
});

const store = (code: string, customerId: number, areaId?: number) =>
  ({ storeCode: code, storeName: `门店${code}`, customerId, address: '郑州市金水区某路1号', originalLon: '113.650001', originalLat: '34.750001', ...(areaId ? { areaId } : {}) });

describe('门店位置校准', () => {
  it('calibrates a store: the position, 已校准, who and when, in the history; the list finds it by status and time', async () => {
    const saved = await admin.post('/res/storeLocation/save', store('S001', customerPartner, mine));
    expect(saved.code, saved.message).toBe(1);
    const before = (await admin.get(`/res/storeLocation/detail?id=${saved.result.id}`)).result;
    expect(before).toMatchObject({ calibrationStatus: 0, calibratedLon: null, calibratedBy: null });
    const r = await admin.post('/storeLocation/calibrate', { id: saved.result.id, version: before.version, calibratedLon: '113.652300', calibratedLat: '34.7512' });
    expect(r.code, r.message).toBe(1);
    expect(r.message).toBe('校准成功');
    const after = (await admin.get(`/res/storeLocation/detail?id=${saved.result.id}`)).result;
    expect(after).toMatchObject({ calibratedLon: '113.6523', calibratedLat: '34.7512', calibrationStatus: 1, version: before.version + 1 });
    expect(after.calibratedBy).toBeTruthy();
    expect(after.calibratedAtStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const history = await admin.post('/res/storeLocation/history', { id: saved.result.id });
    const changed = history.result.data[0].changes.map((c: any) => c.title);
    expect(changed).toEqual(expect.arrayContaining(['校准经度', '校准纬度', '校准状态', '校准人', '校准时间']));
    const done = await admin.post('/res/storeLocation/list', { calibrationStatus: [1], calibratedAt: [Date.now() - 60_000, Date.now() + 60_000] });
    expect(done.result.data.map((x: any) => x.id)).toContain(saved.result.id);
    const pending = await admin.post('/res/storeLocation/list', { calibrationStatus: [0] });
    expect(pending.result.data.map((x: any) => x.id)).not.toContain(saved.result.id);
  });

  it.each([
    ['no longitude', { calibratedLat: '34.75' }, 'calibratedLon', '经度不能为空'],
    ['an empty longitude', { calibratedLon: '', calibratedLat: '34.75' }, 'calibratedLon', '经度不能为空'],
    ['seven decimals', { calibratedLon: '113.1234567', calibratedLat: '34.75' }, 'calibratedLon', '经度必须为数字值，且最多输入六位小数'],
    ['a longitude out of range', { calibratedLon: '181', calibratedLat: '34.75' }, 'calibratedLon', '经度必须为数字值，且最多输入六位小数'],
    ['no latitude', { calibratedLon: '113.65' }, 'calibratedLat', '纬度不能为空'],
    ['a latitude as text', { calibratedLon: '113.65', calibratedLat: 'N34' }, 'calibratedLat', '纬度必须为数字值，且最多输入六位小数'],
    ['a latitude as a number', { calibratedLon: '113.65', calibratedLat: 34.75 }, 'calibratedLat', '纬度'],
    ['a script', { calibratedLon: '<script>alert(1)</script>', calibratedLat: '34.75' }, 'calibratedLon', '经度'],
    ['an oversized value', { calibratedLon: '1'.repeat(100_000), calibratedLat: '34.75' }, 'calibratedLon', '经度'],
    ['an unknown field', { calibratedLon: '113.65', calibratedLat: '34.75', calibrationStatus: 0 }, 'calibrationStatus', ''],
  ])('refuses %s with code 100 naming the field, and changes nothing', async (_why, body, field, message) => {
    const saved = await admin.post('/res/storeLocation/save', store(`B${Math.random().toString(36).slice(2, 8)}`, otherCustomer));
    const r = await t.refused(() => admin.post('/storeLocation/calibrate', { id: saved.result.id, version: 1, ...body }));
    expect(r.code).toBe(100);
    expect(r.result.field).toBe(field);
    expect(r.message).toContain(message);
  });

  it('refuses a stale version, and the change form cannot write the calibrated position', async () => {
    const saved = await admin.post('/res/storeLocation/save', store('S002', otherCustomer));
    await admin.post('/storeLocation/calibrate', { id: saved.result.id, version: 1, calibratedLon: '113.1', calibratedLat: '34.1' });
    const stale = await t.refused(() => admin.post('/storeLocation/calibrate', { id: saved.result.id, version: 1, calibratedLon: '113.2', calibratedLat: '34.2' }));
    expect(stale.message).toBe('数据已被他人修改，请刷新后重试');
    const typed = await t.refused(() => admin.post('/res/storeLocation/update', { id: saved.result.id, version: 2, calibratedLon: '113.3' }));
    expect(typed.code).toBe(100);
    expect(typed.result.field).toBe('calibratedLon');
  });

  it('a customer user calibrates its own stores only; without the 校准 right it is refused', async () => {
    const own = await admin.post('/res/storeLocation/save', store('S003', customerPartner));
    const other = await admin.post('/res/storeLocation/save', store('S004', otherCustomer));
    await grant('customer', 'storeLocation3', 'storeLocationCalibrate3');
    const partner = await t.as('customer');
    const ok = await partner.post('/storeLocation/calibrate', { id: own.result.id, version: 1, calibratedLon: '113.5', calibratedLat: '34.5' });
    expect(ok.code, ok.message).toBe(1);
    const not = await t.refused(() => partner.post('/storeLocation/calibrate', { id: other.result.id, version: 1, calibratedLon: '113.5', calibratedLat: '34.5' }));
    expect(not.message).toBe('记录不存在或无权访问');
    await revoke('customer', 'storeLocationCalibrate3');
    const without = await t.as('customer');
    const denied = await t.refused(() => without.post('/storeLocation/calibrate', { id: own.result.id, version: 2, calibratedLon: '113.6', calibratedLat: '34.6' }));
    expect(denied.code).toBe(104);
  });
});

describe('where a fence is used', () => {
  it('lists its 收发货方, 距离 (both ways), 配送设置 and 门店 by name; a customer user only what its lists show it', async () => {
    const sr = await admin.post('/res/shipperReceiverInfo/save', { shipperReceiverName: '本客户发货点', shipperReceiverType: 1, areaId: mine, customerId: customerPartner });
    const sr2 = await admin.post('/res/shipperReceiverInfo/save', { shipperReceiverName: '别家收货点', shipperReceiverType: 2, areaId: mine, customerId: otherCustomer });
    const out = await admin.post('/res/distance/save', { fromAreaId: mine, toAreaId: depotA, distanceKm: 12.5, estimatedHours: 0.5 });
    const back = await admin.post('/res/distance/save', { fromAreaId: depotB, toAreaId: mine, distanceKm: 30 });
    // One setting per fence: the demo's own for this fence (if any) goes first.
    await t.db.run('UPDATE area_delivery_settings SET is_deleted = 1 WHERE area_id = ?', [mine]);
    const setting = await admin.post('/res/areaDeliverySetting/save', { areaId: mine, windowStart: '08:00', windowEnd: '11:30', unloadMinutes: 20, needReceipt: 1 });
    const shop = await admin.post('/res/storeLocation/save', store('U001', customerPartner, mine));
    expect([sr, sr2, out, back, setting, shop].map((r) => r.code)).toEqual([1, 1, 1, 1, 1, 1]);

    const usage = (await admin.get(`/electronic/areaManage/usage?id=${mine}`)).result;
    expect(usage.shipperReceivers.map((r: any) => r.shipperReceiverName)).toEqual(expect.arrayContaining(['本客户发货点', '别家收货点']));
    expect(usage.shipperReceivers.find((r: any) => r.id === sr.result.id)).toMatchObject({ shipperReceiverTypeStr: '发货方', statusStr: '启用' });
    expect(usage.shipperReceivers.find((r: any) => r.id === sr.result.id).customerName).toBeTruthy();
    expect(usage.distances.map((r: any) => r.id)).toEqual(expect.arrayContaining([out.result.id, back.result.id]));
    const outRow = usage.distances.find((r: any) => r.id === out.result.id);
    expect(outRow.fromAreaName).toBeTruthy();
    expect(outRow.toAreaName).toBeTruthy();
    expect(outRow.distanceKm).toBe(12.5);
    expect(usage.deliverySettings).toEqual([expect.objectContaining({ windowStr: '08:00-11:30', unloadMinutes: 20, needReceiptStr: '是', statusStr: '启用' })]);
    expect(usage.stores.find((r: any) => r.id === shop.result.id)).toMatchObject({ storeCode: 'U001', calibrationStatusStr: '待校准' });
    // Names only: no id of another record is shown as data.
    expect(Object.keys(usage.shipperReceivers[0])).not.toContain('customerId');

    await grant('customer', 'areaDetail3');
    const partner = await t.as('customer');
    const seen = (await partner.get(`/electronic/areaManage/usage?id=${mine}`)).result;
    expect(seen.shipperReceivers.map((r: any) => r.shipperReceiverName)).toEqual(['本客户发货点']);
    expect(seen.distances).toEqual([]);
    expect(seen.deliverySettings).toEqual([]);
    expect(seen.stores.map((r: any) => r.storeCode)).toEqual(expect.arrayContaining(['U001']));
    expect(seen.stores.every((r: any) => r.customerName === usage.stores.find((x: any) => x.id === shop.result.id).customerName)).toBe(true);
  });

  it('a deleted fence keeps showing where it is used, by name', async () => {
    const gone = (await t.db.one<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND is_deleted = 0 AND id NOT IN (?, ?, ?, ?) ORDER BY id DESC LIMIT 1', [depotA, depotB, freshA, freshB]))!.id;
    await admin.post('/res/shipperReceiverInfo/save', { shipperReceiverName: '旧仓发货点', shipperReceiverType: 1, areaId: gone });
    const del = await admin.post('/electronic/areaManage/delete', { areaId: gone });
    expect(del.code, del.message).toBe(1);
    const usage = (await admin.get(`/electronic/areaManage/usage?id=${gone}`)).result;
    expect(usage.shipperReceivers.map((r: any) => r.shipperReceiverName)).toEqual(['旧仓发货点']);
    const list = await admin.post('/res/shipperReceiverInfo/list', { areaId: gone });
    expect(list.result.data[0].areaName).toBe(usage.areaName);
  });
});

describe('the fence form\'s 所属客户', () => {
  const fenceOf = (id: number) => admin.get(`/electronic/getCustomAreaByAreaId?areaId=${id}`);
  const circle = (code: string) => ({ areaName: `围栏${code}`, areaCode: code, typeId: 3, lonCenter: 113.65, latCenter: 34.75, radius: 200, position: '某路' });

  it('offers staff every customer and a customer user only its own, fixed', async () => {
    const staff = (await admin.get('/electronic/areaManage/customers')).result;
    expect(staff.fixed).toBe(false);
    expect(staff.customers.map((c: any) => c.id)).toEqual(expect.arrayContaining([customerPartner, otherCustomer]));
    expect(staff.customers[0].customerName).toBeTruthy();
    await grant('customer', 'areaAdd3', 'areaUpdate3');
    const own = (await (await t.as('customer')).get('/electronic/areaManage/customers')).result;
    expect(own).toEqual({ fixed: true, customers: [expect.objectContaining({ id: customerPartner })] });
  });

  it('staff set, change and clear a fence\'s customer; an unknown customer is refused naming the field', async () => {
    const added = await admin.post('/electronic/areaManage/add', { ...circle('CUST1'), customerId: otherCustomer });
    expect(added.code, added.message).toBe(1);
    let f = (await fenceOf(added.result.areaId)).result;
    expect(f.customerId).toBe(otherCustomer);
    const changed = await admin.post('/electronic/areaManage/update', { ...circle('CUST1'), areaId: f.areaId, version: f.version, customerId: customerPartner });
    expect(changed.code, changed.message).toBe(1);
    f = (await fenceOf(f.areaId)).result;
    expect(f.customerId).toBe(customerPartner);
    const list = await admin.post('/electronic/areaManage/list', { areaCode: 'CUST1' });
    expect(list.result.data[0].customerName).toBeTruthy();
    const bad = await t.refused(() => admin.post('/electronic/areaManage/update', { ...circle('CUST1'), areaId: f.areaId, version: f.version, customerId: 987654 }));
    expect(bad.code).toBe(100);
    expect(bad.result.field).toBe('customerId');
    expect(bad.message).toBe('所属客户：所选客户不存在');
    const text = await t.refused(() => admin.post('/electronic/areaManage/update', { ...circle('CUST1'), areaId: f.areaId, version: f.version, customerId: '1' }));
    expect(text.result.field).toBe('customerId');
    const cleared = await admin.post('/electronic/areaManage/update', { ...circle('CUST1'), areaId: f.areaId, version: f.version, customerId: null });
    expect(cleared.code, cleared.message).toBe(1);
    expect((await fenceOf(f.areaId)).result.customerId).toBeNull();
  });

  it('a customer user\'s fences stay its own whatever customer it sends', async () => {
    await grant('customer', 'areaAdd3', 'areaUpdate3');
    const partner = await t.as('customer');
    const added = await partner.post('/electronic/areaManage/add', { ...circle('CUST2'), customerId: otherCustomer });
    expect(added.code, added.message).toBe(1);
    const f = (await fenceOf(added.result.areaId)).result;
    expect(f.customerId).toBe(customerPartner);
    const moved = await partner.post('/electronic/areaManage/update', { ...circle('CUST2'), areaId: f.areaId, version: f.version, customerId: null });
    expect(moved.code, moved.message).toBe(1);
    expect((await fenceOf(f.areaId)).result.customerId).toBe(customerPartner);
  });
});

describe('the order form\'s fence checks', () => {
  const CHECK_SR = '/orderInfo/checkShipperReceiver';
  const CHECK_D = '/orderInfo/checkAreaDistance';
  const SAVE_D = '/orderInfo/saveOrUpdateDistanceInfo';

  it('checkShipperReceiver: passes with an enabled shipper at the loading fence and a receiver at the unloading one', async () => {
    const missing = await admin.post(CHECK_SR, { shipperAreaId: freshA, receiverAreaId: freshB });
    expect(missing.code).toBe(1);
    expect(missing.result.passed).toBe(false);
    expect(missing.message).toContain('没有启用的发货方');
    expect(missing.message).toContain('没有启用的收货方');
    await admin.post('/res/shipperReceiverInfo/save', { shipperReceiverName: 'A仓发货', shipperReceiverType: 1, areaId: freshA });
    // A receiver that is 停用 does not count; one that ships and receives does.
    await admin.post('/res/shipperReceiverInfo/save', { shipperReceiverName: 'B仓停用', shipperReceiverType: 2, areaId: freshB, status: 1 });
    expect((await admin.post(CHECK_SR, { shipperAreaId: freshA, receiverAreaId: freshB })).result.passed).toBe(false);
    await admin.post('/res/shipperReceiverInfo/save', { shipperReceiverName: 'B仓收发', shipperReceiverType: 3, areaId: freshB, customerId: otherCustomer, contactPhone: '13900000000' });
    const ok = await admin.post(CHECK_SR, { shipperAreaId: freshA, receiverAreaId: freshB });
    expect(ok.result.passed).toBe(true);
    expect(ok.message).toBe('收发货方校验通过');
    expect(ok.result.shippers.map((r: any) => r.shipperReceiverName)).toEqual(['A仓发货']);
    expect(ok.result.receivers).toEqual([expect.objectContaining({ shipperReceiverName: 'B仓收发', contactPhone: '13900000000' })]);
    // For another customer's order, that customer's receiver does not serve.
    const forOther = await admin.post(CHECK_SR, { shipperAreaId: freshA, receiverAreaId: freshB, customerId: customerPartner });
    expect(forOther.result.passed).toBe(false);
  });

  it('checkAreaDistance answers the kept distance, the reverse row too, or says none is kept', async () => {
    const none = await admin.post(CHECK_D, { shipperAreaId: freshA, receiverAreaId: freshB });
    expect(none.result).toEqual({ exists: false, distance: null });
    expect(none.message).toBe('未维护发货地到收货地的距离');
    await admin.post('/res/distance/save', { fromAreaId: freshB, toAreaId: freshA, distanceKm: 42 });
    const reverse = await admin.post(CHECK_D, { shipperAreaId: freshA, receiverAreaId: freshB });
    expect(reverse.result.exists).toBe(true);
    expect(reverse.result.distance).toMatchObject({ distanceKm: 42, fromAreaId: freshB });
  });

  it('saveOrUpdateDistanceInfo adds the row of this direction, then changes it, with history', async () => {
    const first = await admin.post(SAVE_D, { shipperAreaId: freshA, receiverAreaId: freshB, distanceKm: 40.5, estimatedHours: 1.2 });
    expect(first.code, first.message).toBe(1);
    expect(first.result).toMatchObject({ created: true, version: 1 });
    const again = await admin.post(SAVE_D, { shipperAreaId: freshA, receiverAreaId: freshB, distanceKm: 41 });
    expect(again.result).toMatchObject({ id: first.result.id, created: false, version: 2 });
    const row = (await admin.get(`/res/distance/detail?id=${first.result.id}`)).result;
    expect(row).toMatchObject({ fromAreaId: freshA, toAreaId: freshB, distanceKm: 41, estimatedHours: 1.2 });
    const history = await admin.post('/res/distance/history', { id: first.result.id });
    expect(history.result.data.map((h: any) => h.action)).toEqual(['update', 'create']);
    // Now the exact direction answers first.
    expect((await admin.post(CHECK_D, { shipperAreaId: freshA, receiverAreaId: freshB })).result.distance.id).toBe(first.result.id);
    const stale = await t.refused(() => admin.post(SAVE_D, { shipperAreaId: freshA, receiverAreaId: freshB, distanceKm: 43, version: 1 }));
    expect(stale.message).toBe('数据已被他人修改，请刷新后重试');
  });

  it.each([
    ['a negative distance', { distanceKm: -1 }, 'distanceKm'],
    ['a distance as text', { distanceKm: '12' }, 'distanceKm'],
    ['two decimals', { distanceKm: 1.25 }, 'distanceKm'],
    ['a distance too long', { distanceKm: 123456 }, 'distanceKm'],
    ['no distance', { distanceKm: undefined }, 'distanceKm'],
    ['a negative time', { estimatedHours: -2 }, 'estimatedHours'],
    ['a fence as text', { shipperAreaId: "1 OR 1=1" }, 'shipperAreaId'],
    ['an unknown field', { remark: '<script>' }, 'remark'],
    ['the same fence twice', { receiverAreaId: 'SAME' }, 'receiverAreaId'],
    ['an unknown fence', { receiverAreaId: 987654 }, 'receiverAreaId'],
  ])('saveOrUpdateDistanceInfo refuses %s with code 100 naming the field, and changes nothing', async (_why, change, field) => {
    const body: Record<string, unknown> = { shipperAreaId: freshA, receiverAreaId: theirs, distanceKm: 10, ...change };
    if (body.receiverAreaId === 'SAME') body.receiverAreaId = freshA;
    const r = await t.refused(() => admin.post(SAVE_D, body));
    expect(r.code).toBe(100);
    expect(r.result.field).toBe(field);
  });

  it('checks refuse bad fences the same way, and a fence a customer user may not see reads as unknown', async () => {
    for (const path of [CHECK_SR, CHECK_D]) {
      expect((await admin.post(path, { shipperAreaId: freshA })).result.field).toBe('receiverAreaId');
      expect((await admin.post(path, { shipperAreaId: freshA, receiverAreaId: -3 })).result.field).toBe('receiverAreaId');
      expect((await admin.post(path, { shipperAreaId: freshA, receiverAreaId: freshB, x: 1 })).code).toBe(100);
    }
    await grant('customer', 'orderAdd3');
    const partner = await t.as('customer');
    const hidden = await partner.post(CHECK_D, { shipperAreaId: mine, receiverAreaId: theirs });
    expect(hidden.code).toBe(100);
    expect(hidden.message).toBe('收货地：收货地不存在或无权访问');
  });

  it('a customer user may check but not keep distances (the corporation keeps them); users without the order forms are refused', async () => {
    await grant('customer', 'orderAdd3');
    const partner = await t.as('customer');
    expect((await partner.post(CHECK_D, { shipperAreaId: mine, receiverAreaId: freshA })).code).toBe(1);
    const kept = await t.refused(() => partner.post(SAVE_D, { shipperAreaId: mine, receiverAreaId: freshA, distanceKm: 5 }));
    expect(kept.code).toBe(104);
    const carrier = await t.as('carrier');
    expect((await carrier.post(CHECK_SR, { shipperAreaId: freshA, receiverAreaId: freshB })).code).toBe(104);
  });
});
