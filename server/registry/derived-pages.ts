// The pages of a plain entity, derived from its resource file: a resource that says
// `"pages": {"folder": "base"}` gets <folder>/<id>-list, -add, -update, -detail and -history (the last
// only with history) without a page file. A page file of the same id replaces the derived page
// whole, so a file is written only to change something (docs/configurator.md "Pages from the
// resource"). What each page holds follows the resource: every writable field in declared order, a
// reference shown by its label, a dictionary field by its labels, the declared searches and sorts.
// Operation ids: adding, changing and deleting are the resource's own permissions; opening the
// detail and the history is the menu operation that opens that page (its jsPath), else the naming
// every menu here follows (<id>Detail3, <id>Record3).
import type { Action, Column, Condition, FieldSchema, PageFile, ResourceFile } from './types.ts';

/** The writable fields and the read-only columns (a calibration's result, say) a page may show, with their titles. */
const shownSchemas = (resource: ResourceFile): Record<string, FieldSchema> => ({ ...resource.readOnlyFields, ...resource.schema.properties });

export interface DerivedPagesOption {
  /** Folder of the page ids (`base` gives base/<id>-list). */
  folder: string;
  /** The entity's name in titles (新增<name>, <name>详情); the resource's title by default. */
  name?: string;
  /** The list's columns, in this order; every field by default. */
  listFields?: string[];
  /** The menu key of the module whose menu gets this entity's entry (derived-menus.ts). */
  module?: string;
  /** A rule's preview call: the add and update forms offer 预览近30天 through it (form.preview). */
  preview?: string;
}

type MenuOperation = { operationId?: string; jsPath?: string };
type MenuNode = { operations?: MenuOperation[]; children?: MenuNode[] };

const UPDATED = { field: 'updatedAtStr', title: '更新时间' };
const TIME_TITLES: Record<string, string> = { updatedAt: '更新时间', createdAt: '创建时间' };

/** Operation ids of the menu operations that open a page, by page id. */
export function operationsByPage(menus: readonly MenuNode[]): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (nodes: readonly MenuNode[] | undefined) => {
    for (const node of nodes ?? []) {
      for (const op of node.operations ?? []) if (op.jsPath && op.operationId && !found.has(op.jsPath)) found.set(op.jsPath, op.operationId);
      walk(node.children);
    }
  };
  walk(menus);
  return found;
}

/**
 * The field a list or detail shows for a property: a reference by its label (`carrierId` →
 * `carrierName`), a time by its Asia/Shanghai text (`validFrom` → `validFromStr`), a rule's conditions in
 * words (`conditions` → `conditionsText`).
 */
function shownField(resource: ResourceFile, field: string): string {
  if (resource.references?.[field]) return `${field.replace(/Id$/, '')}Name`;
  // A rule's conditions read as a sentence its hooks write (server/domain/rules/describe.ts).
  if (shownSchemas(resource)[field]?.['x-conditions']) return `${field}Text`;
  // A check rule's questions likewise (server/domain/rules/check-questions.ts).
  if (shownSchemas(resource)[field]?.['x-check-questions']) return `${field}Text`;
  // A fixed line's stops likewise (server/domain/fixed-lines/hooks.ts).
  if (shownSchemas(resource)[field]?.['x-line-stops']) return `${field}Text`;
  return shownSchemas(resource)[field]?.['x-time'] ? `${field}Str` : field;
}

function column(resource: ResourceFile, field: string, schema: FieldSchema): Column {
  const col: Column = { field: shownField(resource, field), title: schema.title };
  const dictionary = schema['x-dictionary'];
  if (typeof dictionary === 'string') col.dictionary = dictionary;
  if (resource.sort?.includes(field) && !resource.references?.[field]) col.sortable = true;
  return col;
}

function condition(resource: ResourceFile, field: string, operator: string): Condition {
  const schema = shownSchemas(resource)[field];
  const label = schema?.title ?? TIME_TITLES[field] ?? field;
  if (operator === 'range') return { field, label, widget: 'dateRange' };
  if (operator === 'like') return { field, label, widget: 'text' };
  const dictionary = schema?.['x-dictionary'];
  if (typeof dictionary === 'string') return { field, label, widget: 'select', dictionary };
  // A reference's options are its resource's own list, shown by the reference's label (the page tells the console).
  if (resource.references?.[field]) return { field, label, widget: 'select' };
  return { field, label, widget: 'text' };
}

export function derivedPages(resource: ResourceFile, option: DerivedPagesOption, operations: ReadonlyMap<string, string>): PageFile[] {
  const { id } = resource;
  const name = option.name ?? resource.title;
  const page = (suffix: string) => `${option.folder}/${id}-${suffix}`;
  const op = (suffix: string, conventional: string) => operations.get(page(suffix)) ?? conventional;
  const { save, update, delete: remove } = resource.permissions;
  const properties = Object.entries(resource.schema.properties);
  const fields = properties.map(([field]) => field);
  const api = (verb: string, method = 'POST') => ({ method, path: `/res/${id}/${verb}` });

  const listFields = option.listFields ?? fields;
  const columns: Column[] = listFields.map((field, i) => {
    const col = column(resource, field, shownSchemas(resource)[field]);
    return i === 0 ? { ...col, fixed: 'left', disabled: true, width: 140 } : col;
  });
  columns.push({ ...UPDATED, sortable: false, width: 170 });

  const actions: Action[] = [
    { id: 'add', label: '新增', placement: 'toolbar', operationId: save[0], page: page('add') },
    // Importing adds records: the add right opens it (the server also asks for importCenter3, and the change right to update duplicates).
    { id: 'import', label: '导入', placement: 'toolbar', operationId: save[0], import: id },
    { id: 'delete', label: '删除', placement: 'batch', operationId: remove[0], confirm: `确定删除选中的${name}吗？`, call: api('batchDelete') },
    { id: 'detail', label: '详情', placement: 'row', operationId: op('detail', `${id}Detail3`), page: page('detail') },
    { id: 'update', label: '修改', placement: 'row', operationId: update[0], page: page('update') },
  ];
  if (resource.history) actions.push({ id: 'record', label: '修改记录', placement: 'row', operationId: op('history', `${id}Record3`), page: page('history') });

  const form = { fields, columns: 2, ...(option.preview ? { preview: { path: option.preview } } : {}) };
  const pages: PageFile[] = [
    {
      id: page('list'), title: `${name}管理`, kind: 'list', resource: id, columns,
      // `id` is searchable for pickers that know a record by its id (a reference's label), never a condition a user types.
      search: Object.entries(resource.search ?? {}).filter(([field]) => field !== 'id').map(([field, operator]) => condition(resource, field, operator)),
      actions,
    },
    { id: page('add'), title: `新增${name}`, kind: 'form', resource: id, form, api: { submit: api('save') } },
    { id: page('update'), extends: page('add'), title: `修改${name}`, form, api: { before: api('detail', 'GET'), submit: api('update') } },
    {
      id: page('detail'), title: `${name}详情`, kind: 'detail', resource: id,
      // The read-only columns follow the writable fields: what the server works out is shown, never typed.
      sections: [{ title: '基本信息', fields: [...fields, ...Object.keys(resource.readOnlyFields ?? {})].map((field) => shownField(resource, field)).concat(UPDATED.field) }],
      api: { detail: api('detail', 'GET') },
    },
  ];
  if (resource.history) {
    pages.push({ id: page('history'), title: `${name}修改记录`, kind: 'history', resource: id, api: { history: api('history'), detail: api('detail', 'GET') } });
  }
  return pages;
}
