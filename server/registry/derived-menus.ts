// The menu entry of a plain entity, derived from its resource file: `"pages": {"folder": "base",
// "module": "baseData"}` puts a <title>管理 entry under that module's menu, with the operations that
// open the derived pages (list, add, update, detail, history) and the delete operation. Operation ids
// are the resource's own permissions for listing, adding, changing and deleting, and <id>Detail3 /
// <id>Record3 for the detail and the history, as every hand-written entry here names them. A menu
// file's entry with the same key replaces the derived one, as a page file replaces a derived page.
import type { MenuDef as MenuNode, OperationDef as MenuOperation, ResourceFile } from './types.ts';

function find(nodes: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.menuKey === key) return node;
    const inside = find(node.children ?? [], key);
    if (inside) return inside;
  }
  return undefined;
}

/** The entry a resource's `pages.module` asks for; undefined without one. */
export function derivedMenu(resource: ResourceFile): MenuNode | undefined {
  const option = resource.pages;
  if (!option?.module) return undefined;
  const { id } = resource;
  const name = option.name ?? resource.title;
  const moduleName = option.module;
  const page = (suffix: string) => `${option.folder}/${id}-${suffix}`;
  const { list, save, update, delete: remove } = resource.permissions;
  const operations: MenuOperation[] = [
    { operationId: list[0], operationName: `${name}管理`, route: `/${id}`, jsPath: page('list'), moduleName, sideMenu: true },
    { operationId: save[0], operationName: `新增${name}`, route: `/${id}/add`, jsPath: page('add'), moduleName },
    { operationId: update[0], operationName: `修改${name}`, route: `/${id}/update`, jsPath: page('update'), moduleName },
    { operationId: `${id}Detail3`, operationName: `${name}详情`, route: `/${id}/details`, jsPath: page('detail'), moduleName },
  ];
  if (resource.history) operations.push({ operationId: `${id}Record3`, operationName: `${name}修改记录`, route: `/${id}/updateRecord`, jsPath: page('history'), moduleName });
  operations.push({ operationId: remove[0], operationName: `删除${name}` });
  return { menuKey: id, title: `${name}管理`, url: `/${id}`, operations };
}

/**
 * Adds the derived entries to their modules, in resource order after the written ones. Returns the
 * resources whose module is not a menu key, for the loader to report.
 */
export function addDerivedMenus(menus: MenuNode[], resources: Iterable<ResourceFile>): ResourceFile[] {
  const unplaced: ResourceFile[] = [];
  for (const resource of resources) {
    const entry = derivedMenu(resource);
    if (!entry || find(menus, entry.menuKey)) continue;
    const parent = find(menus, resource.pages!.module!);
    if (!parent) {
      unplaced.push(resource);
      continue;
    }
    (parent.children ??= []).push(entry);
  }
  return unplaced;
}
