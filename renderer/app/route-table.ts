// The console's routes after login (spec section 2), as data: every granted operation with a route
// and a page id becomes a page; a route that the menus declare but the user was not granted is
// forbidden; anything else is unknown. Pure, so the rules are tested without a browser.
import { matchPath } from 'react-router-dom';
import type { MenuItem } from '../env/api-types.ts';
import { HOME_PATH } from './return-url.ts';

export type LayoutKind = 'main' | 'simple';

export type Resolution =
  | {
      kind: 'page';
      layout: LayoutKind;
      /** Page id served by GET /ui/pages/:id. */
      pageId: string;
      title: string;
      route: string;
      /** The operations of the menu item the route belongs to: the allowed operations (spec section 6). */
      operationIds: string[];
    }
  | { kind: 'home'; layout: 'main'; title: string; operationIds: string[] }
  | { kind: 'redirect'; layout: LayoutKind; target: string; operationIds: string[] }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

/** Fixed shell pages (spec section 2). Their screens arrive as page schemas with these ids. */
export const FIXED_PAGES: ReadonlyArray<{ route: string; pageId: string; title: string }> = [
  { route: '/exportCenter', pageId: 'shell/export-center', title: '导出中心' },
  { route: '/importCenter', pageId: 'shell/import-center', title: '导入中心' },
  { route: '/messageCenter', pageId: 'shell/message-center', title: '消息中心' },
  // The alarm statistics are a report file (schemas/reports/alarm-statistics.json), drawn like any report page.
  { route: '/businessAlarmReport', pageId: 'report/alarm-statistics', title: '业务报警' },
];

export const HOME_TITLE = '首页';
export const REDIRECT_PREFIX = '/redirect';

interface PageEntry {
  route: string;
  pageId: string;
  title: string;
  layout: LayoutKind;
  operationIds: string[];
}

export interface RouteTable {
  resolve(pathname: string): Resolution;
  /** The route showing page `pageId`, so one page can link to another by id. */
  routeOf(pageId: string): string | undefined;
  /** Every operation id the user holds, on any menu. */
  operationIds: ReadonlySet<string>;
}

/** '/a/b/' and '/a/b' are the same page; the root stays '/'. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function findEntry<T extends { route: string }>(entries: readonly T[], exact: Map<string, T>, path: string): T | undefined {
  const hit = exact.get(path);
  if (hit) return hit;
  // Routes with parameters (':id') are rare; they are tried only after the exact lookup misses.
  return entries.find((e) => e.route.includes(':') && matchPath({ path: e.route, end: true }, path) !== null);
}

/**
 * @param allMenu the flat list of granted menu items (POST /menu/allMenu)
 * @param declaredRoutes every route any menu declares (GET /menu/routes), granted or not
 */
export function buildRouteTable(allMenu: readonly MenuItem[], declaredRoutes: readonly string[]): RouteTable {
  const pages: PageEntry[] = [];
  const byRoute = new Map<string, PageEntry>();
  const byPageId = new Map<string, string>();
  const grantedRoutes = new Map<string, string[]>();
  const operationIds = new Set<string>();

  for (const item of allMenu) {
    const ops = item.operationList ?? [];
    const ids = ops.map((op) => op.operationId);
    for (const op of ops) {
      operationIds.add(op.operationId);
      if (!op.route) continue;
      const route = normalizePath(op.route);
      if (!grantedRoutes.has(route)) grantedRoutes.set(route, ids);
      if (!op.jsPath || byRoute.has(route)) continue; // the first operation declaring a route wins
      const entry: PageEntry = {
        route,
        pageId: op.jsPath,
        title: op.operationName,
        layout: op.sideMenu ? 'main' : 'simple',
        operationIds: ids,
      };
      pages.push(entry);
      byRoute.set(route, entry);
      if (!byPageId.has(op.jsPath)) byPageId.set(op.jsPath, route);
    }
  }
  for (const fixed of FIXED_PAGES) if (!byPageId.has(fixed.pageId)) byPageId.set(fixed.pageId, fixed.route);
  const declared = new Set(declaredRoutes.map(normalizePath));
  const declaredPatterns = [...declared].filter((r) => r.includes(':'));

  function resolvePath(path: string): Resolution {
    if (path === HOME_PATH) return { kind: 'home', layout: 'main', title: HOME_TITLE, operationIds: [] };
    const page = findEntry(pages, byRoute, path);
    if (page) return { kind: 'page', ...page };
    const fixed = FIXED_PAGES.find((f) => f.route === path);
    if (fixed) {
      // A fixed page guarded by a menu operation is forbidden without it; unguarded ones are open.
      const ids = grantedRoutes.get(path);
      if (!ids && declared.has(path)) return { kind: 'forbidden' };
      return { kind: 'page', layout: 'main', ...fixed, operationIds: ids ?? [] };
    }
    if (declared.has(path) || declaredPatterns.some((r) => matchPath({ path: r, end: true }, path))) {
      return { kind: 'forbidden' };
    }
    return { kind: 'notFound' };
  }

  return {
    operationIds,
    routeOf: (pageId) => byPageId.get(pageId),
    resolve(pathname) {
      const path = normalizePath(pathname);
      if (path === REDIRECT_PREFIX || path.startsWith(`${REDIRECT_PREFIX}/`)) {
        // The tag refresh detour keeps the target's layout, so only the page remounts.
        const target = path.slice(REDIRECT_PREFIX.length) || HOME_PATH;
        const to = resolvePath(normalizePath(target));
        const layout = to.kind === 'page' || to.kind === 'home' ? to.layout : 'main';
        return { kind: 'redirect', layout, target, operationIds: [] };
      }
      return path === '/' ? resolvePath(HOME_PATH) : resolvePath(path);
    },
  };
}
