// 电子围栏管理: the list with its searches and where-used counts, adding each shape with the
// fence rules, updating, the soft delete that waybills survive (and the spec's refusal to edit a
// deleted fence), the where-used view, and who may do what.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let admin: Caller;

const LIST = '/electronic/areaManage/list';
const ADD = '/electronic/areaManage/add';
const UPDATE = '/electronic/areaManage/update';
const DELETE = '/electronic/areaManage/delete';
const USAGE = '/electronic/areaManage/usage';
const row = (sql: string, ...p: unknown[]) => t.db.one<any>(sql, p);

beforeAll(async () => {
  t = await createTestApp({ transportDemo: true });
  admin = await t.as('admin');
});

const circle = (code: string, extra: Record<string, unknown> = {}) => ({
  areaName: `测试圆形${code}`, areaCode: code, typeId: 3, lonCenter: 121.474, latCenter: 31.23, radius: 300, areaLabel: '门店', ...extra,
});

describe('adding', () => {
  it('a circle: stored with its radius and label, the address looked up at the centre, history kept', async () => {
    const r = await admin.post(ADD, circle('T-C1'));
    expect(r.code).toBe(1);
    expect(r.message).toBe('新增成功');
    expect(r.result).toMatchObject({ areaName: '测试圆形T-C1', areaCode: 'T-C1', typeId: 3, radius: 300, areaLabel: '门店', areaAcreage: 0.283, isDelete: 0, version: 1 });
    expect(r.result.city).toBeTruthy();
    const history = await row("SELECT action FROM record_history WHERE resource = 'area' AND record_id = ?", r.result.areaId);
    expect(history.action).toBe('create');
  });

  it('a rectangle from two corners and a polygon, with typed addresses kept as typed', async () => {
    const rect = await admin.post(ADD, { areaName: '测试矩形', areaCode: 'T-R1', typeId: 1, areaLonLat: '31.24,121.47;31.23,121.48', city: '上海市', position: '浦东新区测试路1号' });
    expect(rect.code).toBe(1);
    expect(rect.result.areaLonLat.split(';')).toHaveLength(4);
    expect(rect.result).toMatchObject({ city: '上海市', position: '浦东新区测试路1号', radius: null });
    const poly = await admin.post(ADD, { areaName: '测试多边形', areaCode: 'T-P1', typeId: 2, areaLonLat: '31.20,121.40;31.20,121.50;31.30,121.45' });
    expect(poly.code).toBe(1);
    expect(poly.result.typeId).toBe(2);
  });

  it.each([
    [{ radius: 2001 }, 'radius', '半径必须小于等于2000'],
    [{ radius: 0 }, 'radius', '半径必须为正整数值'],
    [{ lonCenter: 181 }, 'lonCenter', '经度必须在-180到180之间'],
    [{ typeId: 2, areaLonLat: '31.20,121.40;31.30,121.50;31.20,121.50;31.30,121.40' }, 'areaLonLat', '围栏的边不能相交'],
    [{ areaName: '   ' }, 'areaName', '围栏名称不能为空'],
  ])('%j is refused on %s with the fence rule', async (change, field, message) => {
    const r = await t.refused(() => admin.post(ADD, circle('T-BAD', change)));
    expect(r.code).toBe(100);
    expect(r.message).toBe(message);
    expect(r.result.field).toBe(field);
  });

  it('a code already used by a live fence is refused', async () => {
    const code = (await row('SELECT area_code FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1')).area_code;
    const r = await t.refused(() => admin.post(ADD, circle(code)));
    expect(r.message).toBe('围栏编码已存在');
  });

  it('carrier users may not add fences', async () => {
    const carrier = await t.as('carrier');
    expect((await t.refused(() => carrier.post(ADD, circle('T-CARRIER')))).code).toBe(104);
  });
});

describe('the list', () => {
  it('searches by name, code, type and city, newest edits first, with the type, size and waybill count', async () => {
    const byCode = await admin.post(LIST, { areaCode: 'T-C1' });
    expect(byCode.result.totalRecords).toBe(1);
    expect(byCode.result.data[0]).toMatchObject({ areaCode: 'T-C1', typeId: 3, sizeStr: '半径300米，0.283平方公里', waybillCount: 0, areaLabel: '门店' });
    const byName = await admin.post(LIST, { areaName: '测试矩形' });
    expect(byName.result.data.map((a: any) => a.areaCode)).toEqual(['T-R1']);
    const polygons = await admin.post(LIST, { typeId: [2], pageSize: 500 });
    expect(polygons.result.data.length).toBeGreaterThan(0);
    expect(polygons.result.data.every((a: any) => a.typeId === 2)).toBe(true);
    const shanghai = await admin.post(LIST, { city: '上海', pageSize: 500 });
    expect(shanghai.result.data.some((a: any) => a.areaCode === 'T-R1')).toBe(true);
    expect(shanghai.result.data.every((a: any) => String(a.city).includes('上海'))).toBe(true);
    const first = (await admin.post(LIST, {})).result.data[0];
    expect(first.areaCode).toBe('T-P1');
  });

  it('counts the waybills whose route passes each fence', async () => {
    const used = await row(`SELECT n.area_id AS id, count(DISTINCT n.waybill_id) AS n FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id
      WHERE w.corp_id = 1 AND w.is_deleted = 0 GROUP BY n.area_id ORDER BY n DESC LIMIT 1`);
    const code = (await row('SELECT area_code FROM areas WHERE id = ?', used.id)).area_code;
    const r = await admin.post(LIST, { areaCode: code });
    expect(r.result.data.find((a: any) => a.areaId === used.id).waybillCount).toBe(Number(used.n));
  });

  it("another corporation's fences are not listed", async () => {
    const other = await t.as('admin2');
    expect((await other.post(LIST, { areaCode: 'T-C1' })).result.totalRecords).toBe(0);
  });
});

describe('updating and deleting', () => {
  it('an update keeps the code, changes name, shape and label, and a stale version is refused', async () => {
    const f = (await admin.post(LIST, { areaCode: 'T-C1' })).result.data[0];
    const r = await admin.post(UPDATE, { areaId: f.areaId, version: f.version, areaName: '测试圆形改名', typeId: 3, lonCenter: 121.475, latCenter: 31.231, radius: 500, areaLabel: '仓库' });
    expect(r.code).toBe(1);
    expect(r.result).toMatchObject({ areaName: '测试圆形改名', areaCode: 'T-C1', radius: 500, areaLabel: '仓库', version: f.version + 1 });
    expect((await t.refused(() => admin.post(UPDATE, { areaId: f.areaId, version: f.version, typeId: 3, lonCenter: 121.475, latCenter: 31.231, radius: 500 }))).message)
      .toBe('数据已被他人修改，请刷新后重试');
  });

  it('deleting a fence on waybills keeps it on them; editing it afterwards is refused with the spec message', async () => {
    const used = await row(`SELECT n.area_id AS id, n.waybill_id AS waybillId FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id
      WHERE w.corp_id = 1 AND w.is_deleted = 0 ORDER BY n.id LIMIT 1`);
    const fence = await row('SELECT version FROM areas WHERE id = ?', used.id);
    const r = await admin.post(DELETE, { areaId: used.id, version: fence.version });
    expect(r.code).toBe(1);
    expect(r.message).toBe('删除成功');
    // Gone from the list; still on the waybill's route, marked deleted.
    const code = (await row('SELECT area_code FROM areas WHERE id = ?', used.id)).area_code;
    expect((await admin.post(LIST, { areaCode: code })).result.data.some((a: any) => a.areaId === used.id)).toBe(false);
    const nodes = await admin.get(`/waybill/getNodeListByIdVO?id=${used.waybillId}`);
    expect(nodes.result.some((n: any) => Number(n.areaId ?? n.customAreaId) === used.id)).toBe(true);
    expect((await admin.get(`/electronic/getCustomAreaByAreaId?areaId=${used.id}`)).result.isDelete).toBe(1);
    // The spec's message, from both the management update and the edit layer's save.
    const edit = { areaId: used.id, typeId: 3, lonCenter: 121.475, latCenter: 31.231, radius: 500 };
    expect((await t.refused(() => admin.post(UPDATE, { ...edit, version: fence.version + 1 }))).message).toBe('电子围栏已被删除，不能修改');
    expect((await t.refused(() => admin.post('/electronic/updateAreaByOrderOrWaybill', edit))).message).toBe('电子围栏已被删除，不能修改');
    expect((await t.refused(() => admin.post(DELETE, { areaId: used.id }))).message).toBe('电子围栏已被删除，不能修改');
    // Its code is free again for a new fence.
    expect((await admin.post(ADD, circle(code))).code).toBe(1);
  });

  it('a customer user may delete only its own customer\'s fences', async () => {
    const customer = await t.as('customer');
    const corpFence = (await row('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND is_deleted = 0 ORDER BY id LIMIT 1')).id;
    const r = await customer.post(DELETE, { areaId: corpFence });
    expect(r.code === 104 || r.message === '记录不存在或无权访问').toBe(true);
  });
});

describe('where used', () => {
  it('lists the waybills through the fence, by number, with the node and status', async () => {
    const used = await row(`SELECT n.area_id AS id FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id JOIN areas a ON a.id = n.area_id
      WHERE w.corp_id = 1 AND w.is_deleted = 0 AND a.is_deleted = 0 GROUP BY n.area_id ORDER BY count(*) DESC LIMIT 1`);
    const r = await admin.get(`${USAGE}?id=${used.id}`);
    expect(r.code).toBe(1);
    expect(r.result.waybills.length).toBeGreaterThan(0);
    const expected = await row(`SELECT count(DISTINCT n.waybill_id) AS n FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id WHERE n.area_id = ? AND w.is_deleted = 0`, used.id);
    expect(r.result.waybillCount).toBe(Number(expected.n));
    const first = r.result.waybills[0];
    expect(first.waybillNo).toMatch(/^YD/);
    expect(['起点', '终点', '途经点']).toContain(first.nodeTypeStr);
    expect(first.statusStr).toBeTruthy();
    expect(first.waybillId).toBeGreaterThan(0);
  });

  it('another corporation gets nothing', async () => {
    const other = await t.as('admin2');
    const id = (await row('SELECT id FROM areas WHERE corp_id = 1 ORDER BY id LIMIT 1')).id;
    expect((await other.get(`${USAGE}?id=${id}`)).message).toBe('记录不存在或无权访问');
  });
});
