// Role permission settings: the operation tree with what a role holds, and saving its grants.
// A user may grant only operations they hold themselves, and may change only a role that grants
// nothing beyond their own rights (rights-guard.ts), so no one raises rights or strips a superior's.
import type { Db } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { menuTree, type MenuItem } from '../menus/tree.ts';
import { checkChangeableRole } from './rights-guard.ts';

function roleOf(db: Db, user: SessionUser, roleId: number) {
  const role = db.$client.prepare('SELECT id, role_name AS roleName FROM roles WHERE id = ? AND corp_id = ? AND is_deleted = 0').get(roleId, user.corpId) as { id: number; roleName: string } | undefined;
  if (!role) throw failure('记录不存在或无权访问');
  return role;
}

export function roleOperationTree(db: Db, user: SessionUser, roleId: number) {
  const { roleName } = roleOf(db, user, roleId);
  const held = db.$client.prepare('SELECT operation_id AS id FROM role_operations WHERE role_id = ?').all(roleId) as { id: string }[];
  const mark = (items: MenuItem[]): unknown[] =>
    items.map((m) => ({ ...m, children: mark(m.children) }));
  // The page names the role it edits (角色权限：调度员).
  return { roleName, checked: held.map((h) => h.id), tree: mark(menuTree(db, user.operationIds)) };
}

export function saveRoleOperations(db: Db, user: SessionUser, roleId: number, operationIds: string[]) {
  roleOf(db, user, roleId);
  const unknown = operationIds.find((id) => !user.operationIds.has(id));
  if (unknown) throw invalid(`操作权限：不能授予自己没有的权限 ${unknown}`, { field: 'operationIds' });
  db.$client.transaction(() => {
    checkChangeableRole(db, user, roleId);
    // The role grants nothing beyond the actor's rights (checked above), so its grants are replaced whole.
    db.$client.prepare('DELETE FROM role_operations WHERE role_id = ?').run(roleId);
    const add = db.$client.prepare('INSERT OR IGNORE INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?)');
    for (const id of new Set(operationIds)) add.run(user.corpId, roleId, id);
    db.$client.prepare('UPDATE roles SET version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?').run(Date.now(), user.userId, roleId);
  })();
}

export function organizationTree(db: Db, user: SessionUser) {
  if (user.userType !== 0) return [];
  const rows = db.$client
    .prepare('SELECT id, parent_id AS parentId, org_name AS orgName, org_code AS orgCode FROM departments WHERE corp_id = ? AND is_deleted = 0 ORDER BY org_code')
    .all(user.corpId) as { id: number; parentId: number | null; orgName: string; orgCode: string }[];
  type Node = (typeof rows)[number] & { children: Node[] };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) (n.parentId && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
  return roots;
}
