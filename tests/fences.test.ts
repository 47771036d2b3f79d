// Fences (electronic/*): reading, the calibration rules with the spec's exact messages, saving
// circles, rectangles and polygons with derived area and GCJ-02, the deleted-fence refusal,
// offline addresses and who may see or edit which fence.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
let t: TestApp;
let admin: Caller;
let ownCircle: { id: number; lon: number; lat: number; version: number };
let otherCustomerFence: number;
let customerFence: number;

const SAVE = '/electronic/updateAreaByOrderOrWaybill';
const row = (sql: string, ...p: unknown[]) => t.db.one<any>(sql, p);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  ownCircle = await row('SELECT id, lon, lat, version FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND type_id = 3 ORDER BY id LIMIT 1');
  otherCustomerFence = (await row('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NOT NULL AND customer_id <> 1 ORDER BY id LIMIT 1')).id;
  customerFence = (await row('SELECT id FROM areas WHERE corp_id = 1 AND customer_id = 1 ORDER BY id LIMIT 1'))?.id;
});

const circle = (extra: Record<string, unknown> = {}) => ({ areaId: ownCircle.id, typeId: 3, lonCenter: 121.474, latCenter: 31.23, radius: 200, ...extra });

describe('calibration messages (spec section 5)', () => {
  it.each([
    [{ radius: 0 }, '半径必须为正整数值'],
    [{ radius: 2001 }, '半径必须小于等于2000'],
    [{ radius: 150.5 }, '半径必须为正整数值'],
    [{ radius: undefined }, '半径不能为空'],
    [{ radius: '' }, '半径不能为空'],
    [{ lonCenter: undefined }, '经度不能为空'],
    [{ lonCenter: 121.1234567 }, '经度必须为数字值，且最多输入六位小数'],
    [{ latCenter: '' }, '纬度不能为空'],
    [{ latCenter: '31.2a' }, '纬度必须为数字值，且最多输入六位小数'],
  ])('%j → %s, nothing saved', async (change, message) => {
    const r = await t.refused(() => admin.post(SAVE, circle(change)));
    expect(r.code).toBe(100);
    expect(r.message).toBe(message);
  });
});

describe('saving a fence', () => {
  it('a circle: area pi r² / 10^6 to 3 decimals, WGS-84 stored, GCJ-02 derived, history kept', async () => {
    const r = await admin.post(SAVE, circle({ radius: 1500, version: ownCircle.version }));
    expect(r.code).toBe(1);
    expect(r.message).toBe('保存成功');
    expect(r.result).toMatchObject({ typeId: 3, radius: 1500, areaAcreage: 7.069, lonCenter: 121.474, latCenter: 31.23, areaLonLat: '31.230000,121.474000' });
    expect(r.result.areaLonLatGoogle).toBe('31.228057,121.478522');
    expect(r.result.llObjArr).toEqual([{ lng84: 121.474, lat84: 31.23, lng02: 121.478522, lat02: 31.228057 }]);
    expect(await row('SELECT lon, lat, radius, version FROM areas WHERE id = ?', ownCircle.id)).toEqual({ lon: 121.474, lat: 31.23, radius: 1500, version: ownCircle.version + 1 });
    const history = await row("SELECT changes FROM record_history WHERE resource = 'area' AND record_id = ? ORDER BY id DESC", ownCircle.id);
    expect(JSON.parse(history.changes)).toContainEqual({ field: 'radius', title: '半径', before: expect.any(Number), after: 1500 });
  });

  it('a stale version is refused', async () => {
    const r = await t.refused(() => admin.post(SAVE, circle({ version: 1 })));
    expect(r.message).toBe('数据已被他人修改，请刷新后重试');
  });

  it('a rectangle from two opposite corners is stored as its four corners, rounded to 6 decimals', async () => {
    const r = await admin.post(SAVE, { areaId: ownCircle.id, typeId: 1, areaLonLat: '31.2400001,121.4700004;31.2300001,121.4800004' });
    expect(r.code).toBe(1);
    expect(r.result.areaLonLat).toBe('31.240000,121.470000;31.240000,121.480000;31.230000,121.480000;31.230000,121.470000');
    expect(r.result.radius).toBeNull();
    expect(r.result.areaAcreage).toBeCloseTo(1.06, 1); // ~952 m x ~1112 m
    expect(r.result).toMatchObject({ lonCenter: 121.475, latCenter: 31.235 });
    expect(r.result.areaLonLatGoogle.split(';')).toHaveLength(4);
  });

  it('a polygon needs three points and edges that do not cross', async () => {
    expect((await t.refused(() => admin.post(SAVE, { areaId: ownCircle.id, typeId: 2, areaLonLat: '31.2,121.4;31.3,121.5' }))).message).toBe('多边形围栏至少需要三个顶点');
    const bowTie = '31.20,121.40;31.30,121.50;31.20,121.50;31.30,121.40';
    expect((await t.refused(() => admin.post(SAVE, { areaId: ownCircle.id, typeId: 2, areaLonLat: bowTie }))).message).toBe('围栏的边不能相交');
    expect((await t.refused(() => admin.post(SAVE, { areaId: ownCircle.id, typeId: 2, areaLonLat: '31.2,121.4;31.3,121.5;31.4,121.6' }))).message).toBe('围栏的顶点不能在一条直线上');
    expect((await t.refused(() => admin.post(SAVE, { areaId: ownCircle.id, typeId: 2, areaLonLat: '31.2,121.4;abc' }))).code).toBe(100);
    expect((await t.refused(() => admin.post(SAVE, circle({ areaLonLat: 'abc' })))).message).toBe("围栏坐标格式不正确，应为'纬度,经度'并以';'分隔");
    const ok = await admin.post(SAVE, { areaId: ownCircle.id, typeId: 2, areaLonLat: '31.20,121.40;31.20,121.50;31.30,121.45' });
    expect(ok.code).toBe(1);
    expect(ok.result.areaAcreage).toBeGreaterThan(50);
  });

  it('a deleted fence refuses edits with the spec message', async () => {
    const id = (await row('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NULL ORDER BY id DESC LIMIT 1')).id;
    await t.db.run('UPDATE areas SET is_deleted = 1 WHERE id = ?', [id]);
    const r = await t.refused(() => admin.post(SAVE, { ...circle(), areaId: id }));
    expect(r.code).toBe(0);
    expect(r.message).toBe('电子围栏已被删除，不能修改');
    const detail = await admin.get(`/electronic/getCustomAreaByAreaId?areaId=${id}`);
    expect(detail.result.isDelete).toBe(1);
  });

  it('the address is filled offline from the nearest known place when not typed', async () => {
    const known = await row("SELECT lon, lat, area_name AS name, district FROM areas WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? AND district IS NOT NULL ORDER BY id LIMIT 1", ownCircle.id);
    const r = await admin.post(SAVE, circle({ lonCenter: known.lon, latCenter: known.lat, radius: 300 }));
    expect(r.result.district).toBe(known.district);
    expect(r.result.position).toContain(known.name);
    const typed = await admin.post(SAVE, circle({ province: '上海市', city: '上海市', district: '浦东新区', position: '张江路1号' }));
    expect(typed.result).toMatchObject({ district: '浦东新区', position: '张江路1号' });
  });

  it('reverse geocoding offline: a city, a foreign point, the middle of nowhere', async () => {
    const city = await admin.get('/electronic/reverseGeocode?lon=113.70&lat=34.80');
    expect(city.result).toMatchObject({ province: '河南省', city: '郑州市' });
    expect((await admin.get('/electronic/reverseGeocode?lon=2.35&lat=48.85')).message).toBe('获取详细位置失败，暂不支持国外节点');
    expect((await admin.get('/electronic/reverseGeocode?lon=90.0&lat=36.0')).message).toBe('解析失败');
  });
});

describe('reading fences', () => {
  it('lists page by page with the total, and filters by name', async () => {
    const page = await admin.post('/electronic/getAreaLablePositionNew', { curPage: 2, pageSize: 5 });
    expect(page.result.data).toHaveLength(5);
    expect(page.result.totalRecords).toBe((await row('SELECT count(*) AS n FROM areas WHERE corp_id = 1 AND is_deleted = 0')).n);
    const name = (await row('SELECT area_name AS n FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1 OFFSET 3')).n;
    const found = await admin.post('/electronic/getAreaLabelPositionWithOutMaterial', { areaName: name });
    expect(found.result.data.map((a: any) => a.areaName)).toContain(name);
    const labels = await admin.post('/electronic/getAreaLablePosition', { areaName: name });
    expect(labels.result.every((a: any) => a.areaName.includes(name))).toBe(true);
  });

  it('by receiving customer', async () => {
    const customerId = (await row('SELECT customer_id AS c FROM areas WHERE corp_id = 1 AND customer_id IS NOT NULL ORDER BY id LIMIT 1')).c;
    const r = await admin.post('/electronic/getAreaLabelPositionByReceiveOrgId', { receiveOrgId: customerId, pageSize: 100 });
    expect(r.result.data.length).toBeGreaterThan(0);
    expect(r.result.data.every((a: any) => a.customerId === customerId)).toBe(true);
  });

  it('a polygon of the demo data reads with its GCJ-02 twin point for point', async () => {
    const id = (await row('SELECT id FROM areas WHERE corp_id = 1 AND type_id = 2 AND is_deleted = 0 ORDER BY id LIMIT 1')).id;
    const r = await admin.get(`/electronic/getCustomAreaByAreaId?areaId=${id}`);
    expect(r.result.areaLonLat.split(';').length).toBe(r.result.areaLonLatGoogle.split(';').length);
    expect(r.result.llObjArr.length).toBe(r.result.areaLonLat.split(';').length);
    expect(r.result.areaAcreage).toBeGreaterThan(0);
  });
});

describe('scope', () => {
  it('another corporation reads nothing and edits nothing', async () => {
    const other = await t.as('admin2');
    expect((await other.get(`/electronic/getCustomAreaByAreaId?areaId=${ownCircle.id}`)).message).toBe('记录不存在或无权访问');
    expect((await t.refused(() => other.post(SAVE, circle()))).message).toBe('记录不存在或无权访问');
    const list = await other.post('/electronic/getAreaLablePositionNew', { pageSize: 2000 });
    expect(list.result.data.some((a: any) => a.areaId === ownCircle.id)).toBe(false);
  });

  it("a customer user sees the corporation's fences and its own, never another customer's", async () => {
    const customer = await t.as('customer');
    expect((await customer.get(`/electronic/getCustomAreaByAreaId?areaId=${otherCustomerFence}`)).message).toBe('记录不存在或无权访问');
    expect((await customer.get(`/electronic/getCustomAreaByAreaId?areaId=${ownCircle.id}`)).code).toBe(1);
    const list = await customer.post('/electronic/getAreaLablePositionNew', { pageSize: 2000 });
    expect(list.result.data.every((a: any) => a.customerId === null || a.customerId === 1)).toBe(true);
    if (customerFence) expect(list.result.data.some((a: any) => a.areaId === customerFence)).toBe(true);
    // Customers may not change fences (no order or waybill update right).
    expect((await t.refused(() => customer.post(SAVE, circle()))).code).toBe(104);
  });

  it('an edit from a waybill must be a waybill whose route passes the fence', async () => {
    const r = await t.refused(() => admin.post(SAVE, circle({ waybillId: 999999 })));
    expect(r.message).toBe('该运单的路线不经过此电子围栏');
  });
});
