// Checks a write must pass besides its JSON Schema: referenced records exist and are visible to
// the user, unique keys stay unique among live rows. Each check is written once, for a batch of
// records (the import's bulk write, bulk-writes.ts); a single save or update is the batch of one.
import type { SessionUser } from '../http/context.ts';
import { invalid, type ApiError } from '../http/envelope.ts';
import type { ResourceFile } from '../registry/types.ts';
import { storedFields } from '../registry/fields.ts';
import { columnOf, ident } from './naming.ts';
import { scopeWhere } from './scope.ts';
import type { ResourceEngine } from './engine.ts';
import { all } from './statements.ts';
import { validateOrThrow } from '../http/validate.ts';
import { ConstraintError } from '../db/port.ts';
import { REF_TARGETS } from '../registry/ref-targets.ts';

type Rec = Record<string, unknown>;

/**
 * The records of a write refused by a check, by their index in the batch, with the error a single
 * write throws. A record refused by an earlier check is passed over by the later ones, so each keeps
 * the first error it would have met written on its own.
 */
export type Refusals = Map<number, ApiError>;

/** The labels of the referenced records, by reference field and then by String(id). */
export type RefLabels = Map<string, Map<string, unknown>>;

/** Values cut into lists of at most `size`, for IN lists below the engine's parameter limit. */
function chunks<T>(values: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

const live = (records: (Rec | undefined)[], refused: Refusals) =>
  records.flatMap((r, i) => (r && !refused.has(i) ? [[i, r] as const] : []));

/**
 * Referenced records must exist and be visible to the user: one query per reference field for the
 * whole batch. Answers the referenced records' labels (for the history) as a side result.
 */
export async function referenceRefusals(engine: ResourceEngine, res: ResourceFile, user: SessionUser, records: (Rec | undefined)[], refused: Refusals): Promise<RefLabels> {
  const titles = storedFields(res);
  const labels: RefLabels = new Map();
  for (const [field, ref] of Object.entries(res.references ?? {})) {
    const pending = live(records, refused).filter(([, r]) => r[field] !== undefined && r[field] !== null);
    if (pending.length === 0) continue;
    const builtin = REF_TARGETS[ref.resource];
    const target = builtin ?? engine.resource(ref.resource);
    const where = builtin ? builtin.pickable(user) : scopeWhere(engine.resource(ref.resource), user);
    const label = ref.label ? `, t.${ident(columnOf(ref.label))} AS label` : '';
    const found = new Map<string, unknown>();
    const ids = [...new Set(pending.map(([, r]) => r[field]))];
    for (const part of chunks(ids, engine.db.maxParams - where.params.length)) {
      const sql = `SELECT t.id AS id${label} FROM ${ident(target.table)} t WHERE ${where.sql.join(' AND ')} AND t.id IN (${part.map(() => '?').join(', ')})`;
      for (const row of await all<{ id: unknown; label?: unknown }>(engine.db, sql, ...where.params, ...part)) found.set(String(row.id), row.label ?? null);
    }
    labels.set(field, found);
    for (const [i, r] of pending) {
      if (!found.has(String(r[field]))) refused.set(i, invalid(`${titles[field]?.title ?? field}：所选${target.title}不存在`, { field }));
    }
  }
  return labels;
}

/**
 * Unique keys stay unique among the corporation's live rows: one query per key for the whole batch
 * finds the values already taken; then, in batch order, a record whose key is taken is refused and
 * one that passes takes its keys, so a later record of the batch with the same key is refused as it
 * would be written after it. `selfId`: the record being updated, which does not clash with itself.
 */
export async function uniqueRefusals(engine: ResourceEngine, res: ResourceFile, corpId: number, records: (Rec | undefined)[], refused: Refusals, selfId = 0) {
  const keys = res.unique ?? [];
  if (keys.length === 0) return;
  const titles = storedFields(res);
  const complete = (key: string[], r: Rec) => key.every((f) => r[f] !== undefined && r[f] !== null);
  // Values compared as text, as the engines compare a bound parameter with the column.
  const keyOf = (key: string[], values: unknown[]) => JSON.stringify(values.map((v) => String(v)));
  const taken = keys.map(() => new Set<string>());
  const softDeleted = res.softDelete ? ' AND is_deleted = 0' : '';
  for (const [k, key] of keys.entries()) {
    const values = [...new Map(live(records, refused).filter(([, r]) => complete(key, r)).map(([, r]) => {
      const v = key.map((f) => r[f]);
      return [keyOf(key, v), v] as const;
    })).values()];
    const columns = key.map((f) => ident(columnOf(f)));
    for (const part of chunks(values, Math.floor((engine.db.maxParams - 2) / key.length))) {
      if (part.length === 0) continue;
      const cond = key.length === 1
        ? `${columns[0]} IN (${part.map(() => '?').join(', ')})`
        : `(${part.map(() => `(${columns.map((c) => `${c} = ?`).join(' AND ')})`).join(' OR ')})`;
      const sql = `SELECT ${columns.map((c, n) => `${c} AS k${n}`).join(', ')} FROM ${ident(res.table)} WHERE corp_id = ? AND ${cond}${softDeleted} AND id <> ?`;
      for (const row of await all<Rec>(engine.db, sql, corpId, ...part.flat(), selfId)) taken[k].add(keyOf(key, key.map((_, n) => row[`k${n}`])));
    }
  }
  for (const [i, r] of live(records, refused)) {
    const clash = keys.findIndex((key, k) => complete(key, r) && taken[k].has(keyOf(key, key.map((f) => r[f]))));
    if (clash >= 0) {
      const key = keys[clash];
      refused.set(i, invalid(`${key.map((f) => titles[f]?.title ?? f).join('+')}已存在`, { field: key[0] }));
      continue;
    }
    keys.forEach((key, k) => complete(key, r) && taken[k].add(keyOf(key, key.map((f) => r[f]))));
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

/** Throws the refusal of the one record a single write checks, if any. */
function throwRefusal(refused: Refusals) {
  const error = refused.get(0);
  if (error) throw error;
}

export async function checkReferences(engine: ResourceEngine, res: ResourceFile, user: SessionUser, record: Rec) {
  const refused: Refusals = new Map();
  await referenceRefusals(engine, res, user, [record], refused);
  throwRefusal(refused);
}

export async function checkUnique(engine: ResourceEngine, res: ResourceFile, corpId: number, record: Rec, selfId = 0) {
  const refused: Refusals = new Map();
  await uniqueRefusals(engine, res, corpId, [record], refused, selfId);
  throwRefusal(refused);
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
