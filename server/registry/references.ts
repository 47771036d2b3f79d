// Checks that files refer only to things that exist: pages to resources, pages they extend and
// dictionaries; menus to pages; actions and resources to declared operation ids.
import { SchemaError, type MenuDef, type PageFile, type Registry } from './types.ts';
import { readableFields, storedFields } from './fields.ts';
import { COMPUTATIONS } from '../resources/computed.ts';
import { menuIndexOf, sourceOf } from './source.ts';
import { checkActionGates } from './action-gates.ts';
import { REF_TARGETS } from './ref-targets.ts';
import { fieldsOfRule } from '../../schemas/keywords/cross-field.ts';

function fail(doc: object, pointer: string, detail: string): never {
  throw new SchemaError(sourceOf.get(doc) ?? '?', pointer, detail);
}

export function allOperations(menus: MenuDef[]) {
  const out = new Map<string, { menu: MenuDef; op: NonNullable<MenuDef['operations']>[number] }>();
  const walk = (items: MenuDef[]) => {
    for (const menu of items) {
      for (const op of menu.operations ?? []) out.set(op.operationId, { menu, op });
      walk(menu.children ?? []);
    }
  };
  walk(menus);
  return out;
}

function checkMenus(reg: Registry) {
  const keys = new Set<string>();
  const ops = new Set<string>();
  const visit = (menu: MenuDef, here: string, owner: object) => {
    if (keys.has(menu.menuKey)) fail(owner, `${here}/menuKey`, `菜单键重复: ${menu.menuKey}`);
    keys.add(menu.menuKey);
    (menu.operations ?? []).forEach((op, j) => {
      if (ops.has(op.operationId)) fail(owner, `${here}/operations/${j}/operationId`, `操作ID重复: ${op.operationId}`);
      ops.add(op.operationId);
      if (op.jsPath && !reg.pages.has(op.jsPath)) fail(owner, `${here}/operations/${j}/jsPath`, `页面不存在: ${op.jsPath}`);
    });
    (menu.children ?? []).forEach((child, i) => visit(child, `${here}/children/${i}`, owner));
  };
  for (const menu of reg.menus) visit(menu, `/menus/${menuIndexOf.get(menu) ?? 0}`, menu);
  return ops;
}

function checkPage(reg: Registry, page: PageFile, ops: Set<string>) {
  const seen = new Set<string>();
  for (let p: PageFile | undefined = page; p?.extends; p = reg.pages.get(p.extends)) {
    if (seen.has(p.id)) fail(page, '/extends', `页面继承形成循环: ${page.id}`);
    seen.add(p.id);
    if (!reg.pages.has(p.extends)) fail(p, '/extends', `继承的页面不存在: ${p.extends}`);
  }
  const resourceId = page.resource;
  if (resourceId && !reg.resources.has(resourceId)) fail(page, '/resource', `资源不存在: ${resourceId}`);
  const fields = resourceId ? readableFields(reg.resources.get(resourceId)!) : undefined;
  const known = (kind: string, list: { field: string }[] | undefined) =>
    list?.forEach((item, i) => {
      if (fields && !(item.field in fields)) fail(page, `/${kind}/${i}/field`, `资源${resourceId}没有字段: ${item.field}`);
      const dict = (item as { dictionary?: string }).dictionary;
      if (dict && !reg.dictionaries.has(dict)) fail(page, `/${kind}/${i}/dictionary`, `字典不存在: ${dict}`);
    });
  known('columns', page.columns);
  known('search', page.search);
  const tree = page.tree as { parent: string; column: string } | undefined;
  if (tree && fields && !(tree.parent in fields)) fail(page, '/tree/parent', `资源${resourceId}没有字段: ${tree.parent}`);
  if (tree && !page.columns?.some((c) => c.field === tree.column)) fail(page, '/tree/column', `列表没有这一列: ${tree.column}`);
  page.actions?.forEach((a, i) => {
    if (a.operationId && !ops.has(a.operationId)) fail(page, `/actions/${i}/operationId`, `操作ID未在菜单中声明: ${a.operationId}`);
    const target = a.page as string | undefined;
    if (target && !reg.pages.has(target)) fail(page, `/actions/${i}/page`, `页面不存在: ${target}`);
    checkActionGates(reg, page, a, i, (pointer, detail) => fail(page, pointer, detail));
  });
  for (const [kind, target] of Object.entries((page.links ?? {}) as Record<string, string>)) {
    if (!reg.pages.has(target)) fail(page, `/links/${kind}`, `页面不存在: ${target}`);
  }
  const form = page.form as { fields: string[] } | undefined;
  form?.fields.forEach((f, i) => {
    const writable = resourceId ? reg.resources.get(resourceId)!.schema.properties : undefined;
    if (writable && !(f in writable)) fail(page, `/form/fields/${i}`, `资源${resourceId}没有可写字段: ${f}`);
  });
}

function checkResources(reg: Registry, ops: Set<string>) {
  for (const res of reg.resources.values()) {
    const stored = storedFields(res);
    for (const [verb, list] of Object.entries(res.permissions)) {
      list.forEach((op, i) => ops.has(op) || fail(res, `/permissions/${verb}/${i}`, `操作ID未在菜单中声明: ${op}`));
    }
    for (const [field, schema] of Object.entries(res.schema.properties)) {
      const dict = schema['x-dictionary'] as string | undefined;
      if (dict && !reg.dictionaries.has(dict)) fail(res, `/schema/properties/${field}/x-dictionary`, `字典不存在: ${dict}`);
      const ref = schema['x-reference'] as { resource?: string } | undefined;
      if (ref && !reg.resources.has(ref.resource ?? '')) fail(res, `/schema/properties/${field}/x-reference`, `资源不存在: ${ref.resource}`);
    }
    for (const field of Object.keys(res.search ?? {})) field in stored || fail(res, `/search/${field}`, `字段不存在: ${field}`);
    res.sort?.forEach((f, i) => f in stored || fail(res, `/sort/${i}`, `字段不存在: ${f}`));
    res.unique?.forEach((key, i) => key.forEach((f, j) => f in stored || fail(res, `/unique/${i}/${j}`, `字段不存在: ${f}`)));
    for (const [field, ref] of Object.entries(res.references ?? {})) {
      if (!(field in stored)) fail(res, `/references/${field}`, `字段不存在: ${field}`);
      if (!reg.resources.has(ref.resource) && !REF_TARGETS[ref.resource]) fail(res, `/references/${field}/resource`, `资源不存在: ${ref.resource}`);
    }
    res.schema['x-checks']?.forEach((rule, i) =>
      fieldsOfRule(rule).forEach((f) => f in res.schema.properties || fail(res, `/schema/x-checks/${i}`, `字段不存在: ${f}`)),
    );
    for (const [field, name] of Object.entries(res.computed ?? {})) {
      if (!res.readOnlyFields?.[field]) fail(res, `/computed/${field}`, `计算字段须在 readOnlyFields 中声明: ${field}`);
      if (!COMPUTATIONS[name]) fail(res, `/computed/${field}`, `计算不存在: ${name}`);
    }
    res.dependents?.forEach((d, i) => reg.resources.has(d.resource) || fail(res, `/dependents/${i}/resource`, `资源不存在: ${d.resource}`));
    res.aliases?.forEach((a, i) =>
      a.alsoAllowedTo?.forEach((op, j) => ops.has(op) || fail(res, `/aliases/${i}/alsoAllowedTo/${j}`, `操作ID未在菜单中声明: ${op}`)),
    );
  }
}

export function checkReferences(reg: Registry) {
  const ops = checkMenus(reg);
  checkResources(reg, ops);
  for (const page of reg.pages.values()) checkPage(reg, page, ops);
  for (const byPage of reg.variants.values()) {
    for (const v of byPage.values()) if (!reg.pages.has(v.page)) fail(v, '/page', `页面不存在: ${v.page}`);
  }
}
