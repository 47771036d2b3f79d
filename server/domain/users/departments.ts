// Departments form a tree through 上级部门 (parentId). A department under itself, directly or through
// its own sub-departments, would make a loop: the tree would have no top, and every walk up it (the
// organisation picker, data scopes by department) would never end. Such a change is refused.
import type { Conn } from '../../db/connection.ts';
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { one } from '../../resources/statements.ts';

export const SELF_PARENT_MESSAGE = '上级部门：不能选择部门本身';
export const DESCENDANT_PARENT_MESSAGE = '上级部门：不能选择本部门的下级部门';

/** Refuses `parentId` as the parent of department `id` when it is the department or lies below it. */
export async function checkDepartmentParent(conn: Conn, corpId: number, id: number, parentId: unknown): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  if (parentId === id) throw invalid(SELF_PARENT_MESSAGE, { field: 'parentId' });
  // Walk up from the chosen parent; meeting the department means the parent is one of its descendants.
  // `seen` ends the walk on a loop already in the data rather than spinning.
  const seen = new Set<number>();
  for (let at = parentId as number | null; at !== null && !seen.has(at); ) {
    if (at === id) throw invalid(DESCENDANT_PARENT_MESSAGE, { field: 'parentId' });
    seen.add(at);
    at = (await one<{ parentId: number | null }>(conn, 'SELECT parent_id AS parentId FROM departments WHERE id = ? AND corp_id = ?', at, corpId))?.parentId ?? null;
  }
}

export function departmentHooks(conn: Conn): ResourceHooks {
  return {
    async beforeUpdate({ user }, changes, existing) {
      if ('parentId' in changes) await checkDepartmentParent(conn, user.corpId, existing.id as number, changes.parentId);
    },
  };
}
