// Loads the menu files into the menus and operations tables at start, so roles can be granted
// operations by id. Operations that disappeared from the files lose their grants. A new operation
// (a new report file's, say) goes to each corporation's administrator roles: nobody else could grant
// it, since a user grants only what they hold (rights-guard.ts).
import { all, run, tx, type Conn } from '../../resources/statements.ts';
import type { MenuDef } from '../../registry/types.ts';

/** The operation that lets a role set other roles' permissions (角色权限设置). */
export const ROLE_PERMISSION_OP = 'rolePermission3';

/**
 * A corporation's administrator roles: those holding every operation, and, so that one unticked box
 * does not cut an administrator off from every later operation, the roles that may set permissions
 * and hold the most operations of the corporation.
 */
async function administratorRoles(conn: Conn, known: number): Promise<{ roleId: number; corpId: number }[]> {
  if (known === 0) return [];
  return all<{ roleId: number; corpId: number }>(
    conn,
    `WITH held AS (
         SELECT ro.role_id AS roleId, ro.corp_id AS corpId, count(DISTINCT ro.operation_id) AS n,
                max(CASE WHEN ro.operation_id = ? THEN 1 ELSE 0 END) AS managesRoles
           FROM role_operations ro JOIN roles r ON r.id = ro.role_id AND r.is_deleted = 0
          GROUP BY ro.role_id, ro.corp_id)
       SELECT roleId, corpId FROM held h
        WHERE n >= ?
           OR (managesRoles = 1 AND n = (SELECT max(n) FROM held o WHERE o.corpId = h.corpId AND o.managesRoles = 1))`,
    ROLE_PERMISSION_OP, known,
  );
}

export async function syncMenus(conn: Conn, menus: MenuDef[]): Promise<void> {
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
  // Instances starting together on one PostgreSQL sync one after the other, each seeing the last one's work.
  await tx(conn, async () => {
    const ids = opRows.map((r) => r[0] as string);
    const before = new Set((await all<{ id: string }>(conn, 'SELECT operation_id AS id FROM operations')).map((r) => r.id));
    const admins = await administratorRoles(conn, before.size);
    const keep = `(${ids.map(() => '?').join(',')})`;
    await run(conn, `DELETE FROM role_operations WHERE operation_id NOT IN ${keep}`, ...ids);
    await run(conn, `DELETE FROM operations WHERE operation_id NOT IN ${keep}`, ...ids);
    await run(conn, 'DELETE FROM menus');
    for (const r of menuRows) {
      await run(conn, 'INSERT INTO menus (menu_key, parent_key, title, url, icon, target, menu_type, module_id, level, sort) VALUES (?,?,?,?,?,?,?,?,?,?)', ...r);
    }
    for (const r of opRows) {
      await run(
        conn,
        `INSERT INTO operations (operation_id, menu_key, operation_name, route, js_path, module_name, side_menu, sort) VALUES (?,?,?,?,?,?,?,?)
       ON CONFLICT(operation_id) DO UPDATE SET menu_key = excluded.menu_key, operation_name = excluded.operation_name,
         route = excluded.route, js_path = excluded.js_path, module_name = excluded.module_name,
         side_menu = excluded.side_menu, sort = excluded.sort`,
        ...r,
      );
    }
    for (const id of ids.filter((op) => !before.has(op))) {
      for (const r of admins) await run(conn, 'INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', r.corpId, r.roleId, id);
    }
  }, { exclusive: { lock: 'menus' } });
}
