// Menus come from schemas/menus through the database, filtered by what each user's roles grant.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import type { MenuItem } from '../server/domain/menus/tree.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const opsOf = (items: MenuItem[]): string[] => items.flatMap((m) => [...m.operationList.map((o) => o.operationId), ...opsOf(m.children)]);
const titlesOf = (items: MenuItem[]): string[] => items.flatMap((m) => [m.title, ...titlesOf(m.children)]);

describe('menu tree', () => {
  it('gives the admin every declared operation with the fields of the spec', async () => {
    const admin = await t.as('admin');
    const tree = (await admin.post('/menu/menuTree', { useSystem: 3 })).result as MenuItem[];
    const all = await t.db.all<{ id: string }>('SELECT operation_id AS id FROM operations');
    expect(new Set(opsOf(tree))).toEqual(new Set(all.map((r) => r.id)));
    const vehicleMenu = tree.flatMap((m) => m.children).find((m) => m.menuKey === 'vehicle')!;
    expect(vehicleMenu.operationList[0]).toEqual({
      operationId: 'vehicle3', operationName: '车辆管理', route: '/vehicle', jsPath: 'base/vehicle-list', moduleName: 'baseData', sideMenu: true,
    });
    for (const key of ['menuKey', 'menuType', 'title', 'url', 'icon', 'target', 'moduleId', 'level', 'operationList']) expect(vehicleMenu).toHaveProperty(key);
  });

  it('gives the dispatcher base data but not system management', async () => {
    const d = await t.as('dispatcher');
    const tree = (await d.post('/menu/menuTree', { useSystem: 3 })).result as MenuItem[];
    expect(titlesOf(tree)).toContain('车辆管理');
    expect(titlesOf(tree)).not.toContain('系统管理');
    expect(opsOf(tree)).not.toContain('userAdd3');
  });

  it('gives the carrier only its operations and drops menus with none', async () => {
    const c = await t.as('carrier');
    const tree = (await c.post('/menu/allMenu', { useSystem: 3 })).result as MenuItem[];
    const ops = opsOf(tree);
    expect(ops).toEqual(expect.arrayContaining(['vehicle3', 'vehicleAdd3', 'driver3', 'carrier3']));
    expect(ops).not.toContain('carrierAdd3');
    expect(ops).not.toContain('customer3');
    expect(tree.map((m) => m.title)).not.toContain('客户管理');
    const nested = (await c.post('/menu/menuTree', { useSystem: 3 })).result as MenuItem[];
    const empty = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [...(m.operationList.length || m.children.length ? [] : [m]), ...empty(m.children)]);
    expect(empty(nested)).toEqual([]);
    expect(titlesOf(nested)).not.toContain('系统管理');
  });

  it('serves the logo and the platform title', async () => {
    const d = await t.as('monitor');
    expect((await d.post('/menu/getLogoUrl')).result).toEqual({ icoUrl: '/logo.svg', title: '货运数字化平台' });
  });

  it('refuses a useSystem other than 3 with code 100', async () => {
    const d = await t.as('monitor');
    const r = await d.post('/menu/menuTree', { useSystem: 2 });
    expect(r.code).toBe(100);
  });
});
