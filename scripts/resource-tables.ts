// The drizzle declarations of the resources that have no hand-written table (scripts/gen-tables.ts
// writes them to server/db/schema-resources.ts; tests/resource-tables.test.ts fails when that file
// or the migrations are stale). A resource's table is its id and corporation, a column per field
// (snake_case), the audit columns every business table has, a unique index per declared unique key
// among live rows, and an index per reference and per searched equality field (each after the
// corporation and the soft-delete flag, as the list filters), and one for the default sort.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { columnOf } from '../server/resources/naming.ts';
import type { FieldSchema, Registry, ResourceFile } from '../server/registry/types.ts';

const DB_DIR = join(import.meta.dirname, '..', 'server', 'db');
export const GENERATED_MODULE = 'schema-resources';
export const GENERATED_FILE = join(DB_DIR, `${GENERATED_MODULE}.ts`);

/** Tables declared by hand in server/db/schema*.ts, by table name: the module and the exported name. */
export async function handWrittenTables(): Promise<Map<string, { module: string; name: string }>> {
  const found = new Map<string, { module: string; name: string }>();
  const modules = readdirSync(DB_DIR).filter((f) => /^schema.*\.ts$/.test(f) && f !== `${GENERATED_MODULE}.ts`).sort();
  for (const file of modules) {
    const exports = (await import(join(DB_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof SQLiteTable) found.set(getTableConfig(value).name, { module: file.replace(/\.ts$/, ''), name });
    }
  }
  return found;
}

const camel = (table: string) => table.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function columnType(field: FieldSchema): 'text' | 'integer' | 'real' {
  const type = Array.isArray(field.type) ? field.type.find((t) => t !== 'null') : field.type;
  if (type === 'integer' || type === 'boolean') return 'integer';
  // Money is integer fen (x-money); any other number is a measure (weight, volume, distance).
  if (type === 'number') return field['x-money'] ? 'integer' : 'real';
  return 'text';
}

/** The drizzle declaration of one resource's table, as source text. */
export function tableSource(resource: ResourceFile, tableName: (resourceId: string) => string): string {
  const name = camel(resource.table);
  const required = new Set(resource.schema.required ?? []);
  const lines = [`  id: integer('id').primaryKey(),`, `  corpId: integer('corp_id').notNull().references(() => corporations.id),`];
  for (const [field, schema] of Object.entries(resource.schema.properties)) {
    let col = `${columnType(schema)}('${columnOf(field)}')`;
    if (required.has(field)) col += '.notNull()';
    if (schema.default !== undefined && (typeof schema.default === 'number' || typeof schema.default === 'string')) col += `.default(${JSON.stringify(schema.default)})`;
    const ref = resource.references?.[field];
    if (ref) col += `.references(() => ${tableName(ref.resource)}.id)`;
    lines.push(`  ${field}: ${col},`);
  }
  lines.push('  ...audit,');
  const indexes: string[] = [];
  for (const key of resource.unique ?? []) {
    indexes.push(`uniqueIndex('${resource.table}_${key.map(columnOf).join('_')}').on(t.corpId, ${key.map((k) => `t.${k}`).join(', ')}).where(live)`);
  }
  const indexed = new Set([...Object.keys(resource.references ?? {}), ...Object.entries(resource.search ?? {}).filter(([f, op]) => (op === 'eq' || op === 'in') && f in resource.schema.properties).map(([f]) => f)]);
  for (const field of indexed) indexes.push(`index('${resource.table}_${columnOf(field)}').on(t.corpId, t.isDeleted, t.${field})`);
  indexes.push(`index('${resource.table}_updated').on(t.corpId, t.isDeleted, t.updatedAt)`);
  return `/** ${resource.title} (schemas/resources/${resource.id}.json). */\nexport const ${name} = sqliteTable('${resource.table}', {\n${lines.join('\n')}\n}, (t) => [\n  ${indexes.join(',\n  ')},\n]);\n`;
}

/** The text of server/db/schema-resources.ts for these resources. */
export function generatedTablesSource(registry: Registry, handWritten: ReadonlyMap<string, { module: string; name: string }>): string {
  const tableOf = (id: string) => registry.resources.get(id)!.table;
  const own = [...registry.resources.values()].filter((r) => !handWritten.has(r.table)).sort((a, b) => a.id.localeCompare(b.id));
  // What the generated tables point at among the hand-written ones, by module.
  const imports = new Map<string, Set<string>>([['schema', new Set(['audit', 'corporations', 'live'])]]);
  for (const r of own) {
    for (const ref of Object.values(r.references ?? {})) {
      const target = handWritten.get(tableOf(ref.resource));
      if (!target) continue;
      if (!imports.has(target.module)) imports.set(target.module, new Set());
      imports.get(target.module)!.add(target.name);
    }
  }
  const named = (id: string) => handWritten.get(tableOf(id))?.name ?? camel(tableOf(id));
  const importLines = [...imports].sort(([a], [b]) => a.localeCompare(b)).map(([m, names]) => `import { ${[...names].sort().join(', ')} } from './${m}.ts';`);
  return [
    '// Generated by npm run gen from schemas/resources/*.json (scripts/resource-tables.ts): do not edit.',
    '// The tables of the resources that have no hand-written table; drizzle-kit writes their migrations.',
    "import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';",
    ...importLines,
    '',
    own.map((r) => tableSource(r, named)).join('\n'),
  ].join('\n');
}

