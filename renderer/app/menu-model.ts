// Pure rules for turning the server's menu tree into navigation (spec section 2, main layout).
// No React here, so the rules are tested without a DOM and reused when routes are built from menus.
import type { MenuItem } from '../env/api-types.ts';

/** Legacy screens of these kinds live outside this console and are reached by a full page load. */
const PLAIN_LINK_TYPES = new Set(['vue', 'jquery', 'link']);

export type MenuLink =
  | { kind: 'route'; to: string }
  | { kind: 'href'; href: string; newWindow: boolean }
  | { kind: 'none' };

/** The route of the first operation shown under the main layout, the page a leaf opens. */
export function sideMenuRoute(item: MenuItem): string | undefined {
  return item.operationList?.find((op) => op.sideMenu && op.route)?.route ?? undefined;
}

export function linkOf(item: MenuItem): MenuLink {
  const newWindow = item.target === '_blank';
  if (newWindow || PLAIN_LINK_TYPES.has(item.menuType ?? '')) {
    const href = item.url || sideMenuRoute(item);
    return href ? { kind: 'href', href, newWindow } : { kind: 'none' };
  }
  const to = sideMenuRoute(item) ?? (item.url?.startsWith('/') ? item.url : undefined);
  return to ? { kind: 'route', to } : { kind: 'none' };
}

export function hasChildren(item: MenuItem): boolean {
  return (item.children?.length ?? 0) > 0;
}

/**
 * Keys of the branches leading to the leaf whose route is `pathname`, so that branch is open. A page
 * below a leaf's route (/vehicle/add under /vehicle) counts as that leaf when no leaf matches exactly.
 */
export function openKeysFor(menus: readonly MenuItem[], pathname: string): string[] {
  return pathTo(menus, (to) => to === pathname) ?? pathTo(menus, (to) => pathname.startsWith(`${to}/`)) ?? [];
}

/** null when no leaf below matches; otherwise the branch keys from the top down. */
function pathTo(menus: readonly MenuItem[], matches: (to: string) => boolean): string[] | null {
  for (const item of menus) {
    if (hasChildren(item)) {
      const below = pathTo(item.children ?? [], matches);
      if (below) return [item.menuKey, ...below];
    } else {
      const link = linkOf(item);
      if (link.kind === 'route' && matches(link.to)) return [];
    }
  }
  return null;
}

/**
 * The part of the tree the side menu shows: items that open something (a side-menu operation or a
 * url) and branches that lead to one. Menus holding only buttons or top-bar rights (通知中心,
 * 通用权限) grant operations but are not places to go.
 */
export function sideMenuTree(menus: readonly MenuItem[]): MenuItem[] {
  return menus.flatMap((item) => {
    const children = sideMenuTree(item.children ?? []);
    if (children.length > 0) return [{ ...item, children }];
    return linkOf(item).kind === 'none' ? [] : [{ ...item, children: [] }];
  });
}
