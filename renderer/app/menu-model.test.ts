// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../env/api-types.ts';
import { linkOf, openKeysFor, sideMenuTree } from './menu-model.ts';

const op = (route: string, sideMenu: boolean) => ({ operationId: route, operationName: route, route, sideMenu });
const leaf = (menuKey: string, extra: Partial<MenuItem> = {}): MenuItem => ({ menuKey, title: menuKey, ...extra });

describe('menu links', () => {
  it('a leaf opens the first sideMenu operation route, not the first operation', () => {
    const item = leaf('order', { operationList: [op('/order/print', false), op('/order/list', true), op('/order/x', true)] });
    expect(linkOf(item)).toEqual({ kind: 'route', to: '/order/list' });
  });

  it('falls back to an absolute menu url, else to no link', () => {
    expect(linkOf(leaf('a', { url: '/exportCenter' }))).toEqual({ kind: 'route', to: '/exportCenter' });
    expect(linkOf(leaf('b', { url: 'relative' }))).toEqual({ kind: 'none' });
  });

  it('new-window items and vue/jquery items are plain links', () => {
    expect(linkOf(leaf('h', { url: 'https://help.example/x', target: '_blank' }))).toEqual({
      kind: 'href',
      href: 'https://help.example/x',
      newWindow: true,
    });
    expect(linkOf(leaf('v', { url: '/legacy/vue#/a', menuType: 'vue' }))).toEqual({
      kind: 'href',
      href: '/legacy/vue#/a',
      newWindow: false,
    });
    expect(linkOf(leaf('j', { menuType: 'jquery' }))).toEqual({ kind: 'none' });
  });
});

describe('open branches', () => {
  const menus: MenuItem[] = [
    { ...leaf('base'), children: [leaf('car', { operationList: [op('/car/list', true)] })] },
    {
      ...leaf('orders'),
      children: [{ ...leaf('lines'), children: [leaf('o', { operationList: [op('/order/list', true)] })] }],
    },
  ];

  it('opens every branch above the active leaf', () => {
    expect(openKeysFor(menus, '/order/list')).toEqual(['orders', 'lines']);
    expect(openKeysFor(menus, '/car/list')).toEqual(['base']);
  });

  it('a page below a leaf opens that leaf\'s branches', () => {
    expect(openKeysFor(menus, '/order/list/add')).toEqual(['orders', 'lines']);
    expect(openKeysFor(menus, '/order/listing')).toEqual([]);
  });

  it('opens nothing when no leaf matches', () => {
    expect(openKeysFor(menus, '/home')).toEqual([]);
  });
});

describe('sideMenuTree', () => {
  const op = (id: string, sideMenu: boolean, route?: string) => ({ operationId: id, operationName: id, route: route ?? null, jsPath: null, moduleName: null, sideMenu });
  const item = (menuKey: string, operationList: ReturnType<typeof op>[], children: any[] = []) =>
    ({ menuKey, title: menuKey, menuType: 'react', url: null, icon: null, target: null, moduleId: null, level: 1, operationList, children }) as any;

  it('keeps branches leading to pages and drops menus that only grant buttons or top-bar rights', () => {
    const tree = [
      item('baseData', [], [item('vehicle', [op('vehicle3', true, '/vehicle'), op('vehicleAdd3', false, '/vehicle/add')])]),
      item('notice', [op('exportCenter3', false, '/exportCenter')]),
      item('shared', [op('5023', false)]),
    ];
    const side = sideMenuTree(tree);
    expect(side.map((m) => m.menuKey)).toEqual(['baseData']);
    expect(side[0].children?.map((m) => m.menuKey)).toEqual(['vehicle']);
  });
});
