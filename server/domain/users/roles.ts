// Role permission settings: the operation tree with what a role holds, and saving its grants.
// A user may grant only operations they hold themselves, and may change only a role that grants
// nothing beyond their own rights (rights-guard.ts), so no one raises rights or strips a superior's.
import type { Conn } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { all, one, run, tx } from '../../resources/statements.ts';
import { menuTree, type MenuItem } from '../menus/tree.ts';
import { checkChangeableRole } from './rights-guard.ts';

async function roleOf(conn: Conn, user: SessionUser, roleId: number): Promise<{ id: number; roleName: string }> {
  const role = await one<{ id: number; roleName: string }>(conn, 'SELECT id, role_name AS roleName FROM roles WHERE id = ? AND corp_id = ? AND is_deleted = 0', roleId, user.corpId);
  if (!role) throw failure('记录不存在或无权访问');
  return role;
}

export async function roleOperationTree(conn: Conn, user: SessionUser, roleId: number) {
  const { roleName } = await roleOf(conn, user, roleId);
  const held = await all<{ id: string }>(conn, 'SELECT operation_id AS id FROM role_operations WHERE role_id = ?', roleId);
  const mark = (items: MenuItem[]): unknown[] =>
    items.map((m) => ({ ...m, children: mark(m.children) }));
  // The page names the role it edits (角色权限：调度员).
  return { roleName, checked: held.map((h) => h.id), tree: mark(await menuTree(conn, user.operationIds)) };
}

export async function saveRoleOperations(conn: Conn, user: SessionUser, roleId: number, operationIds: string[]): Promise<void> {
  await roleOf(conn, user, roleId);
  const unknown = operationIds.find((id) => !user.operationIds.has(id));
  if (unknown) throw invalid(`操作权限：不能授予自己没有的权限 ${unknown}`, { field: 'operationIds' });
  await tx(conn, async () => {
    await checkChangeableRole(conn, user, roleId);
    // The role grants nothing beyond the actor's rights (checked above), so its grants are replaced whole.
    await run(conn, 'DELETE FROM role_operations WHERE role_id = ?', roleId);
    for (const id of new Set(operationIds)) await run(conn, 'INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', user.corpId, roleId, id);
    await run(conn, 'UPDATE roles SET version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?', Date.now(), user.userId, roleId);
  });
}

export async function organizationTree(conn: Conn, user: SessionUser) {
  if (user.userType !== 0) return [];
  const rows = await all<{ id: number; parentId: number | null; orgName: string; orgCode: string }>(
    conn,
    'SELECT id, parent_id AS parentId, org_name AS orgName, org_code AS orgCode FROM departments WHERE corp_id = ? AND is_deleted = 0 ORDER BY org_code',
    user.corpId,
  );
  type Node = (typeof rows)[number] & { children: Node[] };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) (n.parentId && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
  return roots;
}
