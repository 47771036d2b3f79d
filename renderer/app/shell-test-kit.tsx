// Test helpers for the shell (used only by *.test.tsx): a fake server answering in the envelope,
// and the whole console mounted on a memory router with that server behind the env.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { MenuItem, UserInfo } from '../env/api-types.ts';
import { EnvProvider } from '../env/env-context.tsx';
import type { PageRendererProps } from '../pages/page-types.ts';
import type { PageRegistry } from '../pages/registry.tsx';
import { appRoutes } from './router.tsx';

/** jsdom lacks ResizeObserver, which Fluent's MessageBar and overflow pieces construct. */
export function installDomStubs(): void {
  const g = globalThis as { ResizeObserver?: unknown };
  g.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
installDomStubs();

export interface Envelope {
  code: number;
  message?: string;
  result?: unknown;
}

/** Marks a handler's answer as a whole envelope rather than a code-1 result. */
export const reply = (code: number, message = '', result: unknown = null) => ({ envelope: { code, message, result } });

type Answer = unknown;
export type Handlers = Record<string, Answer | ((body: unknown, url: URL) => Answer)>;

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Routes are keyed 'METHOD /path' (without /api); an unknown route answers code 0 naming it. */
export function fakeServer(handlers: Handlers) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, query: url.searchParams, body });
    const key = `${method} ${path}`;
    let envelope: Envelope;
    if (!(key in handlers)) envelope = { code: 0, message: `未模拟的接口 ${key}`, result: null };
    else {
      const h = handlers[key];
      const answer = typeof h === 'function' ? (h as (b: unknown, u: URL) => Answer)(body, url) : h;
      const marked = answer as { envelope?: Envelope } | null;
      envelope = marked && typeof marked === 'object' && 'envelope' in marked && marked.envelope ? marked.envelope : { code: 1, message: '', result: answer };
    }
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export const USER: UserInfo = {
  userId: 7,
  userName: 'admin',
  realName: '管理员',
  corpId: 1,
  corpName: '华运供应链管理有限公司',
  orgId: null,
  userType: 0,
  parentId: null,
  partnerId: null,
  partnerName: null,
  pwdExpired: false,
  lastPasswordModifiedTime: null,
  latLon: null,
  haveBrowsed: 1,
};

const op = (operationId: string, route: string | null, jsPath: string | null, sideMenu = false) => ({
  operationId,
  operationName: operationId,
  route,
  jsPath,
  moduleName: 'baseData',
  sideMenu,
});

/** A vehicle menu (list in the main layout, add in the simple one) and nothing else. */
export const VEHICLE_MENU: MenuItem = {
  menuKey: 'vehicle',
  title: '车辆管理',
  url: '/vehicle',
  operationList: [
    { ...op('vehicle3', '/vehicle', 'base/vehicle-list', true), operationName: '车辆管理' },
    { ...op('vehicleAdd3', '/vehicle/add', 'base/vehicle-add'), operationName: '新增车辆' },
    op('vehicleDelete3', null, null),
  ],
};

/** What a healthy login answers; override any entry per test. */
export function sessionHandlers(extra: Handlers = {}): Handlers {
  return {
    'POST /menu/menuTree': [VEHICLE_MENU],
    'POST /menu/allMenu': [VEHICLE_MENU],
    'GET /user/getCurrentUser': USER,
    'GET /personalSet/getCorpPersonalSet': { passwordStatus: 2, msgLayerDisplayMode: 1 },
    'POST /menu/getLogoUrl': { icoUrl: null, title: '货运数字化平台' },
    'GET /menu/routes': ['/vehicle', '/vehicle/add', '/driver', '/exportCenter'],
    'GET /helpcenter/link': { helpBookLink: '/help/manual.html', updateLogLink: '/help/update-log.html' },
    ...extra,
  };
}

/** Renders markup inside Fluent and an env backed by `fetch`, outside any router. */
export function renderInEnv(ui: ReactNode, fetch: typeof globalThis.fetch, navigate = (_to: string) => undefined) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <EnvProvider navigate={navigate} fetch={fetch}>
        {ui}
      </EnvProvider>
    </FluentProvider>,
  );
}

/** The whole console at `path`, with a registry whose list and form kinds print the page id. */
export function renderConsole(path: string, handlers: Handlers, registry?: PageRegistry) {
  const server = fakeServer(handlers);
  const router = createMemoryRouter(appRoutes(registry ?? testRegistry()), { initialEntries: [path] });
  const view = renderInEnv(<RouterProvider router={router} />, server.fetch, (to) => void router.navigate(to));
  return { ...view, router, calls: server.calls };
}

export function testRegistry(): PageRegistry {
  const Show = ({ page, context }: PageRendererProps) => (
    <div>
      页面 {page.id} 记录 {context.id ?? '无'}
    </div>
  );
  return { list: Show, form: Show };
}
