// Loads every file under schemas/, validates it against its meta-schema, then checks references
// across files. The first problem stops the load with the file, JSON pointer and message (in
// Chinese, naming the allowed values: meta-messages.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { SchemaError, type Registry } from './types.ts';
import { checkReferences } from './references.ts';
import { derivedPages, operationsByPage } from './derived-pages.ts';
import { addDerivedMenus } from './derived-menus.ts';
import { menuIndexOf, sourceOf } from './source.ts';
import { checkReports, placeReport } from '../reports/registry.ts';
import { jsonSyntaxMessage, metaMessage } from './meta-messages.ts';
import { ROOT } from '../paths.ts';

export const SCHEMAS_DIR = join(ROOT, 'schemas');

const KINDS = ['dictionaries', 'resources', 'pages', 'menus', 'variants', 'reports'] as const;
type Kind = (typeof KINDS)[number];
const META: Record<Kind, string> = {
  dictionaries: 'dictionary.schema.json',
  resources: 'resource.schema.json',
  pages: 'page.schema.json',
  menus: 'menu.schema.json',
  variants: 'variant.schema.json',
  reports: 'report.schema.json',
};

function jsonFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return jsonFiles(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

function metaValidators(root: string, allErrors = false): Record<Kind, ValidateFunction> {
  // verbose: an additionalProperties error then carries its schema, so the message can list what is allowed.
  const ajv = new Ajv({ allErrors, strict: false, verbose: true });
  for (const file of jsonFiles(join(root, 'meta'))) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')));
  return Object.fromEntries(KINDS.map((k) => [k, ajv.getSchema(META[k])!])) as Record<Kind, ValidateFunction>;
}

function parse(file: string, rel: string): any {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new SchemaError(rel, '', jsonSyntaxMessage(text, err as Error));
  }
}

/**
 * Collecting every problem, a file that cannot be loaded is still named where others refer to it:
 * a stand-in takes its place, so one mistake is reported once, in its own file, and not again as a
 * missing page, dictionary, resource or operation in every file that names it.
 */
function placeStandIn(registry: Registry, kind: Kind, doc: any, local: string) {
  const name = local.split('/').pop()!;
  switch (kind) {
    case 'pages':
      registry.pages.set(local, { id: local });
      break;
    case 'reports':
      registry.pages.set(`report/${local}`, { id: `report/${local}` });
      break;
    case 'dictionaries':
      registry.dictionaries.set(typeof doc?.dicTypeKey === 'string' ? doc.dicTypeKey : name, { dicTypeKey: name, name, valueType: 'integer', items: [] });
      break;
    case 'resources':
      registry.resources.set(typeof doc?.id === 'string' ? doc.id : name, {
        id: name, title: name, table: '', permissions: { list: [], save: [], update: [], delete: [] }, schema: { type: 'object', properties: {} },
      });
      break;
    case 'menus': {
      // The operation ids the broken menu file declares, found however it is broken.
      const ids = new Set<string>();
      const walk = (v: unknown): void => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') {
          const id = (v as { operationId?: unknown }).operationId;
          if (typeof id === 'string') ids.add(id);
          Object.values(v).forEach(walk);
        }
      };
      walk(doc);
      const menu = { menuKey: `?${local}`, title: local, operations: [...ids].map((operationId) => ({ operationId, operationName: operationId })) };
      menuIndexOf.set(menu, registry.menus.length);
      registry.menus.push(menu);
      break;
    }
  }
}

/**
 * With `problems`, every problem found is collected there instead of stopping at the first
 * (npm run check:schemas): files failing their meta-schema are skipped, report checks all run.
 */
export function loadRegistry(root = SCHEMAS_DIR, problems?: SchemaError[]): Registry {
  const validators = metaValidators(root, Boolean(problems));
  const registry: Registry = { pages: new Map(), resources: new Map(), dictionaries: new Map(), menus: [], variants: new Map(), reports: new Map() };
  for (const kind of KINDS) {
    for (const file of jsonFiles(join(root, kind))) {
      const rel = relative(join(root, '..'), file).split(sep).join('/');
      const local = relative(join(root, kind), file).split(sep).join('/').replace(/\.json$/, '');
      let doc: any;
      try {
        doc = parse(file, rel);
      } catch (err) {
        if (!problems) throw err;
        problems.push(err as SchemaError);
        placeStandIn(registry, kind, undefined, local);
        continue;
      }
      const validate = validators[kind];
      if (!validate(doc)) {
        const errors = validate.errors!.map((e) => {
          const where = e.keyword === 'additionalProperties' ? `${e.instancePath}/${e.params.additionalProperty}` : e.instancePath;
          return new SchemaError(rel, where, metaMessage(e));
        });
        if (!problems) throw errors[0];
        problems.push(...errors);
        placeStandIn(registry, kind, doc, local);
        continue;
      }
      sourceOf.set(doc as object, rel);
      place(registry, kind, doc, rel, local);
    }
  }
  for (const resource of addDerivedMenus(registry.menus, registry.resources.values())) {
    const err = new SchemaError(sourceOf.get(resource)!, '/pages/module', `没有这个菜单: ${resource.pages!.module}`);
    if (!problems) throw err;
    problems.push(err);
  }
  addDerivedPages(registry);
  try {
    checkReferences(registry);
  } catch (err) {
    // Collecting: a file skipped above may leave a reference dangling; report it and go on.
    if (!problems || !(err instanceof SchemaError)) throw err;
    problems.push(err);
  }
  checkReports(registry, problems);
  return registry;
}

/** The pages resources derive (derived-pages.ts), where no page file of the same id was loaded. */
function addDerivedPages(registry: Registry) {
  const operations = operationsByPage(registry.menus as never);
  for (const resource of registry.resources.values()) {
    if (!resource.pages) continue;
    for (const page of derivedPages(resource, resource.pages, operations)) {
      if (registry.pages.has(page.id)) continue;
      // Problems in a derived page are reported in the resource file that made it.
      sourceOf.set(page, sourceOf.get(resource)!);
      registry.pages.set(page.id, page);
    }
  }
}

function place(registry: Registry, kind: Kind, doc: any, rel: string, local: string) {
  const expectKey = (key: string, pointer: string) => {
    if (key !== local.split('/').pop() && key !== local) throw new SchemaError(rel, pointer, `应与文件名一致: ${local}`);
  };
  switch (kind) {
    case 'dictionaries':
      expectKey(doc.dicTypeKey, '/dicTypeKey');
      registry.dictionaries.set(doc.dicTypeKey, doc);
      break;
    case 'resources':
      expectKey(doc.id, '/id');
      registry.resources.set(doc.id, doc);
      break;
    case 'pages':
      if (doc.id !== local) throw new SchemaError(rel, '/id', `页面id应与路径一致: ${local}`);
      registry.pages.set(doc.id, doc);
      break;
    case 'menus':
      doc.menus.forEach((menu: object, i: number) => {
        sourceOf.set(menu, rel);
        menuIndexOf.set(menu, i);
      });
      registry.menus.push(...doc.menus);
      break;
    case 'reports':
      placeReport(registry, doc, rel, local);
      break;
    case 'variants': {
      const [corp] = local.split('/');
      if (!registry.variants.has(corp)) registry.variants.set(corp, new Map());
      registry.variants.get(corp)!.set(doc.page, doc);
      break;
    }
  }
}
