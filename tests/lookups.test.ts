// The base-data lookups of spec section 7 (server/routes/lookups.ts and the customerCarrier aliases):
// each answer for the demo data equals a direct SQL query over the same rows; another corporation and
// partner users (customer 1, carrier 2) see only what the resource scopes allow, a vehicle they may
// not see answering like a missing one; bad input is code 100 naming the field, never a 5xx; and the
// access rules let the demo roles reach the pickers of the pages they see.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { hashPassword } from '../server/domain/auth/password-hash.ts';
import { LOOKUP_OPERATIONS, UNASSIGNED_ORG } from '../server/routes/lookups.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

let t: TestApp;
const all = <T = Row>(sql: string, ...params: unknown[]) => t.db.all<T>(sql, params);
const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params))!;
const idsOf = async (sql: string, ...params: unknown[]) => (await all<{ id: number }>(sql, ...params)).map((r) => Number(r.id));
const countOf = async (sql: string, ...params: unknown[]) => Number((await one<{ n: number }>(sql, ...params)).n);
const ok = (r: Reply) => {
  expect([r.status, r.code], r.message).toEqual([200, 1]);
  return r.result;
};
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Every node of a tree with the key of its parent. */
function flatten(nodes: Row[], parent: string | null = null): { node: Row; parent: string | null }[] {
  return nodes.flatMap((node) => [{ node, parent }, ...flatten(node.children ?? [], node.key)]);
}

const now = Date.now();
let seq = 0;
async function addUser(corpId: number, orgId: number | null, userType: number, o: { partnerId?: number; enabled?: number; deleted?: number; roleId?: number } = {}) {
  const { hash, salt } = hashPassword(DEMO_PASSWORD);
  const userName = `lookup_${++seq}`;
  const id = await t.db.insert(
    `INSERT INTO users (corp_id, org_id, user_name, real_name, user_type, partner_id, password_hash, password_salt, last_password_modified_time, enabled, is_deleted, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [corpId, orgId, userName, `查询${seq}`, userType, o.partnerId ?? null, hash, salt, now, o.enabled ?? 1, o.deleted ?? 0, now, now],
  );
  if (o.roleId) await t.db.run('INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (?, ?, ?)', [corpId, id, o.roleId]);
  return { id, userName };
}
async function addRole(corpId: number, name: string, operations: string[]) {
  const id = await t.db.insert('INSERT INTO roles (corp_id, role_name, created_at, updated_at) VALUES (?, ?, ?, ?)', [corpId, name, now, now]);
  for (const op of operations) await t.db.run('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?)', [corpId, id, op]);
  return id;
}
const deptId = async (code: string) => (await one<{ id: number }>('SELECT id FROM departments WHERE org_code = ?', code)).id;

// The demo accounts and the rows the cases below point at.
let admin: Caller, dispatcher: Caller, admin2: Caller, carrier: Caller, customer: Caller, monitor: Caller;
/** Partner users of corporation 1 whose role grants every operation of the lookups: scoping, not access, decides what they get. */
let carrierAll: Caller, customerAll: Caller;
/** Staff of 华北分公司 (HY01), for the sub-department users. */
let northLead: Caller;
/** A staff user whose only grants are the poultry order lists (the alsoAllowedTo of the business-line aliases). */
let poultry: Caller;
let noRole: Caller;
const ids = {
  carrier: 0, customer: 0, otherCarrier: 0, goneCarrier: 0,
  ownVehicle: 0, otherVehicle: 0, deletedVehicle: 0, goneCarrierVehicle: 0, corp2Vehicle: 0,
  foreignDriver: 0, deletedDriver: 0, deletedCarModel: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  ids.carrier = (await one<{ id: number }>("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  ids.customer = (await one<{ id: number }>("SELECT partner_id AS id FROM users WHERE user_name = 'customer'")).id;
  ids.ownVehicle = (await idsOf('SELECT id FROM vehicles WHERE carrier_id = ? ORDER BY id', ids.carrier))[0];
  ids.deletedVehicle = (await idsOf('SELECT id FROM vehicles WHERE carrier_id = ? ORDER BY id', ids.carrier))[1];
  const other = await one<{ id: number; carrierId: number }>('SELECT id, carrier_id AS carrierId FROM vehicles WHERE corp_id = 1 AND carrier_id <> ? ORDER BY id LIMIT 1', ids.carrier);
  ids.otherVehicle = other.id;
  ids.otherCarrier = other.carrierId;
  const gone = await one<{ id: number; carrierId: number }>('SELECT id, carrier_id AS carrierId FROM vehicles WHERE corp_id = 1 AND carrier_id NOT IN (?, ?) ORDER BY carrier_id DESC, id LIMIT 1', ids.carrier, ids.otherCarrier);
  ids.goneCarrierVehicle = gone.id;
  ids.goneCarrier = gone.carrierId;
  ids.corp2Vehicle = (await idsOf('SELECT id FROM vehicles WHERE corp_id = 2 ORDER BY id'))[0];

  // Drivers: the own vehicle is bound to another carrier's driver (staff may pair them); one of the carrier's drivers is deleted.
  ids.foreignDriver = (await idsOf('SELECT id FROM drivers WHERE carrier_id = ? ORDER BY id', ids.otherCarrier))[0];
  const ownBound = (await one<{ id: number }>('SELECT driver_id AS id FROM vehicles WHERE id = ?', ids.ownVehicle)).id;
  await t.db.run('UPDATE vehicles SET driver_id = ? WHERE id = ?', [ids.foreignDriver, ids.ownVehicle]);
  ids.deletedDriver = (await idsOf('SELECT id FROM drivers WHERE carrier_id = ? AND id <> ? ORDER BY id DESC', ids.carrier, ownBound))[0];
  await t.db.run('UPDATE drivers SET is_deleted = 1 WHERE id = ?', [ids.deletedDriver]);
  await t.db.run('UPDATE vehicles SET is_deleted = 1 WHERE id = ?', [ids.deletedVehicle]);
  await t.db.run('UPDATE carriers SET is_deleted = 1 WHERE id = ?', [ids.goneCarrier]);
  ids.deletedCarModel = (await idsOf('SELECT id FROM car_models WHERE corp_id = 1 ORDER BY id DESC'))[0];
  await t.db.run('UPDATE car_models SET is_deleted = 1 WHERE id = ?', [ids.deletedCarModel]);

  // Delivery men and equipment (no demo rows): live and deleted ones on the own vehicle, one on another carrier's.
  const delivery = (name: string, mobile: string, vehicleId: number, carrierId: number, deleted = 0) =>
    t.db.insert('INSERT INTO deliveries (corp_id, delivery_name, mobile, vehicle_id, carrier_id, is_deleted, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?)', [name, mobile, vehicleId, carrierId, deleted, now, now]);
  await delivery('配送甲', '13800000001', ids.ownVehicle, ids.carrier);
  await delivery('配送乙', '13800000002', ids.ownVehicle, ids.otherCarrier);
  await delivery('配送丙', '13800000003', ids.ownVehicle, ids.carrier, 1);
  await delivery('配送丁', '13800000004', ids.otherVehicle, ids.otherCarrier);
  const equip = (no: string, type: number, vehicleId: number, deleted = 0) =>
    t.db.insert('INSERT INTO equips (corp_id, equip_no, equip_type, vehicle_id, installed_at, is_deleted, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?)', [no, type, vehicleId, now, deleted, now, now]);
  await equip('EQ001', 1, ids.ownVehicle);
  await equip('EQ002', 2, ids.ownVehicle);
  await equip('EQ003', 3, ids.ownVehicle, 1);
  await equip('EQ004', 1, ids.otherVehicle);

  // Users in sub-departments (enabled, disabled, deleted), one without a department, one of corporation 2.
  const dispatcherRole = (await one<{ id: number }>("SELECT id FROM roles WHERE corp_id = 1 AND role_name = '调度员'")).id;
  const north = await addUser(1, await deptId('HY01'), 0, { roleId: dispatcherRole });
  await addUser(1, await deptId('HY0101'), 0);
  await addUser(1, await deptId('HY0102'), 0, { enabled: 0 });
  await addUser(1, await deptId('HY0102'), 0, { deleted: 1 });
  await addUser(1, await deptId('HY02'), 0);
  await addUser(1, null, 0);
  await addUser(2, await deptId('JX01'), 0);
  const everything = await addRole(1, '全部查询', LOOKUP_OPERATIONS);
  const carrierAllUser = await addUser(1, null, 2, { partnerId: ids.carrier, roleId: everything });
  const customerAllUser = await addUser(1, null, 1, { partnerId: ids.customer, roleId: everything });
  const poultryUser = await addUser(1, await deptId('HY'), 0, { roleId: await addRole(1, '禽业订单', ['yqChicksOrder3', 'yqmjOrder3']) });
  const noRoleUser = await addUser(1, await deptId('HY'), 0);

  [admin, dispatcher, admin2, carrier, customer, monitor] = await Promise.all(['admin', 'dispatcher', 'admin2', 'carrier', 'customer', 'monitor'].map((u) => t.as(u)));
  [carrierAll, customerAll, northLead, poultry, noRole] = await Promise.all([carrierAllUser, customerAllUser, north, poultryUser, noRoleUser].map((u) => t.as(u.userName)));
});

describe('the routes', () => {
  it('declare only operations that exist', async () => {
    const known = new Set(await all<{ id: string }>('SELECT operation_id AS id FROM operations').then((rows) => rows.map((r) => r.id)));
    expect(LOOKUP_OPERATIONS.filter((op) => !known.has(op))).toEqual([]);
  });
});

describe('vehicleInfo/getDriversByVehicleId', () => {
  const expected = async (vehicleId: number, carrierOnly?: number) => {
    const v = await one<{ carrierId: number; driverId: number }>('SELECT carrier_id AS carrierId, driver_id AS driverId FROM vehicles WHERE id = ?', vehicleId);
    return idsOf(`SELECT id FROM drivers WHERE corp_id = 1 AND is_deleted = 0 AND (carrier_id = ? OR id = ?) ${carrierOnly ? 'AND carrier_id = ?' : ''}
      ORDER BY CASE WHEN id = ? THEN 1 ELSE 0 END DESC, driver_name, id`, v.carrierId, v.driverId, ...(carrierOnly ? [carrierOnly] : []), v.driverId);
  };

  it('gives staff the carrier\'s live drivers and the bound driver, that one first', async () => {
    const rows = ok(await dispatcher.get(`/vehicleInfo/getDriversByVehicleId?vehicleId=${ids.ownVehicle}`));
    expect(rows.map((r: Row) => r.id)).toEqual(await expected(ids.ownVehicle));
    expect(rows[0]).toMatchObject({ id: ids.foreignDriver, bound: 1, carrierId: ids.otherCarrier });
    expect(rows.slice(1).every((r: Row) => r.bound === 0 && r.carrierId === ids.carrier)).toBe(true);
    expect(rows.map((r: Row) => r.id)).not.toContain(ids.deletedDriver);
    expect(rows[1]).toHaveProperty('carrierName');
    expect(rows[1]).toHaveProperty('mobile');
  });

  it('gives a carrier user only its own drivers: another carrier\'s bound driver stays hidden', async () => {
    const rows = ok(await carrier.get(`/vehicleInfo/getDriversByVehicleId?vehicleId=${ids.ownVehicle}`));
    expect(rows.map((r: Row) => r.id)).toEqual(await expected(ids.ownVehicle, ids.carrier));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: Row) => r.carrierId === ids.carrier)).toBe(true);
  });

  it('answers nothing for a vehicle the user may not see, as for a missing or deleted one', async () => {
    for (const [who, vehicleId] of [[carrier, ids.otherVehicle], [carrierAll, ids.corp2Vehicle], [admin2, ids.ownVehicle], [customerAll, ids.ownVehicle], [dispatcher, ids.deletedVehicle], [dispatcher, 99999999]] as const) {
      expect(ok(await who.get(`/vehicleInfo/getDriversByVehicleId?vehicleId=${vehicleId}`))).toEqual([]);
    }
  });
});

describe('vehicleInfo/queryCarrierByVehicleId', () => {
  it('gives the vehicle\'s carrier as the carrier list reads it', async () => {
    const c = ok(await dispatcher.get(`/vehicleInfo/queryCarrierByVehicleId?vehicleId=${ids.otherVehicle}`));
    const row = await one('SELECT id, carrier_name AS carrierName, carrier_code AS carrierCode FROM carriers WHERE id = ?', ids.otherCarrier);
    expect(c).toMatchObject({ id: Number(row.id), carrierName: row.carrierName, carrierCode: row.carrierCode });
    expect(c.updatedAtStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(ok(await carrier.get(`/vehicleInfo/queryCarrierByVehicleId?vehicleId=${ids.ownVehicle}`))).toMatchObject({ id: ids.carrier });
  });

  it('answers null for another carrier\'s or corporation\'s vehicle, a customer, and a deleted carrier', async () => {
    for (const [who, vehicleId] of [[carrier, ids.otherVehicle], [admin2, ids.ownVehicle], [customerAll, ids.ownVehicle], [dispatcher, ids.goneCarrierVehicle], [dispatcher, 99999999]] as const) {
      expect(ok(await who.get(`/vehicleInfo/queryCarrierByVehicleId?vehicleId=${vehicleId}`))).toBeNull();
    }
  });
});

describe('vehicleInfo/getOrgVehicleTree', () => {
  it('is the department tree of findOrganizationTree, with every live vehicle under 未分配部门 (vehicles have no department)', async () => {
    const tree = ok(await dispatcher.get('/vehicleInfo/getOrgVehicleTree'));
    const nodes = flatten(tree);
    const orgs = nodes.filter((n) => n.node.nodeType === 'org' && n.node.id !== null);
    expect(sorted(orgs.map((n) => n.node.id))).toEqual(await idsOf('SELECT id FROM departments WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id'));
    const vehicles = nodes.filter((n) => n.node.nodeType === 'vehicle');
    expect(vehicles.map((n) => n.node.id)).toEqual(await idsOf('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY vehicle_no, id'));
    expect(new Set(vehicles.map((n) => n.parent))).toEqual(new Set(['org-none']));
    expect(tree.at(-1)).toMatchObject({ key: 'org-none', orgName: UNASSIGNED_ORG, id: null });
    expect(vehicles[0].node).toMatchObject({ key: `vehicle-${vehicles[0].node.id}`, label: vehicles[0].node.vehicleNo });
    // The departments are findOrganizationTree's, in its order.
    const plain = flatten(ok(await dispatcher.get('/e6Organization/findOrganizationTree'))).map((n) => n.node.id);
    expect(orgs.map((n) => n.node.id)).toEqual(plain);
  });

  it('gives a carrier user its own vehicles, another corporation its own, a customer nothing', async () => {
    const own = flatten(ok(await carrier.get('/vehicleInfo/getOrgVehicleTree')));
    expect(own.filter((n) => n.node.nodeType === 'org').map((n) => n.node.key)).toEqual(['org-none']);
    expect(own.filter((n) => n.node.nodeType === 'vehicle').map((n) => n.node.id)).toEqual(await idsOf('SELECT id FROM vehicles WHERE carrier_id = ? AND is_deleted = 0 ORDER BY vehicle_no, id', ids.carrier));
    const corp2 = flatten(ok(await admin2.get('/vehicleInfo/getOrgVehicleTree')));
    expect(corp2.filter((n) => n.node.nodeType === 'vehicle').map((n) => n.node.id)).toEqual(await idsOf('SELECT id FROM vehicles WHERE corp_id = 2 AND is_deleted = 0 ORDER BY vehicle_no, id'));
    expect(sorted(corp2.filter((n) => n.node.nodeType === 'org' && n.node.id !== null).map((n) => n.node.id))).toEqual(await idsOf('SELECT id FROM departments WHERE corp_id = 2 AND is_deleted = 0 ORDER BY id'));
    expect(ok(await customerAll.get('/vehicleInfo/getOrgVehicleTree'))).toEqual([]);
  });
});

describe('vehicleInfo/findAllVehicleLabel', () => {
  it('pages the live vehicles by plate as {id, label}', async () => {
    const everything = ok(await dispatcher.post('/vehicleInfo/findAllVehicleLabel', { pageSize: 1000 }));
    const expected = await idsOf('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY vehicle_no, id');
    expect(everything.totalRecords).toBe(expected.length);
    expect(everything.data.map((r: Row) => r.id)).toEqual(expected);
    expect(everything.data[0]).toEqual({ id: expected[0], label: everything.data[0].vehicleNo, vehicleNo: everything.data[0].vehicleNo });
    const page2 = ok(await dispatcher.post('/vehicleInfo/findAllVehicleLabel', { curPage: 2, pageSize: 7 }));
    expect(page2).toMatchObject({ curPage: 2, pageSize: 7, totalRecords: expected.length });
    expect(page2.data.map((r: Row) => r.id)).toEqual(expected.slice(7, 14));
    expect(ok(await dispatcher.post('/vehicleInfo/findAllVehicleLabel', {})).data).toHaveLength(20);
  });

  it('filters by a typed fragment of the plate, %, _ and case as the other lists take them', async () => {
    const plate = (await one<{ p: string }>('SELECT vehicle_no AS p FROM vehicles WHERE id = ?', ids.ownVehicle)).p;
    for (const fragment of [plate.slice(1, 4), plate.slice(-3).toLowerCase(), plate]) {
      const r = ok(await dispatcher.post('/vehicleInfo/findAllVehicleLabel', { vehicleNo: fragment, pageSize: 1000 }));
      const expected = await idsOf("SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 AND vehicle_no LIKE ? ORDER BY vehicle_no, id", `%${fragment}%`);
      expect(r.data.map((x: Row) => x.id), fragment).toEqual(expected);
      expect(r.data.map((x: Row) => x.id)).toContain(ids.ownVehicle);
    }
    expect(ok(await dispatcher.post('/vehicleInfo/findAllVehicleLabel', { vehicleNo: '%' })).totalRecords).toBe(0);
    expect(ok(await dispatcher.post('/vehicleInfo/findAllVehicleLabel', { vehicleNo: '' })).totalRecords).toBeGreaterThan(0);
    expect(ok(await dispatcher.post('/vehicleInfo/findAllVehicleLabel', { id: ids.ownVehicle })).data.map((r: Row) => r.id)).toEqual([ids.ownVehicle]);
  });

  it('gives a carrier user its own vehicles only, another corporation nothing of ours', async () => {
    const own = ok(await carrier.post('/vehicleInfo/findAllVehicleLabel', { pageSize: 1000 }));
    expect(own.data.map((r: Row) => r.id)).toEqual(await idsOf('SELECT id FROM vehicles WHERE carrier_id = ? AND is_deleted = 0 ORDER BY vehicle_no, id', ids.carrier));
    expect(ok(await carrier.post('/vehicleInfo/findAllVehicleLabel', { id: ids.otherVehicle })).totalRecords).toBe(0);
    expect(ok(await admin2.post('/vehicleInfo/findAllVehicleLabel', { id: ids.ownVehicle })).totalRecords).toBe(0);
    expect(ok(await admin2.post('/vehicleInfo/findAllVehicleLabel', {})).totalRecords).toBe(await countOf('SELECT count(*) AS n FROM vehicles WHERE corp_id = 2 AND is_deleted = 0'));
    expect(ok(await customerAll.post('/vehicleInfo/findAllVehicleLabel', {})).totalRecords).toBe(0);
  });
});

describe('department trees and user lists', () => {
  const staffIds = (corpId: number, extra = '', ...params: unknown[]) =>
    idsOf(`SELECT id FROM users WHERE corp_id = ? AND is_deleted = 0 AND enabled = 1 AND user_type = 0 ${extra} ORDER BY real_name, id`, corpId, ...params);

  it.each(['/e6Organization/findOrganizationUserTree', '/user/getUserTree'])('%s: each live department with its enabled staff; staff without one under 未分配部门', async (path) => {
    const nodes = flatten(ok(await dispatcher.get(path)));
    const orgs = nodes.filter((n) => n.node.nodeType === 'org' && n.node.id !== null).map((n) => n.node.id);
    expect(sorted(orgs)).toEqual(await idsOf('SELECT id FROM departments WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id'));
    const users = nodes.filter((n) => n.node.nodeType === 'user');
    expect(sorted(users.map((n) => n.node.id))).toEqual(sorted(await staffIds(1)));
    for (const { node, parent } of users) expect(parent, node.userName).toBe(node.orgId === null ? 'org-none' : `org-${node.orgId}`);
    expect(users.some((n) => n.parent === 'org-none')).toBe(true);
    // Sub-departments before users inside a department.
    const hqId = await deptId('HY');
    const hq = nodes.find((n) => n.node.id === hqId && n.node.nodeType === 'org')!.node;
    const kinds = hq.children.map((c: Row) => c.nodeType);
    expect(kinds.indexOf('user')).toBeGreaterThan(kinds.lastIndexOf('org'));
  });

  it('trees: another corporation sees its own; partner users nothing', async () => {
    const corp2 = flatten(ok(await admin2.get('/e6Organization/findOrganizationUserTree')));
    expect(sorted(corp2.filter((n) => n.node.nodeType === 'user').map((n) => n.node.id))).toEqual(sorted(await staffIds(2)));
    for (const who of [carrierAll, customerAll]) {
      expect(ok(await who.get('/e6Organization/findOrganizationUserTree'))).toEqual([]);
      expect(ok(await who.get('/user/getUserTree'))).toEqual([]);
    }
  });

  it('e6Organization/findAllOrgTree is the whole department tree, to any session', async () => {
    expect(ok(await dispatcher.get('/e6Organization/findAllOrgTree'))).toEqual(ok(await dispatcher.get('/e6Organization/findOrganizationTree')));
    const corp2 = flatten(ok(await admin2.get('/e6Organization/findAllOrgTree')));
    expect(sorted(corp2.map((n) => n.node.id))).toEqual(await idsOf('SELECT id FROM departments WHERE corp_id = 2 AND is_deleted = 0 ORDER BY id'));
    expect(ok(await noRole.get('/e6Organization/findAllOrgTree')).length).toBeGreaterThan(0);
    expect(ok(await carrier.get('/e6Organization/findAllOrgTree'))).toEqual([]);
  });

  it('user/findAllSalesmanList: the enabled staff (user type 0) of the corporation', async () => {
    const rows = ok(await dispatcher.get('/user/findAllSalesmanList'));
    expect(rows.map((r: Row) => r.id)).toEqual(await staffIds(1));
    expect(rows.find((r: Row) => r.userName === 'dispatcher')).toMatchObject({ realName: '张调度', orgName: '华运供应链管理有限公司', userType: 0 });
    expect(ok(await admin2.get('/user/findAllSalesmanList')).map((r: Row) => r.id)).toEqual(await staffIds(2));
    expect(ok(await customer.get('/user/findAllSalesmanList'))).toEqual([]);
    expect(ok(await carrierAll.get('/user/findAllSalesmanList'))).toEqual([]);
  });

  it('user/getListByUserType: the enabled users of that type, partners named', async () => {
    for (const type of [0, 1, 2]) {
      const rows = ok(await admin.get(`/user/getListByUserType?userType=${type}`));
      expect(rows.map((r: Row) => r.id), `type ${type}`).toEqual(
        await idsOf('SELECT id FROM users WHERE corp_id = 1 AND is_deleted = 0 AND enabled = 1 AND user_type = ? ORDER BY real_name, id', type));
    }
    const carriers = ok(await admin.get('/user/getListByUserType?userType=2'));
    const name = (await one<{ n: string }>('SELECT carrier_name AS n FROM carriers WHERE id = ?', ids.carrier)).n;
    expect(carriers.find((r: Row) => r.userName === 'carrier')).toMatchObject({ partnerId: ids.carrier, partnerName: name });
    expect(ok(await admin2.get('/user/getListByUserType?userType=2'))).toEqual([]);
    expect(ok(await carrierAll.get('/user/getListByUserType?userType=2'))).toEqual([]);
  });

  it('user/getSubUserList: the enabled staff of the caller\'s department and the departments below it', async () => {
    const north = await deptId('HY01');
    const below = await idsOf('SELECT id FROM departments WHERE id = ? OR parent_id = ? OR parent_id IN (SELECT id FROM departments WHERE parent_id = ?)', north, north, north);
    const rows = ok(await northLead.post('/user/getSubUserList', {}));
    expect(rows.map((r: Row) => r.id)).toEqual(await staffIds(1, `AND org_id IN (${below.map(() => '?').join(', ')})`, ...below));
    expect(rows.length).toBe(2); // the lead (HY01) and the enabled one of 北京调度中心; the disabled and the deleted are left out
    // At the head office: every staff user in a live department.
    const all1 = ok(await dispatcher.post('/user/getSubUserList', {}));
    expect(all1.map((r: Row) => r.id)).toEqual(await staffIds(1, 'AND org_id IN (SELECT id FROM departments WHERE corp_id = 1 AND is_deleted = 0)'));
    expect(ok(await carrierAll.post('/user/getSubUserList', {}))).toEqual([]);
    expect(ok(await customerAll.post('/user/getSubUserList', {}))).toEqual([]);
  });
});

describe('delivery men, equipment, equipment types, car models', () => {
  it('delivery/findDeliveriesByVehicleId: the live delivery men of the vehicle, as the delivery list reads them', async () => {
    const rows = ok(await dispatcher.get(`/delivery/findDeliveriesByVehicleId?vehicleId=${ids.ownVehicle}`));
    expect(rows.map((r: Row) => r.id)).toEqual(await idsOf('SELECT id FROM deliveries WHERE corp_id = 1 AND is_deleted = 0 AND vehicle_id = ? ORDER BY delivery_name, id', ids.ownVehicle));
    expect(rows.map((r: Row) => r.deliveryName)).toEqual(expect.arrayContaining(['配送甲', '配送乙']));
    expect(rows.map((r: Row) => r.deliveryName)).not.toContain('配送丙');
    expect(rows[0]).toHaveProperty('vehicleName');
    expect(rows[0]).toHaveProperty('carrierName');
    // A carrier user: only its own carrier's delivery men, and only on a vehicle it may see.
    const own = ok(await carrierAll.get(`/delivery/findDeliveriesByVehicleId?vehicleId=${ids.ownVehicle}`));
    expect(own.map((r: Row) => r.id)).toEqual(await idsOf('SELECT id FROM deliveries WHERE is_deleted = 0 AND vehicle_id = ? AND carrier_id = ? ORDER BY delivery_name, id', ids.ownVehicle, ids.carrier));
    expect(own.map((r: Row) => r.deliveryName)).toContain('配送甲');
    expect(own.map((r: Row) => r.deliveryName)).not.toContain('配送乙');
    expect(ok(await carrierAll.get(`/delivery/findDeliveriesByVehicleId?vehicleId=${ids.otherVehicle}`))).toEqual([]);
    expect(ok(await admin2.get(`/delivery/findDeliveriesByVehicleId?vehicleId=${ids.ownVehicle}`))).toEqual([]);
    expect(ok(await customerAll.get(`/delivery/findDeliveriesByVehicleId?vehicleId=${ids.ownVehicle}`))).toEqual([]);
  });

  it('equip/findEquipByCarId: the live equipment of the vehicle, to staff only (the equipment file has no partner scope)', async () => {
    const rows = ok(await dispatcher.get(`/equip/findEquipByCarId?carId=${ids.ownVehicle}`));
    expect(rows.map((r: Row) => r.id)).toEqual(await idsOf('SELECT id FROM equips WHERE corp_id = 1 AND is_deleted = 0 AND vehicle_id = ? ORDER BY equip_no, id', ids.ownVehicle));
    expect(rows.map((r: Row) => r.equipNo)).toEqual(expect.arrayContaining(['EQ001', 'EQ002']));
    expect(rows.map((r: Row) => r.equipNo)).not.toContain('EQ003');
    expect(rows.find((r: Row) => r.equipNo === 'EQ002')).toMatchObject({ vehicleId: ids.ownVehicle, equipType: 2, vehicleName: expect.any(String) });
    expect(rows[0].installedAtStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(ok(await carrierAll.get(`/equip/findEquipByCarId?carId=${ids.ownVehicle}`))).toEqual([]);
    expect(ok(await admin2.get(`/equip/findEquipByCarId?carId=${ids.ownVehicle}`))).toEqual([]);
  });

  it('equip/findEquipTypeList: the equipType dictionary, to any session', async () => {
    const items = t.registry.get().dictionaries.get('equipType')!.items;
    const rows = ok(await noRole.get('/equip/findEquipTypeList'));
    expect(rows.map((r: Row) => [r.id, r.label])).toEqual(items.map((i) => [i.id, i.label]));
    expect(rows).toEqual(ok(await dispatcher.get('/baseDictionary/findByDicTypeKey?dicTypeKey=equipType')).map(({ id, label, disabled }: Row) => ({ id, label, disabled })));
  });

  it('carModel/getSelectDropBox: the live car models as {id, label}, shared with partners, per corporation', async () => {
    const expected = await all<{ id: number; label: string }>('SELECT id, model_name AS label FROM car_models WHERE corp_id = 1 AND is_deleted = 0 ORDER BY model_name, id');
    const rows = ok(await dispatcher.get('/carModel/getSelectDropBox'));
    expect(rows).toEqual(expected.map((r) => ({ id: Number(r.id), label: r.label })));
    expect(rows.map((r: Row) => r.id)).not.toContain(ids.deletedCarModel);
    expect(ok(await carrier.get('/carModel/getSelectDropBox'))).toEqual(rows);
    expect(ok(await customer.get('/carModel/getSelectDropBox'))).toEqual(rows);
    expect(ok(await admin2.get('/carModel/getSelectDropBox')).map((r: Row) => r.id)).toEqual(await idsOf('SELECT id FROM car_models WHERE corp_id = 2 AND is_deleted = 0 ORDER BY model_name, id'));
  });
});

describe('customerCarrier variants (aliases of the carrier and customer lists)', () => {
  const carrierCount = (corpId: number) => countOf('SELECT count(*) AS n FROM carriers WHERE corp_id = ? AND is_deleted = 0', corpId);

  it.each(['/customerCarrier/findAllCarrierForNomalProductionByPage', '/customerCarrier/findAllCarrierByPageForQinMiao'])('%s lists the carriers as findAllCarrierByPage', async (path) => {
    const r = ok(await dispatcher.post(path, { pageSize: 1000 }));
    expect(r.totalRecords).toBe(await carrierCount(1));
    expect(r).toEqual(ok(await dispatcher.post('/customerCarrier/findAllCarrierByPage', { pageSize: 1000 })));
    expect(r.data.map((c: Row) => c.id)).not.toContain(ids.goneCarrier);
    expect(ok(await admin2.post(path, {})).totalRecords).toBe(await carrierCount(2));
    expect(ok(await carrier.post(path, {})).data.map((c: Row) => c.id)).toEqual([ids.carrier]);
  });

  it('findAllCustomerByPageForYangQin lists the customers; a customer user sees its own', async () => {
    const r = ok(await dispatcher.post('/customerCarrier/findAllCustomerByPageForYangQin', { pageSize: 1000 }));
    expect(r.totalRecords).toBe(await countOf('SELECT count(*) AS n FROM customers WHERE corp_id = 1 AND is_deleted = 0'));
    expect(ok(await customer.post('/customerCarrier/findAllCustomerByPageForYangQin', {})).data.map((c: Row) => c.id)).toEqual([ids.customer]);
  });

  it('the poultry lines\' users reach their pickers without the base-data rights, not the plain lists', async () => {
    expect(ok(await poultry.post('/customerCarrier/findAllCarrierByPageForQinMiao', {})).totalRecords).toBe(await carrierCount(1));
    expect(ok(await poultry.post('/customerCarrier/findAllCustomerByPageForYangQin', {})).totalRecords).toBeGreaterThan(0);
    expect((await poultry.post('/customerCarrier/findAllCarrierByPage', {})).code).toBe(104);
    expect((await poultry.post('/customerCarrier/findAllCustomerByPage', {})).code).toBe(104);
  });
});

describe('bad input: code 100 naming the field, never a 5xx', () => {
  const idRoutes = [['/vehicleInfo/getDriversByVehicleId', 'vehicleId'], ['/vehicleInfo/queryCarrierByVehicleId', 'vehicleId'], ['/delivery/findDeliveriesByVehicleId', 'vehicleId'], ['/equip/findEquipByCarId', 'carId']] as const;

  it.each(idRoutes.flatMap(([path, field]) => [
    [path, '', field], [path, `?${field}=`, field], [path, `?${field}=-1`, field], [path, `?${field}=0`, field], [path, `?${field}=abc`, field],
    [path, `?${field}=1.5`, field], [path, `?${field}=${encodeURIComponent("1' OR '1'='1")}`, field], [path, `?${field}=1&hacker=1`, 'hacker'],
  ]))('GET %s%s → 100 naming %s', async (path, query, field) => {
    const r = await dispatcher.get(`${path}${query}`);
    expect([r.status, r.code], r.message).toEqual([400, 100]);
    expect(String(r.result?.field)).toBe(field);
    expect(r.message).toContain(field === 'hacker' ? 'hacker' : '车辆ID');
  });

  it.each(idRoutes)('GET %s with an id past every row answers nothing, not a fault', async (path, field) => {
    const r = await dispatcher.get(`${path}?${field}=9999999999999999`);
    expect([r.status, r.code]).toEqual([200, 1]);
    expect(r.result === null || (Array.isArray(r.result) && r.result.length === 0)).toBe(true);
  });

  it.each([
    ['/user/getListByUserType', '', 'userType', '用户类型'],
    ['/user/getListByUserType?userType=3', '', 'userType', '用户类型'],
    ['/user/getListByUserType?userType=-1', '', 'userType', '用户类型'],
    ['/user/getListByUserType?userType=abc', '', 'userType', '用户类型'],
    ['/user/getListByUserType?userType=0&hacker=1', '', 'hacker', 'hacker'],
    ...['/vehicleInfo/getOrgVehicleTree', '/e6Organization/findOrganizationUserTree', '/e6Organization/findAllOrgTree', '/user/getUserTree', '/user/findAllSalesmanList',
      '/equip/findEquipTypeList', '/carModel/getSelectDropBox'].map((p) => [`${p}?hacker=1`, '', 'hacker', 'hacker']),
  ])('GET %s → 100 naming %s', async (path, _q, field, name) => {
    const r = await admin.get(path);
    expect([r.status, r.code], r.message).toEqual([400, 100]);
    expect(String(r.result?.field)).toBe(field);
    expect(r.message).toContain(name);
  });

  it.each([
    [{ pageSize: 0 }, 'pageSize', '每页条数'], [{ pageSize: 1001 }, 'pageSize', '每页条数'], [{ curPage: -1 }, 'curPage', '页码'], [{ curPage: 'a' }, 'curPage', '页码'],
    [{ vehicleNo: 123 }, 'vehicleNo', '车牌号'], [{ vehicleNo: null }, 'vehicleNo', '车牌号'], [{ vehicleNo: 'x'.repeat(21) }, 'vehicleNo', '车牌号'], [{ vehicleNo: 'a\u0000' }, 'vehicleNo', '车牌号'],
    [{ id: -1 }, 'id', '车辆ID'], [{ id: '1' }, 'id', '车辆ID'], [{ hacker: 1 }, 'hacker', 'hacker'],
  ])('POST vehicleInfo/findAllVehicleLabel %j → 100 naming %s', async (body, field, name) => {
    const r = await dispatcher.post('/vehicleInfo/findAllVehicleLabel', body);
    expect([r.status, r.code], r.message).toEqual([400, 100]);
    expect(String(r.result?.field)).toBe(field);
    expect(r.message).toContain(name);
  });

  it('POST user/getSubUserList takes no fields', async () => {
    const r = await dispatcher.post('/user/getSubUserList', { orgId: 1 });
    expect([r.status, r.code]).toEqual([400, 100]);
    expect(r.result.field).toBe('orgId');
  });
});

describe('access', () => {
  const guarded = [
    ['GET', `/vehicleInfo/getDriversByVehicleId?vehicleId=1`], ['GET', `/vehicleInfo/queryCarrierByVehicleId?vehicleId=1`], ['GET', '/vehicleInfo/getOrgVehicleTree'],
    ['POST', '/vehicleInfo/findAllVehicleLabel'], ['GET', '/e6Organization/findOrganizationUserTree'], ['GET', '/user/getUserTree'], ['GET', '/user/findAllSalesmanList'],
    ['GET', '/user/getListByUserType?userType=0'], ['POST', '/user/getSubUserList'], ['GET', '/delivery/findDeliveriesByVehicleId?vehicleId=1'],
    ['GET', '/equip/findEquipByCarId?carId=1'], ['GET', '/carModel/getSelectDropBox'],
  ] as const;
  const call = (who: Caller, [method, path]: readonly [string, string]) => (method === 'GET' ? who.get(path) : who.post(path, {}));

  it('a user without roles gets 104 from every guarded lookup, and 103 without a session', async () => {
    for (const r of guarded) {
      expect([(await call(noRole, r)).code], r[1]).toEqual([104]);
      expect((await t.call(r[0], r[1], { body: r[0] === 'POST' ? {} : undefined })).code, r[1]).toBe(103);
    }
  });

  it('the dispatcher (order, waybill and base-data pages) reaches every lookup but the user management ones', async () => {
    for (const r of guarded) {
      const code = (await call(dispatcher, r)).code;
      expect(code, r[1]).toBe(r[1].startsWith('/user/getListByUserType') ? 104 : 1);
    }
  });

  it('the demo carrier reaches the vehicle pickers of its pages; the customer its order pages\' pickers; neither the user trees (getSubUserList, on the waybill list, answers them nothing)', async () => {
    const codes = async (who: Caller) => Object.fromEntries(await Promise.all(guarded.map(async (r) => [r[1].split('?')[0], (await call(who, r)).code])));
    expect(await codes(carrier)).toEqual({
      '/vehicleInfo/getDriversByVehicleId': 1, '/vehicleInfo/queryCarrierByVehicleId': 1, '/vehicleInfo/getOrgVehicleTree': 1, '/vehicleInfo/findAllVehicleLabel': 1,
      '/e6Organization/findOrganizationUserTree': 104, '/user/getUserTree': 104, '/user/findAllSalesmanList': 104, '/user/getListByUserType': 104,
      '/user/getSubUserList': 1, '/delivery/findDeliveriesByVehicleId': 1, '/equip/findEquipByCarId': 1, '/carModel/getSelectDropBox': 1,
    });
    expect(await codes(customer)).toEqual({
      '/vehicleInfo/getDriversByVehicleId': 104, '/vehicleInfo/queryCarrierByVehicleId': 104, '/vehicleInfo/getOrgVehicleTree': 104, '/vehicleInfo/findAllVehicleLabel': 104,
      '/e6Organization/findOrganizationUserTree': 104, '/user/getUserTree': 104, '/user/findAllSalesmanList': 1, '/user/getListByUserType': 104,
      '/user/getSubUserList': 1, '/delivery/findDeliveriesByVehicleId': 104, '/equip/findEquipByCarId': 104, '/carModel/getSelectDropBox': 1,
    });
  });

  it('the monitor (vehicle, driver, waybill and track pages) reaches the vehicle lookups', async () => {
    for (const path of [`/vehicleInfo/getDriversByVehicleId?vehicleId=${ids.ownVehicle}`, '/vehicleInfo/getOrgVehicleTree', `/equip/findEquipByCarId?carId=${ids.ownVehicle}`]) {
      expect((await monitor.get(path)).code, path).toBe(1);
    }
    expect((await monitor.post('/vehicleInfo/findAllVehicleLabel', {})).code).toBe(1);
    expect((await monitor.get('/user/getUserTree')).code).toBe(104);
  });
});
