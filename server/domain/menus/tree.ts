// The menu tree a user sees: menus with at least one operation their roles grant (or a child that
// has one), each with only its granted operations.
import type { Conn } from '../../db/connection.ts';
import { all } from '../../resources/statements.ts';

export interface MenuOperation {
  operationId: string;
  operationName: string;
  route: string | null;
  jsPath: string | null;
  moduleName: string | null;
  sideMenu: boolean;
}

export interface MenuItem {
  menuKey: string;
  menuType: string | null;
  title: string;
  url: string | null;
  icon: string | null;
  target: string | null;
  moduleId: string | null;
  level: number;
  operationList: MenuOperation[];
  children: MenuItem[];
}

export async function menuTree(conn: Conn, granted: ReadonlySet<string>): Promise<MenuItem[]> {
  const menus = await all<Record<string, any>>(conn, 'SELECT * FROM menus ORDER BY level, sort');
  const ops = await all<Record<string, any>>(conn, 'SELECT * FROM operations ORDER BY sort');
  const byKey = new Map<string, MenuItem>();
  for (const m of menus) {
    byKey.set(m.menu_key, {
      menuKey: m.menu_key, menuType: m.menu_type, title: m.title, url: m.url, icon: m.icon,
      target: m.target, moduleId: m.module_id, level: m.level, operationList: [], children: [],
    });
  }
  for (const op of ops) {
    if (!granted.has(op.operation_id)) continue;
    byKey.get(op.menu_key)?.operationList.push({
      operationId: op.operation_id, operationName: op.operation_name, route: op.route,
      jsPath: op.js_path, moduleName: op.module_name, sideMenu: op.side_menu === 1,
    });
  }
  const roots: MenuItem[] = [];
  for (const m of menus) {
    const item = byKey.get(m.menu_key)!;
    if (m.parent_key) byKey.get(m.parent_key)?.children.push(item);
    else roots.push(item);
  }
  const prune = (items: MenuItem[]): MenuItem[] =>
    items
      .map((i) => ({ ...i, children: prune(i.children) }))
      .filter((i) => i.operationList.length > 0 || i.children.length > 0);
  return prune(roots);
}

export function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [{ ...i, children: [] }, ...flatten(i.children)]);
}
