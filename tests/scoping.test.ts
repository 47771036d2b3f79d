// Data scoping enforced by the server: a user never reads or writes another corporation's or
// another partner's row, whatever id it sends. Every refused write leaves the database unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

const NOT_FOUND = '记录不存在或无权访问';

/** Resource id → table, and an update that would be valid on a row of the user's own corporation. */
const RESOURCES = [
  { id: 'vehicle', table: 'vehicles', change: { remark: '越权修改' } },
  { id: 'driver', table: 'drivers', change: { remark: '越权修改' } },
  { id: 'carrier', table: 'carriers', change: { remark: '越权修改' } },
  { id: 'customer', table: 'customers', change: { remark: '越权修改' } },
  { id: 'carModel', table: 'car_models', change: { remark: '越权修改' } },
  { id: 'department', table: 'departments', change: { remark: '越权修改' } },
  { id: 'user', table: 'users', change: { realName: '越权修改' } },
  { id: 'role', table: 'roles', change: { remark: '越权修改' } },
] as const;

let t: TestApp;
const all = <T = Row>(sql: string, ...params: unknown[]) => t.db.all<T>(sql, params);
const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params))!;
const idsOf = async (sql: string, ...params: unknown[]) => (await all<{ id: number }>(sql, ...params)).map((r) => r.id);
const firstId = async (table: string, where: string, ...params: unknown[]) => (await one<{ id: number }>(`SELECT id FROM ${table} WHERE ${where} ORDER BY id LIMIT 1`, ...params)).id;

const refused = (write: () => Promise<Reply>) => t.refused(write);

async function everyRow(caller: Caller, path: string, body: Row = {}) {
  const r = await caller.post(path, { ...body, pageSize: 1000 });
  expect(r.code).toBe(1);
  expect(r.result.totalRecords).toBeLessThanOrEqual(1000);
  return r.result as { data: Row[]; totalRecords: number };
}

beforeAll(async () => {
  t = await createTestApp();
});

describe('another corporation (admin2 of corporation 2 against corporation 1)', () => {
  let admin2: Caller;
  let admin: Caller;
  beforeAll(async () => {
    admin2 = await t.as('admin2');
    admin = await t.as('admin');
    // Give a corp-1 vehicle a history so that reading it is a real temptation.
    expect((await admin.post('/res/vehicle/update', { id: 1, version: 1, remark: '一公司备注' })).code).toBe(1);
  });

  it.each(RESOURCES)('cannot read a $id of corporation 1 by id (code 0)', async ({ id, table }) => {
    const target = await firstId(table, 'corp_id = 1');
    const r = await admin2.get(`/res/${id}/detail?id=${target}`);
    expect([r.code, r.message, r.result]).toEqual([0, NOT_FOUND, null]);
  });

  it.each(RESOURCES)('lists and counts only its own $id rows', async ({ id, table }) => {
    const own = await idsOf(`SELECT id FROM ${table} WHERE corp_id = 2 AND is_deleted = 0`);
    const { data, totalRecords } = await everyRow(admin2, `/res/${id}/list`);
    expect(totalRecords).toBe(own.length);
    expect(new Set(data.map((r) => r.id))).toEqual(new Set(own));
    expect((await admin2.post(`/res/${id}/count`, {})).result).toBe(own.length);
    expect((await idsOf(`SELECT id FROM ${table} WHERE corp_id = 1`)).length).toBeGreaterThan(0);
  });

  it('finds nothing when filtering on a corporation-1 carrier', async () => {
    const { data, totalRecords } = await everyRow(admin2, '/res/vehicle/list', { carrierId: 1 });
    expect([data, totalRecords]).toEqual([[], 0]);
  });

  it('cannot read the history of a corporation-1 record', async () => {
    expect((await admin.post('/res/vehicle/history', { id: 1 })).result.totalRecords).toBe(1);
    const r = await admin2.post('/res/vehicle/history', { id: 1 });
    expect([r.code, r.message]).toEqual([0, NOT_FOUND]);
  });

  it.each(RESOURCES)('cannot update a $id of corporation 1 (code 0, nothing changed)', async ({ id, table, change }) => {
    const target = await firstId(table, 'corp_id = 1');
    const { version } = await one<{ version: number }>(`SELECT version FROM ${table} WHERE id = ?`, target);
    const r = await refused(() => admin2.post(`/res/${id}/update`, { id: target, version, ...change }));
    expect([r.code, r.message]).toEqual([0, NOT_FOUND]);
  });

  it.each(RESOURCES)('cannot delete $id rows of corporation 1 (all reported failed, nothing changed)', async ({ id, table }) => {
    const targets = await idsOf(`SELECT id FROM ${table} WHERE corp_id = 1 ORDER BY id LIMIT 3`);
    const r = await refused(() => admin2.post(`/res/${id}/batchDelete`, { ids: targets }));
    expect(r.code).toBe(105);
    expect(r.result).toMatchObject({ total: targets.length, successCount: 0, failCount: targets.length, cannotDeleteCount: 0 });
  });

  it.each([
    ['a vehicle with a corp-1 carrier', 'vehicle', async () => ({ vehicleNo: '浙F2K001', carrierId: 1 }), 'carrierId', '承运商'],
    ['a vehicle with a corp-1 car model', 'vehicle', async () => ({ vehicleNo: '浙F2K001', carrierId: await firstId('carriers', 'corp_id = 2'), carModelId: 1 }), 'carModelId', '车型'],
    ['a vehicle with a corp-1 driver', 'vehicle', async () => ({ vehicleNo: '浙F2K001', carrierId: await firstId('carriers', 'corp_id = 2'), driverId: 1 }), 'driverId', '司机'],
    ['a driver with a corp-1 carrier', 'driver', async () => ({ driverName: '二公司司机', mobile: '13900000021', carrierId: 1 }), 'carrierId', '承运商'],
    ['a department under a corp-1 department', 'department', async () => ({ orgName: '二公司部门', orgCode: 'JX09', parentId: 1 }), 'parentId', '上级部门'],
    ['a carrier user of a corp-1 carrier', 'user', async () => ({ userName: 'jx_carrier', realName: '二公司承运', userType: 2, partnerId: 1, password: 'Abcdef@123' }), 'partnerId', '所属客户/承运商'],
    ['a user holding a corp-1 role', 'user', async () => ({ userName: 'jx_staff', realName: '二公司员工', userType: 0, password: 'Abcdef@123', roleIds: [1] }), 'roleIds', '角色'],
  ])('cannot save %s (code 100 naming the field, nothing changed)', async (_name, resource, body, field, title) => {
    const r = await refused(async () => admin2.post(`/res/${resource}/save`, await body()));
    expect(r.code).toBe(100);
    expect(r.result.field).toBe(field);
    expect(r.message).toContain(title);
  });

  it('cannot point its own vehicle at a corp-1 carrier by update', async () => {
    const own = await one<{ id: number; version: number }>('SELECT id, version FROM vehicles WHERE corp_id = 2 ORDER BY id LIMIT 1');
    const r = await refused(() => admin2.post('/res/vehicle/update', { ...own, carrierId: 1 }));
    expect([r.code, r.result.field]).toEqual([100, 'carrierId']);
  });

  it('cannot change the grants of a corp-1 role', async () => {
    const r = await refused(() => admin2.post('/role/saveOperations', { roleId: 2, operationIds: ['vehicle3'] }));
    expect(r.code).toBe(0);
  });

  it('may use a plate that exists in corporation 1: unique keys hold per corporation and reveal nothing', async () => {
    const plate = (await one<{ v: string }>('SELECT vehicle_no AS v FROM vehicles WHERE id = 2')).v;
    const corp1Before = JSON.stringify(await all('SELECT * FROM vehicles WHERE corp_id = 1'));
    const r = await admin2.post('/res/vehicle/save', { vehicleNo: plate, carrierId: await firstId('carriers', 'corp_id = 2') });
    expect(r.code).toBe(1);
    expect(await one('SELECT corp_id AS c FROM vehicles WHERE id = ?', r.result.id)).toEqual({ c: 2 });
    expect(JSON.stringify(await all('SELECT * FROM vehicles WHERE corp_id = 1'))).toBe(corp1Before);
  });
});

describe('a carrier user (user type 2)', () => {
  let carrier: Caller;
  let partnerId: number;
  let otherVehicle: { id: number; version: number };
  beforeAll(async () => {
    carrier = await t.as('carrier');
    partnerId = (await carrier.get('/user/getCurrentUser')).result.partnerId;
    expect(partnerId).toBe((await one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p);
    otherVehicle = await one('SELECT id, version FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? AND is_deleted = 0 ORDER BY id LIMIT 1', partnerId);
  });

  it.each([
    ['vehicles', '/res/vehicle/list', 'vehicles'],
    ['vehicles (alias)', '/vehicleInfo/findAllVehicles', 'vehicles'],
    ['drivers', '/res/driver/list', 'drivers'],
    ['drivers (alias)', '/drivers/findAllDriverByPage', 'drivers'],
  ])('sees only its own carrier’s %s, as many as SQL counts', async (_name, path, table) => {
    const { data, totalRecords } = await everyRow(carrier, path);
    const expected = (await one<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE corp_id = 1 AND is_deleted = 0 AND carrier_id = ?`, partnerId)).n;
    expect(totalRecords).toBe(expected);
    expect(data).toHaveLength(expected);
    expect(expected).toBeGreaterThan(0);
    expect(data.every((r) => r.carrierId === partnerId)).toBe(true);
  });

  it('cannot widen its view by filtering on another carrier', async () => {
    const other = await firstId('carriers', 'corp_id = 1 AND id <> ?', partnerId);
    expect((await one<{ n: number }>('SELECT count(*) AS n FROM vehicles WHERE carrier_id = ?', other)).n).toBeGreaterThan(0);
    const r = await everyRow(carrier, '/res/vehicle/list', { carrierId: other });
    expect(r.totalRecords).toBe(0);
    expect((await carrier.post('/res/vehicle/count', { carrierId: other })).result).toBe(0);
  });

  it('sees its own carrier record only, and the corporation’s shared car models', async () => {
    const carriers = await everyRow(carrier, '/customerCarrier/findAllCarrierByPage');
    expect(carriers.data.map((c) => c.id)).toEqual([partnerId]);
    const models = await everyRow(carrier, '/carModel/findPage');
    expect(new Set(models.data.map((m) => m.id))).toEqual(new Set(await idsOf('SELECT id FROM car_models WHERE corp_id = 1 AND is_deleted = 0')));
  });

  it.each([
    ['another carrier’s vehicle', async () => `/res/vehicle/detail?id=${otherVehicle.id}`],
    ['another carrier’s driver', async () => `/res/driver/detail?id=${await firstId('drivers', 'corp_id = 1 AND carrier_id <> ?', partnerId)}`],
    ['another carrier', async () => `/res/carrier/detail?id=${await firstId('carriers', 'corp_id = 1 AND id <> ?', partnerId)}`],
  ])('cannot read %s by id (code 0)', async (_name, path) => {
    const r = await carrier.get(await path());
    expect([r.code, r.message]).toEqual([0, NOT_FOUND]);
  });

  it('cannot read the history of another carrier’s vehicle', async () => {
    expect((await carrier.post('/res/vehicle/history', { id: otherVehicle.id })).code).toBe(0);
  });

  it('cannot update another carrier’s vehicle (code 0, nothing changed)', async () => {
    const r = await refused(() => carrier.post('/res/vehicle/update', { ...otherVehicle, remark: '越权修改' }));
    expect([r.code, r.message]).toEqual([0, NOT_FOUND]);
  });

  it('cannot delete another carrier’s vehicle (reported failed, nothing changed)', async () => {
    const r = await refused(() => carrier.post('/res/vehicle/batchDelete', { ids: [otherVehicle.id] }));
    expect(r.result).toMatchObject({ total: 1, successCount: 0, failCount: 1 });
  });

  it('cannot put another carrier’s driver on its vehicle', async () => {
    const driverId = await firstId('drivers', 'corp_id = 1 AND carrier_id <> ?', partnerId);
    const r = await refused(() => carrier.post('/res/vehicle/save', { vehicleNo: '浙B3K001', carrierId: partnerId, driverId }));
    expect([r.code, r.result.field]).toEqual([100, 'driverId']);
  });

  it('saves a vehicle under its own carrier whatever carrierId it sends', async () => {
    const r = await carrier.post('/res/vehicle/save', { vehicleNo: '浙B3K002', carrierId: 2 });
    expect(r.code).toBe(1);
    expect(await one('SELECT carrier_id AS c, corp_id AS corp FROM vehicles WHERE id = ?', r.result.id)).toEqual({ c: partnerId, corp: 1 });
    expect((await carrier.get(`/res/vehicle/detail?id=${r.result.id}`)).result.carrierId).toBe(partnerId);
  });

  it('saves a driver under its own carrier whatever carrierId it sends', async () => {
    const r = await carrier.post('/res/driver/save', { driverName: '自有司机', mobile: '13900000031', carrierId: 3 });
    expect(r.code).toBe(1);
    expect(await one('SELECT carrier_id AS c FROM drivers WHERE id = ?', r.result.id)).toEqual({ c: partnerId });
  });

  it('cannot move its own vehicle to another carrier by update', async () => {
    const own = await one<{ id: number; version: number }>('SELECT id, version FROM vehicles WHERE carrier_id = ? AND is_deleted = 0 ORDER BY id LIMIT 1', partnerId);
    const r = await carrier.post('/res/vehicle/update', { ...own, carrierId: 2, remark: '自己的车' });
    expect(r.code).toBe(1);
    expect(await one('SELECT carrier_id AS c, remark AS r FROM vehicles WHERE id = ?', own.id)).toEqual({ c: partnerId, r: '自己的车' });
  });

  it('is denied the customer list (no operation: code 104)', async () => {
    const r = await carrier.post('/res/customer/list', {});
    expect([r.status, r.code]).toEqual([403, 104]);
    expect((await carrier.post('/customerCarrier/findAllCustomerByPage', {})).code).toBe(104);
  });

  it('sees no customers and may add none even when granted the operations: customers name no carrier scope field', async () => {
    const roleId = (await one<{ r: number }>("SELECT ur.role_id AS r FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'carrier'")).r;
    for (const op of ['customer3', 'customerAdd3']) await t.db.run('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (1, ?, ?)', [roleId, op]);
    t.sessions.invalidate();
    try {
      const { data, totalRecords } = await everyRow(carrier, '/res/customer/list');
      expect([data, totalRecords]).toEqual([[], 0]);
      expect((await carrier.get('/res/customer/detail?id=1')).code).toBe(0);
      const r = await refused(() => carrier.post('/res/customer/save', { customerCode: 'CR001', customerName: '承运商加的客户' }));
      expect(r.code).toBe(104);
    } finally {
      await t.db.run("DELETE FROM role_operations WHERE role_id = ? AND operation_id IN ('customer3', 'customerAdd3')", [roleId]);
      t.sessions.invalidate();
    }
  });
});

describe('a customer user (user type 1)', () => {
  let customer: Caller;
  let partnerId: number;
  beforeAll(async () => {
    customer = await t.as('customer');
    partnerId = (await customer.get('/user/getCurrentUser')).result.partnerId;
  });

  it.each(['/res/vehicle/list', '/vehicleInfo/findAllVehicles', '/res/vehicle/count', '/res/driver/list'])('cannot list %s (code 104)', async (path) => {
    const r = await customer.post(path, {});
    expect([r.status, r.code]).toEqual([403, 104]);
  });

  it('sees only its own customer record', async () => {
    const { data, totalRecords } = await everyRow(customer, '/customerCarrier/findAllCustomerByPage');
    expect(totalRecords).toBe(1);
    expect(data.map((c) => c.id)).toEqual([partnerId]);
    expect((await customer.post('/res/customer/count', {})).result).toBe(1);
    expect((await customer.get(`/res/customer/detail?id=${partnerId}`)).result.id).toBe(partnerId);
  });

  it('cannot read another customer by id', async () => {
    const other = await firstId('customers', 'corp_id = 1 AND id <> ?', partnerId);
    expect((await customer.get(`/res/customer/detail?id=${other}`)).code).toBe(0);
  });

  it('cannot update or delete even its own record without the operations (code 104, nothing changed)', async () => {
    const update = await refused(() => customer.post('/res/customer/update', { id: partnerId, version: 1, remark: '自改' }));
    expect(update.code).toBe(104);
    const del = await refused(() => customer.post('/res/customer/batchDelete', { ids: [partnerId] }));
    expect(del.code).toBe(104);
  });
});
