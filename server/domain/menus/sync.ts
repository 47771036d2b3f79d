// Loads the menu files into the menus and operations tables at start, so roles can be granted
// operations by id. Operations that disappeared from the files lose their grants. A new operation
// goes to the roles that held every operation before it came (a corporation's full administrators):
// nobody else could grant it, since a user grants only what they hold (rights-guard.ts).
import type Database from 'better-sqlite3';
import type { MenuDef } from '../../registry/types.ts';

export function syncMenus(sqlite: Database.Database, menus: MenuDef[]) {
  const menuRows: unknown[][] = [];
  const opRows: unknown[][] = [];
  const walk = (items: MenuDef[], parent: string | null, level: number) =>
    items.forEach((m, i) => {
      menuRows.push([m.menuKey, parent, m.title, m.url ?? null, m.icon ?? null, m.target ?? null, m.menuType ?? 'react', m.moduleId ?? null, level, i]);
      (m.operations ?? []).forEach((op, j) =>
        opRows.push([op.operationId, m.menuKey, op.operationName, op.route ?? null, op.jsPath ?? null, op.moduleName ?? null, op.sideMenu ? 1 : 0, j]),
      );
      walk(m.children ?? [], m.menuKey, level + 1);
    });
  walk(menus, null, 1);
  sqlite.transaction(() => {
    const ids = opRows.map((r) => r[0] as string);
    const before = new Set((sqlite.prepare('SELECT operation_id AS id FROM operations').all() as { id: string }[]).map((r) => r.id));
    const fullRoles = before.size === 0 ? [] : (sqlite
      .prepare('SELECT role_id AS roleId, corp_id AS corpId FROM role_operations GROUP BY role_id, corp_id HAVING count(DISTINCT operation_id) >= ?')
      .all(before.size) as { roleId: number; corpId: number }[]);
    const keep = `(${ids.map(() => '?').join(',')})`;
    sqlite.prepare(`DELETE FROM role_operations WHERE operation_id NOT IN ${keep}`).run(...ids);
    sqlite.prepare(`DELETE FROM operations WHERE operation_id NOT IN ${keep}`).run(...ids);
    sqlite.prepare('DELETE FROM menus').run();
    const insMenu = sqlite.prepare(
      'INSERT INTO menus (menu_key, parent_key, title, url, icon, target, menu_type, module_id, level, sort) VALUES (?,?,?,?,?,?,?,?,?,?)',
    );
    for (const r of menuRows) insMenu.run(...r);
    const upsertOp = sqlite.prepare(
      `INSERT INTO operations (operation_id, menu_key, operation_name, route, js_path, module_name, side_menu, sort) VALUES (?,?,?,?,?,?,?,?)
       ON CONFLICT(operation_id) DO UPDATE SET menu_key = excluded.menu_key, operation_name = excluded.operation_name,
         route = excluded.route, js_path = excluded.js_path, module_name = excluded.module_name,
         side_menu = excluded.side_menu, sort = excluded.sort`,
    );
    for (const r of opRows) upsertOp.run(...r);
    const grant = sqlite.prepare('INSERT OR IGNORE INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?)');
    for (const id of ids.filter((op) => !before.has(op))) for (const r of fullRoles) grant.run(r.corpId, r.roleId, id);
  })();
}
