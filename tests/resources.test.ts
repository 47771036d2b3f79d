// The generic resource engine as a user meets it: paging, sorting, filters, unique keys, the
// save → detail → update → history cycle, optimistic locking, batch delete and references.
// Every total is checked against a direct SQL count, so a wrong WHERE cannot hide.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;

const CONFLICT = '数据已被他人修改，请刷新后重试';
const TIME_STR = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A fresh platform and the admin of corporation 1. */
async function fresh() {
  const t = await createTestApp();
  const admin = await t.as('admin');
  const one = async <T = Row>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params))!;
  const count = async (from: string, ...params: unknown[]) => (await one<{ n: number }>(`SELECT count(*) AS n FROM ${from}`, ...params)).n;
  const ids = async (sql: string, ...params: unknown[]) => (await t.db.all<{ id: number }>(sql, params)).map((r) => r.id);
  return { t, admin, one, count, ids };
}

function expectInvalid(r: Reply, field: string, title: string) {
  expect(r.status).toBe(400);
  expect(r.code).toBe(100);
  expect(r.message).toContain(title);
  expect(r.result?.field).toBe(field);
}

/** Every page of a list, in order. */
async function allPages(caller: Caller, path: string, body: Row, pageSize: number) {
  const pages: Row[][] = [];
  for (let curPage = 1; ; curPage++) {
    const r = await caller.post(path, { ...body, curPage, pageSize });
    expect(r.code).toBe(1);
    if (r.result.data.length === 0) break;
    pages.push(r.result.data);
  }
  return pages;
}

describe('paging', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  let total: number;
  beforeAll(async () => {
    f = await fresh();
    total = await f.count('vehicles WHERE corp_id = 1 AND is_deleted = 0');
  });

  it.each([
    ['pageSize 0', { pageSize: 0 }, 'pageSize', '每页条数'],
    ['pageSize 1001', { pageSize: 1001 }, 'pageSize', '每页条数'],
    ['pageSize -5', { pageSize: -5 }, 'pageSize', '每页条数'],
    ['pageSize 2.5', { pageSize: 2.5 }, 'pageSize', '每页条数'],
    ['pageSize "20" (a string)', { pageSize: '20' }, 'pageSize', '每页条数'],
    ['curPage 0', { curPage: 0 }, 'curPage', '页码'],
    ['curPage 1.5', { curPage: 1.5 }, 'curPage', '页码'],
    ['curPage "2" (a string)', { curPage: '2' }, 'curPage', '页码'],
  ])('refuses %s with code 100 naming the field', async (_name, body, field, title) => {
    expectInvalid(await f.admin.post('/res/vehicle/list', body), field, title);
  });

  it('shows 20 rows on page 1 by default, with the total of the whole corporation', async () => {
    const r = await f.admin.post('/res/vehicle/list', {});
    expect(r.code).toBe(1);
    expect(r.result).toMatchObject({ curPage: 1, pageSize: 20, totalRecords: total });
    expect(r.result.data).toHaveLength(20);
    expect(total).toBeGreaterThan(40);
  });

  it('accepts the bounds 1 and 1000: 1000 returns every row of the corporation', async () => {
    expect((await f.admin.post('/res/vehicle/list', { pageSize: 1 })).result.data).toHaveLength(1);
    const all = await f.admin.post('/res/vehicle/list', { pageSize: 1000 });
    expect(all.result.data).toHaveLength(total);
  });

  it('fills the last page with the remainder and answers beyond it with no rows and the same total', async () => {
    const pageSize = 50;
    const lastPage = Math.ceil(total / pageSize);
    const last = await f.admin.post('/res/vehicle/list', { pageSize, curPage: lastPage });
    expect(last.result.data).toHaveLength(total - (lastPage - 1) * pageSize);
    const beyond = await f.admin.post('/res/vehicle/list', { pageSize, curPage: lastPage + 1 });
    expect(beyond.code).toBe(1);
    expect(beyond.result.data).toEqual([]);
    expect(beyond.result.totalRecords).toBe(total);
  });
});

describe('sorting', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  beforeAll(async () => {
    f = await fresh();
  });

  it.each(['asc', 'desc'] as const)('orders by vehicleNo %s, ties broken by id, exactly as SQL does', async (order) => {
    const r = await f.admin.post('/res/vehicle/list', { pageSize: 1000, sorts: [{ field: 'vehicleNo', order }] });
    const dir = order.toUpperCase();
    const expected = await f.ids(`SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY vehicle_no ${dir}, id ${dir}`);
    expect(r.result.data.map((v: Row) => v.id)).toEqual(expected);
    const nos = r.result.data.map((v: Row) => v.vehicleNo as string);
    expect(nos[0] === nos.at(-1)).toBe(false);
  });

  it.each(['asc', 'desc'] as const)('orders numbers as numbers: loadWeight %s', async (order) => {
    const r = await f.admin.post('/res/vehicle/list', { pageSize: 1000, sorts: [{ field: 'loadWeight', order }] });
    const weights = r.result.data.map((v: Row) => v.loadWeight as number);
    const sorted = [...weights].sort((a, b) => (order === 'asc' ? a - b : b - a));
    expect(weights).toEqual(sorted);
    expect(new Set(weights).size).toBeGreaterThan(2);
  });

  it('sorts by updatedAt descending when no sort is given', async () => {
    const r = await f.admin.post('/res/vehicle/list', { pageSize: 1000 });
    const times = r.result.data.map((v: Row) => v.updatedAt as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each([
    ['a field that is not sortable (vin)', [{ field: 'vin' }]],
    ['an unknown field', [{ field: 'noSuchField' }]],
    ['SQL in the field name', [{ field: 'vehicle_no; DROP TABLE vehicles' }]],
    ['an unknown direction', [{ field: 'vehicleNo', order: 'up' }]],
  ])('refuses %s with code 100', async (_name, sorts) => {
    const before = await f.t.snapshot();
    const r = await f.admin.post('/res/vehicle/list', { sorts });
    expect(r.code).toBe(100);
    expect(r.message).toMatch(/排序字段|排序方向/);
    await f.t.assertUnchanged(before);
  });

  it.each(['asc', 'desc'] as const)('orders ties (same loadWeight) by id %s, whatever index the filter uses', async (order) => {
    const dir = order.toUpperCase();
    const expected = await f.ids(`SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 AND status IN (0, 1) ORDER BY load_weight ${dir}, id ${dir}`);
    const r = await f.admin.post('/res/vehicle/list', { pageSize: 1000, status: [0, 1], sorts: [{ field: 'loadWeight', order }] });
    expect(r.result.data.map((v: Row) => v.id)).toEqual(expected);
  });

  it.each(['asc', 'desc'] as const)('pages through a sort with many ties (loadWeight %s) showing every row exactly once', async (order) => {
    const pages = await allPages(f.admin, '/res/vehicle/list', { sorts: [{ field: 'loadWeight', order }] }, 7);
    const seen = pages.flat().map((v) => v.id as number);
    const all = await f.ids('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0');
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen)).toEqual(new Set(all));
  });
});

describe('filters', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  const live = 'vehicles WHERE corp_id = 1 AND is_deleted = 0';

  beforeAll(async () => {
    f = await fresh();
    // The demo data has only status 0: three vehicles are switched to 1 the way a user would.
    for (const id of [3, 5, 7]) {
      const { version } = await f.one<{ version: number }>('SELECT version FROM vehicles WHERE id = ?', id);
      expect((await f.admin.post('/res/vehicle/update', { id, version, status: 1 })).code).toBe(1);
    }
    for (const modelName of ['测%型', '测x型', '测_型', '测y型', '测\\型', '测z型']) {
      expect((await f.admin.post('/res/carModel/save', { modelName })).code).toBe(1);
    }
  });

  async function listAndCount(path: string, body: Row) {
    const list = await f.admin.post(`/res/${path}/list`, { pageSize: 1000, ...body });
    const count = await f.admin.post(`/res/${path}/count`, body);
    expect(list.code).toBe(1);
    expect(count.result).toBe(list.result.totalRecords);
    return list.result as { data: Row[]; totalRecords: number };
  }

  it('like: finds the substring anywhere, total equal to SQL', async () => {
    const r = await listAndCount('vehicle', { vehicleNo: '浙B' });
    expect(r.totalRecords).toBe(await f.count(`${live} AND replace(vehicle_no, '浙B', '') <> vehicle_no`));
    expect(r.totalRecords).toBeGreaterThan(0);
    expect(r.totalRecords).toBeLessThan(await f.count(live));
    expect(r.data.every((v) => v.vehicleNo.includes('浙B'))).toBe(true);
  });

  it.each([
    ['%', ['测%型']],
    ['_', ['测_型']],
    ['测%', ['测%型']],
    ['\\', ['测\\型']],
  ])('like treats %j literally', async (text, expected) => {
    const r = await listAndCount('carModel', { modelName: text });
    expect(r.data.map((m) => m.modelName)).toEqual(expected);
  });

  it('in: only the listed values, total equal to SQL', async () => {
    const one = await listAndCount('vehicle', { status: [1] });
    expect(one.data.map((v) => v.id).sort((a, b) => a - b)).toEqual([3, 5, 7]);
    const both = await listAndCount('vehicle', { status: [0, 1] });
    expect(both.totalRecords).toBe(await f.count(live));
    const zero = await listAndCount('vehicle', { status: [0] });
    expect(zero.totalRecords).toBe(await f.count(`${live} AND status = 0`));
    expect(zero.data.some((v) => v.status !== 0)).toBe(false);
  });

  it('eq: carrierId and coldMachine, alone and combined, total equal to SQL', async () => {
    const byCarrier = await listAndCount('vehicle', { carrierId: 1 });
    expect(byCarrier.totalRecords).toBe(await f.count(`${live} AND carrier_id = 1`));
    expect(byCarrier.data.every((v) => v.carrierId === 1)).toBe(true);
    const cold = await listAndCount('vehicle', { coldMachine: 1 });
    expect(cold.totalRecords).toBe(await f.count(`${live} AND cold_machine = 1`));
    expect(cold.totalRecords).toBeLessThan(await f.count(live));
    const both = await listAndCount('vehicle', { carrierId: 1, coldMachine: 1 });
    expect(both.totalRecords).toBe(await f.count(`${live} AND carrier_id = 1 AND cold_machine = 1`));
  });

  it('range on updatedAt: closed and open-ended, bounds inclusive, total equal to SQL', async () => {
    const times = (await f.t.db.all<{ t: number }>(`SELECT updated_at AS t FROM ${live} ORDER BY updated_at`)).map((r) => r.t);
    const from = times[50];
    const to = times[120];
    const closed = await listAndCount('vehicle', { updatedAt: [from, to] });
    expect(closed.totalRecords).toBe(await f.count(`${live} AND updated_at BETWEEN ? AND ?`, from, to));
    expect(closed.data.every((v) => v.updatedAt >= from && v.updatedAt <= to)).toBe(true);
    expect(closed.data.map((v) => v.updatedAt)).toEqual(expect.arrayContaining([from, to]));
    expect((await listAndCount('vehicle', { updatedAt: [from, null] })).totalRecords).toBe(await f.count(`${live} AND updated_at >= ?`, from));
    expect((await listAndCount('vehicle', { updatedAt: [null, to] })).totalRecords).toBe(await f.count(`${live} AND updated_at <= ?`, to));
    expect((await listAndCount('vehicle', { updatedAt: [to, from] })).totalRecords).toBe(0);
  });

  it('serves the same rows through the spec alias /vehicleInfo/findAllVehicles', async () => {
    const body = { carrierId: 1, sorts: [{ field: 'vehicleNo', order: 'asc' }] };
    const alias = await f.admin.post('/vehicleInfo/findAllVehicles', body);
    const res = await f.admin.post('/res/vehicle/list', body);
    expect(alias.result).toEqual(res.result);
  });

  it('refuses a filter the resource does not declare (vin) with code 100', async () => {
    const r = await f.admin.post('/res/vehicle/list', { vin: 'LZZ' });
    expectInvalid(r, 'vin', 'vin');
  });
});

describe('unique keys', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  beforeAll(async () => {
    f = await fresh();
  });

  it('refuses a second vehicle with an existing plate, naming 车牌号, and changes nothing', async () => {
    const { vehicleNo } = await f.one<{ vehicleNo: string }>('SELECT vehicle_no AS vehicleNo FROM vehicles WHERE id = 1');
    const before = await f.t.snapshot();
    const r = await f.admin.post('/res/vehicle/save', { vehicleNo, carrierId: 2 });
    expectInvalid(r, 'vehicleNo', '车牌号');
    await f.t.assertUnchanged(before);
  });

  it('refuses an update that would duplicate another vehicle’s plate', async () => {
    const { vehicleNo } = await f.one<{ vehicleNo: string }>('SELECT vehicle_no AS vehicleNo FROM vehicles WHERE id = 2');
    const before = await f.t.snapshot();
    expectInvalid(await f.admin.post('/res/vehicle/update', { id: 1, version: 1, vehicleNo }), 'vehicleNo', '车牌号');
    await f.t.assertUnchanged(before);
  });

  it('lets the plate be used again once its vehicle is deleted', async () => {
    const first = await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A7K001', carrierId: 1 });
    expect(first.code).toBe(1);
    expectInvalid(await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A7K001', carrierId: 1 }), 'vehicleNo', '车牌号');
    const del = await f.admin.post('/res/vehicle/batchDelete', { ids: [first.result.id] });
    expect(del.result.successCount).toBe(1);
    const again = await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A7K001', carrierId: 3 });
    expect(again.code).toBe(1);
    expect(again.result.id).not.toBe(first.result.id);
    const found = await f.admin.post('/res/vehicle/list', { vehicleNo: '浙A7K001' });
    expect(found.result.data.map((v: Row) => [v.id, v.carrierId])).toEqual([[again.result.id, 3]]);
  });
});

describe('save → detail → update → history', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  let id: number;
  let savedAt: [number, number];
  beforeAll(async () => {
    f = await fresh();
    const start = Date.now();
    const r = await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A5K001', carrierId: 1, carModelId: 2, loadWeight: 10, remark: '初始备注' });
    savedAt = [start, Date.now()];
    expect(r.code).toBe(1);
    id = r.result.id;
  });

  it('reads back what was saved, with version 1, the label of each reference and the time strings', async () => {
    const r = await f.admin.get(`/res/vehicle/detail?id=${id}`);
    expect(r.code).toBe(1);
    const carrierName = (await f.one<{ n: string }>('SELECT carrier_name AS n FROM carriers WHERE id = 1')).n;
    const modelName = (await f.one<{ n: string }>('SELECT model_name AS n FROM car_models WHERE id = 2')).n;
    expect(r.result).toMatchObject({ id, version: 1, vehicleNo: '浙A5K001', carrierId: 1, carrierName, carModelId: 2, carModelName: modelName, loadWeight: 10, remark: '初始备注', status: 0 });
    expect(r.result.createdAt).toBeGreaterThanOrEqual(savedAt[0]);
    expect(r.result.createdAtStr).toMatch(TIME_STR);
    expect(r.result.updatedAtStr).toMatch(TIME_STR);
  });

  it('writes a create history row naming the user and the saved fields', async () => {
    const r = await f.admin.post('/res/vehicle/history', { id });
    expect(r.result.totalRecords).toBe(1);
    const [row] = r.result.data;
    expect(row).toMatchObject({ action: 'create', userId: 1, userName: '系统管理员' });
    expect(row.changes).toEqual(expect.arrayContaining([{ field: 'vehicleNo', title: '车牌号', before: null, after: '浙A5K001' }, { field: 'remark', title: '备注', before: null, after: '初始备注' }]));
  });

  it('updates the changed fields, bumps the version and records who, when, before and after', async () => {
    const start = Date.now();
    const r = await f.admin.post('/res/vehicle/update', { id, version: 1, remark: '改后备注', loadWeight: 12.5, vehicleNo: '浙A5K001' });
    const end = Date.now();
    expect(r.code).toBe(1);
    expect(r.result).toEqual({ id, version: 2 });
    const detail = await f.admin.get(`/res/vehicle/detail?id=${id}`);
    expect(detail.result).toMatchObject({ version: 2, remark: '改后备注', loadWeight: 12.5, vehicleNo: '浙A5K001', updatedBy: 1 });

    const history = await f.admin.post('/res/vehicle/history', { id });
    expect(history.result.totalRecords).toBe(2);
    const [latest, created] = history.result.data;
    expect(created.action).toBe('create');
    expect(latest).toMatchObject({ action: 'update', userId: 1, userName: '系统管理员', recordVersion: 2 });
    expect(latest.changedAt).toBeGreaterThanOrEqual(start);
    expect(latest.changedAt).toBeLessThanOrEqual(end);
    expect(latest.changedAtStr).toMatch(TIME_STR);
    // The unchanged plate is not listed: only what really changed.
    expect(latest.changes).toEqual([
      { field: 'remark', title: '备注', before: '初始备注', after: '改后备注' },
      { field: 'loadWeight', title: '载重(吨)', before: 10, after: 12.5 },
    ]);
  });

  it('records a cleared field as after null', async () => {
    const r = await f.admin.post('/res/vehicle/update', { id, version: 2, carModelId: null });
    expect(r.result.version).toBe(3);
    const [latest] = (await f.admin.post('/res/vehicle/history', { id })).result.data;
    // A reference keeps its ids and also the names, so the update record reads '4.2米冷藏车 → —'.
    expect(latest.changes).toEqual([{ field: 'carModelId', title: '车型', before: 2, after: null, beforeText: expect.stringMatching(/米/), afterText: null }]);
    expect((await f.admin.get(`/res/vehicle/detail?id=${id}`)).result.carModelName).toBeNull();
  });

  it('writes nothing for an update that changes nothing: same version, no history row', async () => {
    const before = await f.t.snapshot();
    const r = await f.admin.post('/res/vehicle/update', { id, version: 3, remark: '改后备注', loadWeight: 12.5 });
    expect(r.code).toBe(1);
    expect(r.result).toEqual({ id, version: 3 });
    await f.t.assertUnchanged(before);
  });

  it('answers code 0 for the detail or update of a record that does not exist', async () => {
    expect((await f.admin.get('/res/vehicle/detail?id=999999')).code).toBe(0);
    const before = await f.t.snapshot();
    const r = await f.admin.post('/res/vehicle/update', { id: 999999, version: 1, remark: 'x' });
    expect(r.code).toBe(0);
    expect(r.message).toBe('记录不存在或无权访问');
    await f.t.assertUnchanged(before);
  });
});

describe('optimistic locking', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  beforeAll(async () => {
    f = await fresh();
  });

  it('lets exactly one of two updates made at the same version win', async () => {
    const [a, b] = await Promise.all([
      f.admin.post('/res/carrier/update', { id: 2, version: 1, remark: '甲的修改' }),
      f.admin.post('/res/carrier/update', { id: 2, version: 1, remark: '乙的修改' }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([0, 1]);
    const winner = a.code === 1 ? '甲的修改' : '乙的修改';
    const loser = a.code === 1 ? b : a;
    expect(loser.message).toBe(CONFLICT);
    const detail = await f.admin.get('/res/carrier/detail?id=2');
    expect(detail.result).toMatchObject({ version: 2, remark: winner });
    expect((await f.admin.post('/res/carrier/history', { id: 2 })).result.totalRecords).toBe(1);
  });

  it('refuses a stale version later on and changes nothing', async () => {
    const before = await f.t.snapshot();
    const r = await f.admin.post('/res/carrier/update', { id: 2, version: 1, remark: '过期的修改' });
    expect([r.code, r.message]).toEqual([0, CONFLICT]);
    await f.t.assertUnchanged(before);
  });
});

describe('batch delete', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  beforeAll(async () => {
    f = await fresh();
  });

  it('reports deleted, failed and cannot-delete ids in one 105 answer', async () => {
    const spare = await f.admin.post('/res/carrier/save', { carrierCode: 'DEL001', carrierName: '待删除承运商' });
    const spareId = spare.result.id as number;
    expect(await f.count('vehicles WHERE carrier_id = 1 AND is_deleted = 0')).toBeGreaterThan(0);
    const totalBefore = (await f.admin.post('/res/carrier/count', {})).result;

    const r = await f.admin.post('/res/carrier/batchDelete', { ids: [spareId, 999999, 1] });
    expect(r.status).toBe(200);
    expect(r.code).toBe(105);
    expect(r.result).toMatchObject({ total: 3, successCount: 1, failCount: 1, cannotDeleteCount: 1 });
    expect(r.result.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 999999, result: 'failed' }),
        expect.objectContaining({ id: 1, result: 'cannotDelete', reason: expect.stringContaining('车辆') }),
      ]),
    );
    expect(r.result.details).toHaveLength(2);

    expect((await f.admin.post('/res/carrier/count', {})).result).toBe(totalBefore - 1);
    expect((await f.admin.post('/res/carrier/list', { carrierCode: 'DEL001' })).result.data).toEqual([]);
    expect((await f.admin.get(`/res/carrier/detail?id=${spareId}`)).code).toBe(0);
    expect((await f.admin.get('/res/carrier/detail?id=1')).code).toBe(1);
    const [deleted] = (await f.admin.post('/res/carrier/history', { id: spareId })).result.data;
    expect(deleted).toMatchObject({ action: 'delete', userName: '系统管理员' });
  });

  it('counts a repeated id once and a second delete of the same record as failed', async () => {
    const v = await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A8K001', carrierId: 1 });
    const first = await f.admin.post('/res/vehicle/batchDelete', { ids: [v.result.id, v.result.id] });
    expect(first.result).toMatchObject({ total: 1, successCount: 1, failCount: 0, cannotDeleteCount: 0 });
    const again = await f.admin.post('/res/vehicle/batchDelete', { ids: [v.result.id] });
    expect(again.result).toMatchObject({ total: 1, successCount: 0, failCount: 1 });
  });

  it('frees a carrier for deletion once the vehicles and drivers pointing at it are deleted', async () => {
    const c = await f.admin.post('/res/carrier/save', { carrierCode: 'DEL002', carrierName: '有车承运商' });
    const v = await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A8K002', carrierId: c.result.id });
    expect((await f.admin.post('/res/carrier/batchDelete', { ids: [c.result.id] })).result.cannotDeleteCount).toBe(1);
    await f.admin.post('/res/vehicle/batchDelete', { ids: [v.result.id] });
    expect((await f.admin.post('/res/carrier/batchDelete', { ids: [c.result.id] })).result.successCount).toBe(1);
  });
});

describe('references', () => {
  let f: Awaited<ReturnType<typeof fresh>>;
  let deletedModel: number;
  let deletedDriver: number;
  beforeAll(async () => {
    f = await fresh();
    deletedModel = (await f.admin.post('/res/carModel/save', { modelName: '已删除车型' })).result.id;
    expect((await f.admin.post('/res/carModel/batchDelete', { ids: [deletedModel] })).result.successCount).toBe(1);
    deletedDriver = (await f.admin.post('/res/driver/save', { driverName: '已删司机', mobile: '13900000009', carrierId: 1 })).result.id;
    expect((await f.admin.post('/res/driver/batchDelete', { ids: [deletedDriver] })).result.successCount).toBe(1);
  });

  const corp2 = async (table: string) => (await f.one<{ id: number }>(`SELECT id FROM ${table} WHERE corp_id = 2 ORDER BY id LIMIT 1`)).id;

  it.each([
    ['a carrier of another corporation', async () => ({ carrierId: await corp2('carriers') }), 'carrierId', '承运商'],
    ['a car model of another corporation', async () => ({ carModelId: await corp2('car_models') }), 'carModelId', '车型'],
    ['a driver of another corporation', async () => ({ driverId: await corp2('drivers') }), 'driverId', '司机'],
    ['a deleted car model', async () => ({ carModelId: deletedModel }), 'carModelId', '车型'],
    ['a deleted driver', async () => ({ driverId: deletedDriver }), 'driverId', '司机'],
    ['a car model that never existed', async () => ({ carModelId: 999999 }), 'carModelId', '车型'],
  ])('refuses to save a vehicle pointing at %s (code 100) and changes nothing', async (_name, ref, field, title) => {
    const before = await f.t.snapshot();
    const r = await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A6K001', carrierId: 1, ...(await ref()) });
    expectInvalid(r, field, title);
    expect(r.message).toContain('不存在');
    await f.t.assertUnchanged(before);
  });

  it.each([
    ['another corporation’s car model', async () => ({ carModelId: await corp2('car_models') }), 'carModelId', '车型'],
    ['a deleted driver', async () => ({ driverId: deletedDriver }), 'driverId', '司机'],
  ])('refuses to update a vehicle to point at %s', async (_name, ref, field, title) => {
    const before = await f.t.snapshot();
    expectInvalid(await f.admin.post('/res/vehicle/update', { id: 1, version: 1, ...(await ref()) }), field, title);
    await f.t.assertUnchanged(before);
  });

  it('refuses a department whose parent belongs to another corporation', async () => {
    const before = await f.t.snapshot();
    const r = await f.admin.post('/res/department/save', { orgName: '新部门', orgCode: 'NEW01', parentId: await corp2('departments') });
    expectInvalid(r, 'parentId', '上级部门');
    await f.t.assertUnchanged(before);
  });

  it('answers code 100 naming the field when an optional field stored as NOT NULL is cleared (not a 500)', async () => {
    const before = await f.t.snapshot();
    const saved = await f.admin.post('/res/vehicle/save', { vehicleNo: '浙A6K002', carrierId: 1, temperaturectrl: null });
    expectInvalid(saved, 'temperaturectrl', '温度通道');
    const updated = await f.admin.post('/res/vehicle/update', { id: 1, version: 1, oilControl: null });
    expectInvalid(updated, 'oilControl', '油量通道');
    await f.t.assertUnchanged(before);
  });
});
