// The menu/operation tree of role permission settings as pure functions: which operations a menu
// covers, whether it reads as ticked, partly ticked or not, and what ticking it changes.
export interface PermissionOperation {
  operationId: string;
  operationName: string;
}

export interface PermissionMenu {
  menuKey: string;
  title: string;
  operationList?: PermissionOperation[] | null;
  children?: PermissionMenu[] | null;
}

/** Every operation id in the menu and its descendants, each once, in tree order. */
export function operationsUnder(menus: readonly PermissionMenu[]): string[] {
  const ids = new Set<string>();
  const walk = (items: readonly PermissionMenu[]) => {
    for (const m of items) {
      for (const op of m.operationList ?? []) ids.add(op.operationId);
      walk(m.children ?? []);
    }
  };
  walk(menus);
  return [...ids];
}

export type TickState = boolean | 'mixed';

export function tickState(ids: readonly string[], checked: ReadonlySet<string>): TickState {
  const on = ids.filter((id) => checked.has(id)).length;
  return on === 0 ? false : on === ids.length ? true : 'mixed';
}

export function setTicked(checked: ReadonlySet<string>, ids: readonly string[], on: boolean): Set<string> {
  const next = new Set(checked);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * The ids to save: the ticked ones this tree offers, in tree order. The tree holds only what the
 * granting user may grant; grants outside it stay on the server as they are.
 */
export function idsToSave(tree: readonly PermissionMenu[], checked: ReadonlySet<string>): string[] {
  return operationsUnder(tree).filter((id) => checked.has(id));
}
