// The records linked to fences: 收发货方 by fence (getShipperReceiverByAreaId) and the distance of a
// fence pair (getAreaDistance), with their scoping, the reverse pair, unknown fences and bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let admin: Caller;
let customerPartner: number;
/** A fence of the customer user's customer, one of another customer, and two of the corporation's own. */
let mine: number, theirs: number, depotA: number, depotB: number;

const BY_AREA = '/shipperReceiverInfo/getShipperReceiverByAreaId';
const DISTANCE = '/distance/getAreaDistance';
const SAVE_SR = '/res/shipperReceiverInfo/save';

async function grant(userName: string, ...ops: string[]) {
  for (const op of ops) {
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, ? FROM user_roles ur JOIN users u ON u.id = ur.user_id
      WHERE u.user_name = ? ON CONFLICT DO NOTHING`, [op, userName]);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  customerPartner = (await t.db.one<{ p: number }>('SELECT partner_id AS p FROM users WHERE user_name = ?', ['customer']))!.p;
  const fence = (sql: string, ...p: unknown[]) => t.db.one<{ id: number }>(`SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND ${sql} ORDER BY id LIMIT 1`, p);
  theirs = (await fence('customer_id IS NOT NULL AND customer_id <> ?', customerPartner))!.id;
  // The demo gives the customer user's customer no fence of its own: hand it one.
  mine = (await fence('customer_id IS NOT NULL AND id <> ?', theirs))!.id;
  await t.db.run('UPDATE areas SET customer_id = ? WHERE id = ?', [customerPartner, mine]);
  depotA = (await fence('customer_id IS NULL'))!.id;
  depotB = (await fence('customer_id IS NULL AND id > ?', depotA))!.id;
  await grant('customer', 'shipperReceiverInfo3', 'distance3');
});

const shipper = (name: string, areaId: number, customerId?: number) =>
  ({ shipperReceiverName: name, shipperReceiverType: 1, areaId, ...(customerId ? { customerId } : {}), contactPhone: '13800000001' });

describe('收发货方 by fence', () => {
  it('answers the fence\'s records with the fence and customer by name; a customer user only its customer\'s', async () => {
    const own = await admin.post(SAVE_SR, shipper('本客户发货点', mine, customerPartner));
    const other = await admin.post(SAVE_SR, shipper('公司发货点', mine));
    expect([own.code, other.code]).toEqual([1, 1]);
    const all = await admin.get(`${BY_AREA}?customAreaId=${mine}`);
    expect(all.code).toBe(1);
    const names = all.result.map((r: any) => r.shipperReceiverName);
    expect(names).toEqual(expect.arrayContaining(['本客户发货点', '公司发货点']));
    const row = all.result.find((r: any) => r.id === own.result.id);
    expect(row.areaName).toBeTruthy();
    expect(row.customerName).toBeTruthy();
    const partner = await t.as('customer');
    const seen = await partner.get(`${BY_AREA}?customAreaId=${mine}`);
    expect(seen.result.map((r: any) => r.shipperReceiverName)).toEqual(['本客户发货点']);
  });

  it('answers an empty list for an unknown fence and for another customer\'s fence a customer user cannot see', async () => {
    await admin.post(SAVE_SR, shipper('别家收货点', theirs));
    expect((await admin.get(`${BY_AREA}?customAreaId=999999`)).result).toEqual([]);
    const partner = await t.as('customer');
    expect((await partner.get(`${BY_AREA}?customAreaId=${theirs}`)).result).toEqual([]);
  });

  it('refuses a fence the user may not pick, and a deleted one, naming the field', async () => {
    await grant('customer', 'shipperReceiverInfoAdd3');
    const partner = await t.as('customer');
    const r = await t.refused(() => partner.post(SAVE_SR, shipper('越权', theirs, customerPartner)));
    expect(r.code).toBe(100);
    expect(r.message).toContain('电子围栏');
    expect(r.result.field).toBe('areaId');
    // A deleted fence: its records still show its name, but it cannot be picked again.
    const gone = (await t.db.one<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND id NOT IN (?, ?) ORDER BY id DESC LIMIT 1', [depotA, depotB]))!.id;
    const kept = await admin.post(SAVE_SR, shipper('旧围栏发货点', gone));
    expect(kept.code).toBe(1);
    await t.db.run('UPDATE areas SET is_deleted = 1 WHERE id = ?', [gone]);
    expect((await admin.get(`/res/shipperReceiverInfo/detail?id=${kept.result.id}`)).result.areaName).toBeTruthy();
    const again = await t.refused(() => admin.post(SAVE_SR, shipper('新发货点', gone)));
    expect(again.result.field).toBe('areaId');
  });

  it.each([['0'], ['-1'], ['abc'], ['1.5']])('refuses customAreaId %s with code 100 naming 围栏ID', async (bad) => {
    const r = await t.refused(() => admin.get(`${BY_AREA}?customAreaId=${bad}`));
    expect(r.code).toBe(100);
    expect(r.message).toContain('围栏ID');
  });
});

describe('distance of a fence pair', () => {
  it('answers the pair\'s row, the reverse row when only that exists, and null when neither does', async () => {
    const saved = await admin.post('/res/distance/save', { fromAreaId: depotA, toAreaId: depotB, distanceKm: 12.5, estimatedHours: 0.5 });
    expect(saved.code, saved.message).toBe(1);
    const there = await admin.post(DISTANCE, { startAreaId: depotA, endAreaId: depotB });
    expect(there.result).toMatchObject({ id: saved.result.id, distanceKm: 12.5, fromAreaId: depotA, toAreaId: depotB });
    expect(there.result.fromAreaName).toBeTruthy();
    const back = await admin.post(DISTANCE, { startAreaId: depotB, endAreaId: depotA });
    expect(back.result.id).toBe(saved.result.id);
    // An own row for the way back wins over the reverse one.
    const own = await admin.post('/res/distance/save', { fromAreaId: depotB, toAreaId: depotA, distanceKm: 13 });
    expect((await admin.post(DISTANCE, { startAreaId: depotB, endAreaId: depotA })).result.id).toBe(own.result.id);
    expect((await admin.post(DISTANCE, { startAreaId: depotA, endAreaId: 999999 })).result).toBeNull();
  });

  it('refuses the same pair twice', async () => {
    await admin.post('/res/distance/save', { fromAreaId: mine, toAreaId: depotA, distanceKm: 3 });
    const r = await t.refused(() => admin.post('/res/distance/save', { fromAreaId: mine, toAreaId: depotA, distanceKm: 4 }));
    expect(r.code).toBe(100);
    expect(r.message).toContain('起点围栏');
  });

  it('answers null to a customer user for a fence of another customer', async () => {
    await admin.post('/res/distance/save', { fromAreaId: theirs, toAreaId: depotA, distanceKm: 7 });
    const partner = await t.as('customer');
    expect((await admin.post(DISTANCE, { startAreaId: theirs, endAreaId: depotA })).result).not.toBeNull();
    expect((await partner.post(DISTANCE, { startAreaId: theirs, endAreaId: depotA })).result).toBeNull();
  });

  it.each([
    [{ startAreaId: 1 }, '终点围栏'],
    [{ startAreaId: 'a', endAreaId: 2 }, '起点围栏'],
    [{ startAreaId: -1, endAreaId: 2 }, '起点围栏'],
    [{ startAreaId: 1, endAreaId: 2, extra: 1 }, 'extra'],
  ])('refuses %j with code 100 naming %s', async (body, named) => {
    const r = await t.refused(() => admin.post(DISTANCE, body));
    expect(r.code).toBe(100);
    if (named !== 'extra') expect(r.message).toContain(named);
  });
});
