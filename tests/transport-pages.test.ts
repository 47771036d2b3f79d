// The order and waybill screens (schemas/pages/transport/**) as GET /api/ui/pages serves them: every
// page loads for the dispatcher; a form's schema is its submit route's own input (nothing declared
// twice); state-gated actions carry the states the workflow tables allow; business lines extend
// the base pages with their business-type group; the menus route every line.
import { beforeAll, describe, expect, it } from 'vitest';
import { WAYBILL_TRANSITIONS } from '../server/domain/workflow/waybill-machine.ts';
import { routeOfCall } from '../server/registry/route-shapes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ transportDemo: true });
});

const transportPages = () => [...t.registry.get().pages.keys()].filter((id) => id.startsWith('transport/'));

describe('transport pages', () => {
  it('every page loads for the dispatcher, and every form takes its schema from its submit route', async () => {
    const d = await t.as('dispatcher');
    const ids = transportPages();
    expect(ids.length).toBeGreaterThan(50);
    for (const id of ids) {
      const r = await d.get(`/ui/pages/${id}`);
      expect(r.code, `${id}: ${r.message}`).toBe(1);
      const page = r.result;
      if (page.kind !== 'form') continue;
      const route = routeOfCall(t.routes(), page.api.submit);
      expect(route, `${id}: submit route ${page.api.submit.path}`).toBeDefined();
      const input = route!.input as { properties: Record<string, unknown>; required?: string[] };
      // Every form field is one of the route's own inputs, with its very schema and required flag.
      for (const f of page.form.fields) {
        expect(input.properties[f], `${id}: ${f} is not an input of ${route!.path}`).toBeDefined();
        expect(page.formSchema.properties[f], `${id}: ${f}`).toEqual(input.properties[f]);
      }
      expect(page.formSchema.required).toEqual((input.required ?? []).filter((f) => page.form.fields.includes(f)));
      expect(page.fields).toEqual(input.properties);
    }
  });

  it("gates the waybill's workflow buttons by the machine's own states", async () => {
    const page = (await (await t.as('dispatcher')).get('/ui/pages/transport/waybill-list')).result;
    const receive = page.actions.find((a: any) => a.id === 'receive');
    const rows = WAYBILL_TRANSITIONS.filter((r) => r.action === 'receive');
    expect(receive.availableWhen).toEqual(rows.map((r) => ({ status: [...r.status], step: [...r.step] })));
    expect(receive.availableWhen).toEqual([{ status: [200], step: [3] }]);
    const delegate = (await (await t.as('dispatcher')).get('/ui/pages/transport/order-list')).result.actions.find((a: any) => a.id === 'delegate');
    expect(delegate.availableWhen).toEqual([{ status: [2, 20, 30] }]);
  });

  it('a list sorts a time column by its stored field: the list route inputs are the page fields', async () => {
    const d = await t.as('dispatcher');
    for (const id of ['transport/order-list', 'transport/waybill-list']) {
      const page = (await d.get(`/ui/pages/${id}`)).result;
      expect(page.fields.createdAt, id).toBeDefined();
      const sorted = await d.post(page.api.list.path, { ...page.filter, sorts: [{ field: 'createdAt', order: 'asc' }], curPage: 1, pageSize: 5 });
      expect(sorted.code, sorted.message).toBe(1);
      const times = sorted.result.data.map((r: any) => r.createdAt);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('a carrier sees only the waybill actions its role grants', async () => {
    const page = (await (await t.as('carrier')).get('/ui/pages/transport/waybill-list')).result;
    const ids = page.actions.map((a: any) => a.id);
    expect(ids).toContain('receive');
    expect(ids).not.toContain('receiptReview');
    expect(ids).not.toContain('delete');
    // Without the business jump (5023) the waybill number stays, as plain text.
    const waybillNo = page.columns.find((c: any) => c.field === 'waybillNo');
    expect(waybillNo).toBeDefined();
    expect(waybillNo.link).toBeUndefined();
  });

  it('business lines extend the base list with their business-type group, and the group filters the list', async () => {
    const d = await t.as('dispatcher');
    const groups: Record<string, number[]> = {
      'transport/order-list': [1],
      'transport/feedstuffOrder/list': [0, 5, 6, 7, 8],
      'transport/orderManageDHN/list': [9, 11, 12],
      'transport/orderManageJR/list': [13, 14],
      'transport/yqmjOrder/list': [15],
      'transport/yqChicksOrder/list': [16, 17, 18],
      'transport/orderManageZM/list': [19],
    };
    const base = (await d.get('/ui/pages/transport/order-list')).result;
    let shown = 0;
    for (const [id, types] of Object.entries(groups)) {
      const page = (await d.get(`/ui/pages/${id}`)).result;
      expect(page.filter, id).toEqual({ businessType: types });
      expect(page.columns.map((c: any) => c.field)).toEqual(base.columns.map((c: any) => c.field));
      // Its rows and detail jump go to the line's own detail page.
      const detail = page.actions.find((a: any) => a.id === 'detail');
      expect(detail.page).toBe(page.links.order);
      const list = await d.post(page.api.list.path, { ...page.filter, curPage: 1, pageSize: 50 });
      expect(list.code).toBe(1);
      for (const row of list.result.data) expect(types).toContain(row.businessType);
      shown += list.result.data.length;
    }
    // The demo orders cover the lines, so the check above saw real rows.
    expect(shown).toBeGreaterThan(0);
  });

  it('each waybill line lists and counts only its business-type group, exactly', async () => {
    const d = await t.as('dispatcher');
    const groups: Record<string, number[]> = {
      'transport/waybill-list': [1],
      'transport/feedstuffWaybill/list': [0, 5, 6, 7, 8],
      'transport/waybillListJR/list': [13, 14],
      'transport/yqmjWaybill/list': [15],
      'transport/yqChicksWaybill/list': [16, 17, 18],
      'transport/waybillManageZM/list': [19],
    };
    const corpId = (await t.db.one<{ c: number }>("SELECT corp_id AS c FROM users WHERE user_name = 'dispatcher'"))!.c;
    const all = (await d.post('/waybill/pageQueryByCondition', { curPage: 1, pageSize: 1 })).result.totalRecords;
    for (const [id, types] of Object.entries(groups)) {
      const page = (await d.get(`/ui/pages/${id}`)).result;
      expect(page.filter, id).toEqual({ businessType: types });
      const expected = (await t.db.one<{ n: number }>(`SELECT count(*) AS n FROM waybills WHERE corp_id = ? AND is_deleted = 0 AND business_type IN (${types.join(',')})`,
        [corpId]))!.n;
      // The demo has waybills on every line, and no line holds them all: the filter really narrows.
      expect(expected, id).toBeGreaterThan(0);
      expect(expected, id).toBeLessThan(all);
      const list = await d.post(page.api.list.path, { ...page.filter, curPage: 1, pageSize: 100 });
      expect(list.code, list.message).toBe(1);
      expect(list.result.totalRecords, id).toBe(expected);
      for (const row of list.result.data) expect(types, id).toContain(row.businessType);
      // The grouped tab counts are exact too (counted on the rows: the counts table has no business type).
      const counts = await d.post(page.api.count.path, { ...page.filter, ...(page.tabs.countBody ?? {}) });
      expect(counts.code, counts.message).toBe(1);
      expect(counts.result.totalRecords, id).toBe(expected);
      const byStatus = await t.db.all<{ status: number; n: number }>(`SELECT status, count(*) AS n FROM waybills WHERE corp_id = ? AND is_deleted = 0 AND business_type IN (${types.join(',')}) GROUP BY status`,
        [corpId]);
      for (const { status, n } of byStatus) expect(counts.result.tabs.find((tab: any) => tab.status === status)?.count, `${id} ${status}`).toBe(n);
    }
  });

  it("a line's add opens the confirm-business-type dialog offering only that line's used types, carried to the add page", async () => {
    const d = await t.as('dispatcher');
    const add = (await d.get('/ui/pages/transport/order-add')).result;
    expect(add.form.initial.businessType).toEqual({ query: 'businessType' });
    for (const [line, types] of Object.entries({ feedstuffOrder: [0, 5, 6, 7, 8], orderManageDHN: [9, 11, 12], yqChicksOrder: [16, 17, 18] })) {
      const list = (await d.get(`/ui/pages/transport/${line}/list`)).result;
      const action = list.actions.find((a: any) => a.id === 'add');
      expect(action, line).toMatchObject({ label: '新增', operationId: 'orderAdd3', dialog: true, page: `transport/${line}/confirm-business-type` });
      const dialog = (await d.get(`/ui/pages/${action.page}`)).result;
      expect(dialog.form.next).toEqual({ page: 'transport/order-add', carry: ['businessType'] });
      const source = dialog.form.uiSchema.businessType['ui:options'].list;
      const offered = await d.get(`${source.path}?${new URLSearchParams(Object.entries(source.query).map(([k, v]) => [k, String(v)]))}`);
      expect(offered.code, offered.message).toBe(1);
      expect(offered.result.length, line).toBeGreaterThan(0);
      for (const item of offered.result) expect(types, line).toContain(item.id);
    }
  });

  it('goods select splits the ticked goods lines: its list source answers the goods left of an order', async () => {
    const d = await t.as('dispatcher');
    const page = (await d.get('/ui/pages/transport/order-goods-select')).result;
    expect(page.formSchema.required).toEqual(['lines']);
    const order = (await d.post('/orderInfo/list', { curPage: 1, pageSize: 1, businessType: [1], status: [2] })).result.data[0];
    const options = page.form.uiSchema.lines['ui:options'];
    const goods = await d.get(`${options.list.path}?${options.list.idParam}=${order.id}`);
    expect(goods.code, goods.message).toBe(1);
    // Every column the dialog shows and every field it picks is in the answer.
    for (const g of goods.result) {
      for (const c of options.columns) expect(g, c.field).toHaveProperty(c.field);
      for (const from of Object.values(options.pick) as string[]) expect(g).toHaveProperty(from);
    }
    const row = (await d.get('/ui/pages/transport/order-list')).result.actions.find((a: any) => a.id === 'goodsSelect');
    expect(row).toMatchObject({ page: 'transport/order-goods-select', dialog: true, operationId: 'orderSplit3' });
  });

  it("waybill update record: routed from waybillRecord3, a row action for the dispatcher only, its columns are the versions' fields", async () => {
    const d = await t.as('dispatcher');
    const tree = (await d.post('/menu/menuTree')).result;
    const ops: any[] = [];
    const walk = (items: any[]) => items.forEach((m) => (ops.push(...(m.operationList ?? [])), walk(m.children ?? [])));
    walk(Array.isArray(tree) ? tree : [tree]);
    expect(ops.find((o) => o.operationId === 'waybillRecord3')).toMatchObject({ route: '/waybill/updateRecord', jsPath: 'transport/waybill-history' });
    const list = (await d.get('/ui/pages/transport/waybill-list')).result;
    expect(list.actions.find((a: any) => a.id === 'record')).toMatchObject({ label: '修改记录', page: 'transport/waybill-history' });
    const carrierList = (await (await t.as('carrier')).get('/ui/pages/transport/waybill-list')).result;
    expect(carrierList.actions.map((a: any) => a.id)).not.toContain('record');
    const page = (await d.get('/ui/pages/transport/waybill-history')).result;
    expect(page.kind).toBe('history');
    // Two renames leave two versions, each carrying every column the page compares.
    const w = (await d.post('/waybill/pageQueryByCondition', { businessType: [1], curPage: 1, pageSize: 1 })).result.data[0];
    const first = await d.post('/waybill/editWaybillName', { id: w.id, version: w.version, waybillName: '第一次改名' });
    expect(first.code, first.message).toBe(1);
    const second = await d.post('/waybill/editWaybillName', { id: w.id, version: first.result.version, waybillName: '第二次改名' });
    expect(second.code, second.message).toBe(1);
    const versions = await d.post(page.api.history.path, { [page.api.history.idParam]: w.id, curPage: 1, pageSize: 20 });
    expect(versions.code, versions.message).toBe(1);
    expect(versions.result.data.map((v: any) => v.waybillName).slice(0, 2)).toEqual(['第二次改名', '第一次改名']);
    for (const v of versions.result.data) for (const c of page.columns) expect(v, c.field).toHaveProperty(c.field);
  });

  it("detail pages offer their list's row actions, as the user gets them there, with the same state gates", async () => {
    for (const [who, detailId, listId] of [
      ['dispatcher', 'transport/waybill-detail', 'transport/waybill-list'],
      ['dispatcher', 'transport/waybillListJR/detail', 'transport/waybill-list'],
      ['carrier', 'transport/waybill-detail', 'transport/waybill-list'],
      ['dispatcher', 'transport/order-detail', 'transport/order-list'],
    ] as const) {
      const caller = await t.as(who);
      const detail = (await caller.get(`/ui/pages/${detailId}`)).result;
      const list = (await caller.get(`/ui/pages/${listId}`)).result;
      const rowActions = list.actions.filter((a: any) => a.placement === 'row' && a.id !== 'detail');
      expect(detail.actions.map((a: any) => a.id), `${who} ${detailId}`).toEqual(rowActions.map((a: any) => a.id));
      for (const a of detail.actions) expect(a.availableWhen, a.id).toEqual(rowActions.find((r: any) => r.id === a.id).availableWhen);
    }
    const carrierDetail = (await (await t.as('carrier')).get('/ui/pages/transport/waybill-detail')).result;
    expect(carrierDetail.actions.map((a: any) => a.id)).toContain('receive');
    expect(carrierDetail.actions.map((a: any) => a.id)).not.toContain('receiptReview');
  });

  it('routes every line: side menu lists, and the detail paths of spec section 2', async () => {
    const tree = (await (await t.as('dispatcher')).post('/menu/menuTree')).result;
    const ops: any[] = [];
    const walk = (items: any[]) => items.forEach((m) => (ops.push(...(m.operationList ?? [])), walk(m.children ?? [])));
    walk(Array.isArray(tree) ? tree : [tree]);
    const byRoute = new Map(ops.filter((o) => o.route).map((o) => [o.route, o]));
    for (const route of ['/order', '/waybill', '/feedstuffOrder', '/orderManageDHN', '/orderManageJR', '/orderManageZM', '/yqChicksOrder', '/yqmjOrder',
      '/feedstuffWaybill', '/waybillListJR', '/waybillManageZM', '/yqChicksWaybill', '/yqmjWaybill']) {
      expect(byRoute.get(route)?.sideMenu, route).toBe(true);
    }
    const details = ['/orderDetail', '/waybillDetails', '/feedstuffOrderInfo', '/feedstuffWaybillInfo', '/orderDetailDHN', '/waybillDetailsDHN', '/orderDetailJR',
      '/waybillDetailsJR', '/yqmjOrderDetail', '/yqmjWaybillDetails', '/yqChicksOrderDetail', '/yqChicksWaybillDetails', '/orderDetailZM', '/waybillDetailsZM'];
    for (const route of details) {
      const op = byRoute.get(route);
      expect(op, route).toBeDefined();
      expect(op.sideMenu ?? false).toBe(false);
      const page = (await (await t.as('dispatcher')).get(`/ui/pages/${op.jsPath}`)).result;
      expect(page.kind).toBe('detail');
      expect(page.idParam).toBe(route.toLowerCase().includes('waybill') ? 'waybillId' : 'orderId');
    }
  });
});
