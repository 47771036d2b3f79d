// @vitest-environment jsdom
// The side menu follows the page on screen: switching tags (a route change) opens the branch of the
// new page and marks its entry; groups draw the icon their menu file names.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '../env/api-types.ts';
import { AppMenu } from './app-menu.tsx';
import { MENU_ICONS } from './menu-icons.tsx';

afterEach(cleanup);

const op = (route: string) => ({ operationId: route, operationName: route, route, sideMenu: true });
const leaf = (menuKey: string, title: string, route: string): MenuItem => ({ menuKey, title, operationList: [op(route)], children: [] });
const menus: MenuItem[] = [
  { menuKey: 'baseData', title: '基础数据', icon: 'database', children: [leaf('vehicle', '车辆管理', '/vehicle'), leaf('driver', '司机管理', '/driver')] },
  { menuKey: 'transport', title: '订单运单', icon: 'truck', children: [leaf('order', '订单管理', '/order'), leaf('waybill', '运单管理', '/waybill')] },
];

function setup(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppMenu menus={menus} /> }], { initialEntries: [path] });
  render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return { go: (to: string) => act(() => void router.navigate(to)) };
}

const branch = (name: string) => screen.getByRole('button', { name });

describe('side menu', () => {
  it('opens the branch of the page on screen and marks its entry', () => {
    setup('/vehicle');
    expect(branch('基础数据').getAttribute('aria-expanded')).toBe('true');
    expect(branch('订单运单').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: '车辆管理' }).getAttribute('aria-current')).toBe('page');
  });

  it('follows a tag switch: the new page\'s branch opens and its entry is marked; the user\'s open branch stays', () => {
    const t = setup('/vehicle');
    t.go('/waybill');
    expect(branch('订单运单').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: '运单管理' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '车辆管理' }).getAttribute('aria-current')).toBeNull();
    expect(branch('基础数据').getAttribute('aria-expanded')).toBe('true');
    // A branch the user closes stays closed until a page inside it comes on screen again.
    fireEvent.click(branch('基础数据'));
    t.go('/order');
    expect(branch('基础数据').getAttribute('aria-expanded')).toBe('false');
    t.go('/driver/add');
    expect(branch('基础数据').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: '司机管理' }).getAttribute('aria-current')).toBe('page');
  });

  it('draws the icon each group names', () => {
    setup('/home');
    expect(branch('基础数据').querySelector('svg')).not.toBeNull();
    expect(branch('订单运单').querySelector('svg')).not.toBeNull();
  });
});

describe('menu icons', () => {
  it('every icon name the menu meta-schema allows has an icon, and every menu file uses one of them', () => {
    const meta = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/meta/menu.schema.json'), 'utf8'));
    const allowed: string[] = meta.definitions.menu.properties.icon.enum;
    expect(Object.keys(MENU_ICONS).sort()).toEqual([...allowed].sort());
  });
});
