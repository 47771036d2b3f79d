// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, renderConsole, sessionHandlers } from './shell-test-kit.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const pages = {
  'GET /ui/pages/base/vehicle-list': { id: 'base/vehicle-list', title: '车辆管理', kind: 'list' },
  'GET /ui/pages/base/vehicle-add': { id: 'base/vehicle-add', title: '新增车辆', kind: 'form' },
};

describe('routes from the menus', () => {
  it('a granted sideMenu route shows its page inside the main layout, with its tag', async () => {
    renderConsole('/vehicle', sessionHandlers(pages));
    expect(await screen.findByText('页面 base/vehicle-list 记录 无')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /车辆管理/ })).toBeTruthy();
  });

  it('an operation without sideMenu opens in the simple layout with the record id from the query', async () => {
    renderConsole('/vehicle/add?id=12', sessionHandlers(pages));
    expect(await screen.findByText('页面 base/vehicle-add 记录 12')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '主菜单' })).toBeNull();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    expect(screen.getByText('新增车辆')).toBeTruthy();
  });

  it('a route some menu declares but the user was not granted goes to /403', async () => {
    const { router } = renderConsole('/driver', sessionHandlers(pages));
    expect(await screen.findByText('抱歉，您没有权限访问该页面')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/403');
  });

  it('an unknown path goes to /404', async () => {
    const { router } = renderConsole('/no/such/page', sessionHandlers(pages));
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('a fixed shell page guarded by an operation the user lacks is forbidden', async () => {
    const { router } = renderConsole('/exportCenter', sessionHandlers(pages));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });

  it('an undeclared fixed shell page opens its hand-written screen (fixed-screens.tsx)', async () => {
    renderConsole('/messageCenter', sessionHandlers(pages));
    expect(await screen.findByRole('heading', { name: '消息中心' })).toBeTruthy();
  });

  it('/ goes to /home, and /redirect/<path> goes on to <path> with its query', async () => {
    const { router } = renderConsole('/', sessionHandlers(pages));
    await screen.findByText(/欢迎使用货运数字化平台/);
    expect(router.state.location.pathname).toBe('/home');
    await router.navigate('/redirect/vehicle/add?id=3');
    expect(await screen.findByText('页面 base/vehicle-add 记录 3')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/vehicle/add?id=3');
  });
});

describe('tags in the main layout', () => {
  it('closing a page\'s tag goes back to 首页, which stays; refresh reloads the page through /redirect', async () => {
    const { router, calls } = renderConsole('/vehicle', sessionHandlers(pages));
    await screen.findByText('页面 base/vehicle-list 记录 无');
    const loads = () => calls.filter((c) => c.path === '/ui/pages/base/vehicle-list').length;
    expect(loads()).toBe(1);
    fireEvent.contextMenu(screen.getByRole('tab', { name: /车辆管理/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(loads()).toBe(2));
    expect(router.state.location.pathname).toBe('/vehicle');
    expect(screen.getAllByRole('tab')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: '关闭 车辆管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页']);
  });
});

describe('session bootstrap', () => {
  it.each(['POST /menu/menuTree', 'POST /menu/allMenu', 'GET /user/getCurrentUser', 'GET /personalSet/getCorpPersonalSet'])(
    'a failure of %s forces logout',
    async (call) => {
      const { router, calls } = renderConsole('/home', sessionHandlers({ [call]: reply(0, '服务异常'), 'POST /signOut': { returnUrl: '/login' } }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      // The session ends on the server, which clears the HttpOnly cookie script cannot touch.
      expect(calls.some((x) => x.method === 'POST' && x.path === '/signOut')).toBe(true);
      // All four went out together, not one after the other.
      for (const c of ['/menu/menuTree', '/menu/allMenu', '/user/getCurrentUser', '/personalSet/getCorpPersonalSet']) {
        expect(calls.some((x) => x.path === c)).toBe(true);
      }
      expect(await screen.findByText('服务异常')).toBeTruthy();
    },
  );

  it('the menus are asked for with useSystem 3', async () => {
    const { calls } = renderConsole('/home', sessionHandlers());
    await screen.findByText(/欢迎使用货运数字化平台/);
    expect(calls.find((c) => c.path === '/menu/allMenu')?.body).toEqual({ useSystem: 3 });
    expect(calls.find((c) => c.path === '/menu/menuTree')?.body).toEqual({ useSystem: 3 });
  });
});

describe('the shell', () => {
  it('the home card names the corporation, not its number', async () => {
    renderConsole('/home', sessionHandlers(pages));
    expect(await screen.findByText('所属企业：华运供应链管理有限公司')).toBeTruthy();
    expect(screen.queryByText(/企业编号/)).toBeNull();
  });

  it('首页 is the first tag on any page, without a close button', async () => {
    renderConsole('/vehicle', sessionHandlers(pages));
    await screen.findByText('页面 base/vehicle-list 记录 无');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页', '车辆管理']);
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭 车辆管理' })).toBeTruthy();
  });
});
