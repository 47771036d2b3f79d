// Checks a write must pass besides its JSON Schema: referenced records exist and are visible to
// the user, unique keys stay unique among live rows.
import type { SessionUser } from '../http/context.ts';
import { invalid } from '../http/envelope.ts';
import type { ResourceFile } from '../registry/types.ts';
import { storedFields } from '../registry/fields.ts';
import { columnOf, ident } from './naming.ts';
import { scopeWhere } from './scope.ts';
import type { ResourceEngine } from './engine.ts';
import { one } from './statements.ts';
import { validateOrThrow } from '../http/validate.ts';
import { ConstraintError } from '../db/port.ts';
import { REF_TARGETS } from '../registry/ref-targets.ts';

export async function checkReferences(engine: ResourceEngine, res: ResourceFile, user: SessionUser, record: Record<string, unknown>) {
  const titles = storedFields(res);
  for (const [field, ref] of Object.entries(res.references ?? {})) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    const builtin = REF_TARGETS[ref.resource];
    const target = builtin ?? engine.resource(ref.resource);
    const where = builtin ? builtin.pickable(user) : scopeWhere(engine.resource(ref.resource), user);
    const sql = `SELECT 1 FROM ${ident(target.table)} t WHERE ${where.sql.join(' AND ')} AND t.id = ?`;
    if (!(await one(engine.db, sql, ...where.params, value))) {
      throw invalid(`${titles[field]?.title ?? field}：所选${target.title}不存在`, { field });
    }
  }
}

const crossSchemas = new WeakMap<ResourceFile, object>();

/**
 * The rules between fields (x-checks) over the record as it will be stored: an update's changes
 * over the existing record. Worded and titled by the same validator as the form's own check.
 */
export function checkCrossFields(res: ResourceFile, record: Record<string, unknown>) {
  const rules = res.schema['x-checks'];
  if (!rules) return;
  let schema = crossSchemas.get(res);
  if (!schema) {
    // Titles only: the stored values' own rules were checked when they were written.
    const properties = Object.fromEntries(Object.entries(res.schema.properties).map(([f, s]) => [f, { title: s.title }]));
    schema = { type: 'object', properties, 'x-checks': rules };
    crossSchemas.set(res, schema);
  }
  validateOrThrow(schema, record);
}

export async function checkUnique(engine: ResourceEngine, res: ResourceFile, corpId: number, record: Record<string, unknown>, selfId = 0) {
  const titles = storedFields(res);
  for (const key of res.unique ?? []) {
    if (key.some((f) => record[f] === undefined || record[f] === null)) continue;
    const live = res.softDelete ? ' AND is_deleted = 0' : '';
    const cond = key.map((f) => `${ident(columnOf(f))} = ?`).join(' AND ');
    const sql = `SELECT 1 FROM ${ident(res.table)} WHERE corp_id = ? AND ${cond}${live} AND id <> ? LIMIT 1`;
    if (await one(engine.db, sql, corpId, ...key.map((f) => record[f]), selfId)) {
      const label = key.map((f) => titles[f]?.title ?? f).join('+');
      throw invalid(`${label}已存在`, { field: key[0] });
    }
  }
}

/** The resource fields behind the columns a constraint names. */
function fieldsOfColumns(res: ResourceFile, columns: string[]): string[] {
  const byColumn = new Map(Object.keys(storedFields(res)).map((f) => [columnOf(f), f]));
  return columns.map((c) => byColumn.get(c)).filter((f): f is string => f !== undefined && f !== 'corpId');
}

/**
 * A constraint the checks above could not see (a race, a global key such as users.user_name, a
 * NOT NULL column that an optional field was cleared to) still answers code 100 naming the field.
 */
export async function friendlyConstraint<T>(res: ResourceFile, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof ConstraintError)) throw err;
    const fields = fieldsOfColumns(res, err.columns);
    const label = fields.map((f) => storedFields(res)[f]?.title ?? f).join('+');
    const named = fields[0] ? { field: fields[0] } : null;
    if (err.kind === 'unique') throw invalid(label ? `${label}已存在` : `${res.title}已存在相同的数据`, named);
    if (err.kind === 'notNull') throw invalid(`${label || '必填字段'}不能为空`, named);
    if (err.kind === 'foreignKey') throw invalid('关联的数据不存在');
    throw err;
  }
}
