// GET /api/ui/pages/:id composes a page for one user; tms/field/* keeps personal settings.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const fields = (cols: { field: string }[]) => cols.map((c) => c.field);

describe('page composition', () => {
  it('applies extends: the update page inherits the add page and overrides its calls', async () => {
    const admin = await t.as('admin');
    const page = (await admin.get('/ui/pages/base/vehicle-update')).result;
    expect(page.kind).toBe('form');
    expect(page.resource).toBe('vehicle');
    expect(page.title).toBe('修改车辆');
    expect(page.api.submit.path).toBe('/res/vehicle/update');
    expect(page.api.before.path).toBe('/res/vehicle/detail');
    expect(page.extends).toBeUndefined();
  });

  it('removes actions the user may not use', async () => {
    const admin = (await (await t.as('admin')).get('/ui/pages/base/carrier-list')).result;
    const carrier = (await (await t.as('carrier')).get('/ui/pages/base/carrier-list')).result;
    expect(admin.actions.map((a: any) => a.id)).toEqual(['add', 'import', 'delete', 'detail', 'update', 'record']);
    expect(carrier.actions.map((a: any) => a.id)).toEqual(['detail']);
  });

  it("applies the corporation's overlay only for that corporation, naming the layer", async () => {
    const jx = (await (await t.as('admin2')).get('/ui/pages/base/vehicle-list')).result;
    const hy = (await (await t.as('admin')).get('/ui/pages/base/vehicle-list')).result;
    expect(jx.title).toBe('冷链车辆');
    expect(fields(jx.columns)).not.toContain('vin');
    expect(fields(jx.columns).slice(0, 3)).toEqual(['vehicleNo', 'coldMachine', 'gatherTemperature']);
    expect(jx.columns[0].title).toBe('车牌号码');
    expect(jx.layers.vehicleNo).toBe('variant:JX');
    expect(hy.title).toBe('车辆管理');
    expect(fields(hy.columns)).toContain('vin');
  });

  it('answers an unknown page with code 0 naming it', async () => {
    const r = await (await t.as('admin')).get('/ui/pages/base/nothing-here');
    expect(r.code).toBe(0);
    expect(r.message).toContain('base/nothing-here');
  });
});

describe('column and search settings', () => {
  it('falls back to the schema defaults, then keeps each user their own order and visibility', async () => {
    const d = await t.as('dispatcher');
    const defaults = (await d.get('/tms/field/getColumn/base/driver-list')).result;
    expect(defaults[0]).toEqual({ fieldId: 'driverName', fieldLabel: '司机姓名', title: '司机姓名', display: true, disabled: true });
    const wanted = [
      { fieldId: 'driverName', display: true },
      { fieldId: 'carrierName', display: true },
      { fieldId: 'mobile', display: false },
    ];
    expect((await d.post('/tms/field/setColumn', { id: 'base/driver-list', columns: wanted })).code).toBe(1);
    const saved = (await d.get('/tms/field/getColumn/base/driver-list')).result;
    expect(saved.slice(0, 3).map((s: any) => [s.fieldId, s.display])).toEqual([['driverName', true], ['carrierName', true], ['mobile', false]]);
    const page = (await d.get('/ui/pages/base/driver-list')).result;
    expect(page.columns.find((c: any) => c.field === 'mobile').hidden).toBe(true);
    // Another user still sees the defaults.
    const other = (await (await t.as('admin')).get('/tms/field/getColumn/base/driver-list')).result;
    expect(other).toEqual(defaults);
  });

  it("uses the corporation's defaults for users without their own", async () => {
    const admin = await t.as('admin');
    const corp = [{ fieldId: 'carrierName', display: true }, { fieldId: 'carrierCode', display: true }];
    expect((await admin.post('/tms/field/setColumn', { id: 'base/carrier-list', level: 'corp', columns: corp })).code).toBe(1);
    const monitorView = (await (await t.as('monitor')).get('/tms/field/getColumn/base/carrier-list')).result;
    expect(monitorView.slice(0, 2).map((s: any) => s.fieldId)).toEqual(['carrierName', 'carrierCode']);
    const d = await t.as('dispatcher');
    expect((await d.post('/tms/field/setColumn', { id: 'base/carrier-list', level: 'corp', columns: corp })).code).toBe(104);
  });

  it("refuses hiding every column with '不能全部隐藏', and hiding a fixed one; changes nothing", async () => {
    const d = await t.as('dispatcher');
    const page = (await d.get('/tms/field/getColumn/base/carModel-list')).result;
    const before = await t.snapshot();
    const hideAll = await d.post('/tms/field/setColumn', { id: 'base/carModel-list', columns: page.map((c: any) => ({ fieldId: c.fieldId, display: false })) });
    expect([hideAll.code, hideAll.message]).toEqual([100, '不能全部隐藏']);
    const hideFixed = await d.post('/tms/field/setColumn', { id: 'base/carModel-list', columns: [{ fieldId: 'modelName', display: false }] });
    expect([hideFixed.code, hideFixed.message]).toEqual([100, '固定字段不能隐藏：modelName']);
    await t.assertUnchanged(before);
  });

  it('keeps search settings too, and refuses unknown fields', async () => {
    const d = await t.as('dispatcher');
    const r = await d.post('/tms/field/setSearch', { id: 'base/vehicle-list', searches: [{ fieldId: 'status', display: false }] });
    expect(r.code).toBe(1);
    const s = (await d.get('/tms/field/getSearch/base/vehicle-list')).result;
    expect(s.find((x: any) => x.fieldId === 'status')).toEqual({ fieldId: 'status', fieldLabel: '状态', display: false, disabled: false });
    const bad = await d.post('/tms/field/setSearch', { id: 'base/vehicle-list', searches: [{ fieldId: 'ghost', display: true }] });
    expect([bad.code, bad.message]).toEqual([100, '字段不存在：ghost']);
  });
});

describe('dictionaries', () => {
  it('serves a status catalogue as option items', async () => {
    const r = await (await t.as('customer')).get('/baseDictionary/findByDicTypeKey?dicTypeKey=waybillStatus');
    expect(r.result.map((i: any) => i.id)).toEqual([100, 101, 102, 200, 300, 400, 500, 600, 700, 1, 2, 3, 4]);
    expect(r.result[0]).toMatchObject({ id: 100, label: '待派车', disabled: false });
    const none = await (await t.as('customer')).get('/baseDictionary/findByDicTypeKey?dicTypeKey=nope');
    expect(none.code).toBe(0);
  });
});
