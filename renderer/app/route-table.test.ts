// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../env/api-types.ts';
import { buildRouteTable, normalizePath } from './route-table.ts';

const item = (menuKey: string, ops: NonNullable<MenuItem['operationList']>): MenuItem => ({ menuKey, title: menuKey, operationList: ops });
const op = (operationId: string, route: string | null, jsPath: string | null, sideMenu = false) => ({
  operationId,
  operationName: `名称-${operationId}`,
  route,
  jsPath,
  sideMenu,
});

const allMenu: MenuItem[] = [
  item('vehicle', [
    op('vehicle3', '/vehicle', 'base/vehicle-list', true),
    op('vehicleAdd3', '/vehicle/add', 'base/vehicle-add'),
    op('vehicleDelete3', null, null),
  ]),
  item('order', [op('orderDetail3', '/orderDetail/:orderId', 'order/order-detail')]),
  item('notice', [op('exportCenter3', '/exportCenter', null)]),
];
const declared = ['/vehicle', '/vehicle/add', '/driver', '/driver/add', '/exportCenter', '/businessAlarmReport', '/waybill/:id'];
const table = buildRouteTable(allMenu, declared);

describe('route table', () => {
  it('granted operations with a route and a page id are pages; sideMenu picks the main layout', () => {
    expect(table.resolve('/vehicle')).toEqual({
      kind: 'page',
      layout: 'main',
      pageId: 'base/vehicle-list',
      title: '名称-vehicle3',
      route: '/vehicle',
      operationIds: ['vehicle3', 'vehicleAdd3', 'vehicleDelete3'],
    });
    expect(table.resolve('/vehicle/add/')).toMatchObject({ kind: 'page', layout: 'simple', pageId: 'base/vehicle-add' });
  });

  it('routes with parameters match', () => {
    expect(table.resolve('/orderDetail/42')).toMatchObject({ kind: 'page', pageId: 'order/order-detail' });
  });

  it('declared but not granted is forbidden, also for parameter routes; unknown is not found', () => {
    expect(table.resolve('/driver')).toEqual({ kind: 'forbidden' });
    expect(table.resolve('/waybill/9')).toEqual({ kind: 'forbidden' });
    expect(table.resolve('/nothing')).toEqual({ kind: 'notFound' });
  });

  it('fixed shell pages: granted by their operation, forbidden when declared but not granted, open otherwise', () => {
    expect(table.resolve('/exportCenter')).toMatchObject({
      kind: 'page',
      layout: 'main',
      pageId: 'shell/export-center',
      title: '导出中心',
      operationIds: ['exportCenter3'],
    });
    expect(table.resolve('/businessAlarmReport')).toEqual({ kind: 'forbidden' });
    expect(table.resolve('/messageCenter')).toMatchObject({ kind: 'page', pageId: 'shell/message-center' });
  });

  it('/businessAlarmReport shows the alarm statistics report to a user holding BusinessAlarmReport3', () => {
    const granted = buildRouteTable([item('notice', [op('BusinessAlarmReport3', '/businessAlarmReport', null)])], declared);
    expect(granted.resolve('/businessAlarmReport')).toMatchObject({
      kind: 'page', layout: 'main', pageId: 'report/alarm-statistics', operationIds: ['BusinessAlarmReport3'],
    });
    expect(granted.routeOf('report/alarm-statistics')).toBe('/businessAlarmReport');
  });

  it('home and the refresh detour keep the main layout; the detour takes the layout of its target', () => {
    expect(table.resolve('/home')).toMatchObject({ kind: 'home', layout: 'main', title: '首页' });
    expect(table.resolve('/')).toMatchObject({ kind: 'home' });
    expect(table.resolve('/redirect/vehicle/add')).toMatchObject({ kind: 'redirect', layout: 'simple', target: '/vehicle/add' });
    expect(table.resolve('/redirect/home')).toMatchObject({ kind: 'redirect', layout: 'main' });
  });

  it('routeOf finds the route of a page id; all operation ids are collected', () => {
    expect(table.routeOf('base/vehicle-add')).toBe('/vehicle/add');
    expect(table.routeOf('shell/export-center')).toBe('/exportCenter');
    expect(table.routeOf('base/unknown')).toBeUndefined();
    expect([...table.operationIds]).toEqual(['vehicle3', 'vehicleAdd3', 'vehicleDelete3', 'orderDetail3', 'exportCenter3']);
  });

  it('normalizes trailing slashes', () => {
    expect(normalizePath('/a/b//')).toBe('/a/b');
    expect(normalizePath('/')).toBe('/');
  });
});
