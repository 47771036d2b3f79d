// Builds the list and count SQL of a resource. Identifiers come only from the registry (checked at
// start); every value is a bound parameter. The SQL text depends only on the request's shape, so
// prepared statements are reused across requests.
import type { SessionUser } from '../http/context.ts';
import type { Registry, ResourceFile } from '../registry/types.ts';
import { labelFieldOf, storedFields } from '../registry/fields.ts';
import { columnOf, ident } from './naming.ts';
import { scopeWhere, type Where } from './scope.ts';
import { DEFAULT_PAGE_SIZE } from './input-schemas.ts';
import { likePattern } from './like.ts';
import { REF_TARGETS } from '../registry/ref-targets.ts';
import { orderByKeys, seekAfter, type SortKey } from '../db/keyset.ts';
import type { Dialect } from '../db/port.ts';
import type { Seek } from '../http/route.ts';
import { fieldSql } from './computed.ts';

export interface ListRequest {
  curPage?: number;
  pageSize?: number;
  sorts?: { field: string; order?: 'asc' | 'desc' }[];
  [filter: string]: unknown;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const selects = new WeakMap<ResourceFile, { columns: string; joins: string }>();

/**
 * The select list and joins of a resource; cached per loaded file (a reload brings new objects),
 * except where computed fields depend on the moment (computed.ts).
 */
export function selectList(reg: Registry, res: ResourceFile): { columns: string; joins: string } {
  if (res.computed) return buildSelect(reg, res);
  let cached = selects.get(res);
  if (!cached) selects.set(res, (cached = buildSelect(reg, res)));
  return cached;
}

function buildSelect(reg: Registry, res: ResourceFile): { columns: string; joins: string } {
  const now = Date.now();
  const columns = Object.keys(storedFields(res)).map((f) => `${fieldSql(res, f, 't', now)} AS ${ident(f)}`);
  const joins: string[] = [];
  Object.entries(res.references ?? {}).forEach(([field, ref], i) => {
    if (!ref.label) return;
    const target = reg.resources.get(ref.resource) ?? REF_TARGETS[ref.resource];
    const alias = `r${i}`;
    joins.push(`LEFT JOIN ${ident(target.table)} ${alias} ON ${alias}.id = t.${ident(columnOf(field))}`);
    columns.push(`${alias}.${ident(columnOf(ref.label))} AS ${ident(labelFieldOf(field))}`);
  });
  return { columns: columns.join(', '), joins: joins.join(' ') };
}

export function filterWhere(res: ResourceFile, user: SessionUser, req: ListRequest): Where {
  const where = scopeWhere(res, user);
  for (const [field, op] of Object.entries(res.search ?? {})) {
    const value = req[field];
    if (blank(value)) continue;
    const col = fieldSql(res, field);
    if (op === 'eq') {
      where.sql.push(`${col} = ?`);
      where.params.push(value);
    } else if (op === 'like') {
      where.sql.push(`${col} LIKE ? ESCAPE '\\'`);
      where.params.push(likePattern(String(value)));
    } else if (op === 'in') {
      const list = value as unknown[];
      where.sql.push(`${col} IN (${list.map(() => '?').join(', ')})`);
      where.params.push(...list);
    } else {
      const [from, to] = value as unknown[];
      if (!blank(from)) where.sql.push(`${col} >= ?`), where.params.push(from);
      if (!blank(to)) where.sql.push(`${col} <= ?`), where.params.push(to);
    }
  }
  return where;
}

const sortsOf = (res: ResourceFile, req: ListRequest) => (req.sorts?.length ? req.sorts : res.defaultSort ? [res.defaultSort] : []);
/** Columns every resource table declares NOT NULL besides its required fields (db/schema.ts audit). */
const NEVER_NULL = new Set(['createdAt', 'updatedAt', 'isDeleted', 'version']);

/** As the tables are generated (scripts/resource-tables.ts): required fields and those with a fixed default are NOT NULL. */
function mayBeNull(res: ResourceFile, field: string): boolean {
  if (NEVER_NULL.has(field) || res.schema.required?.includes(field)) return false;
  const fixed = storedFields(res)[field]?.default;
  return typeof fixed !== 'number' && typeof fixed !== 'string';
}

/** The list's order: its sorts (or the file's default), then the id in the first sort's direction. */
export function sortKeys(res: ResourceFile, req: ListRequest): SortKey[] {
  const sorts = sortsOf(res, req);
  const keys = sorts.map((s) => ({ expr: fieldSql(res, s.field), desc: s.order !== 'asc', nullable: mayBeNull(res, s.field) }));
  // The id breaks ties so that paging never repeats or skips a row.
  keys.push({ expr: 't.id', desc: sorts[0]?.order !== 'asc', nullable: false });
  return keys;
}

export const orderBy = (res: ResourceFile, req: ListRequest): string => orderByKeys(sortKeys(res, req));

/** The sort values of a listed row (its fields as selected), in sortKeys' order: where the next seek starts. */
export const sortValues = (res: ResourceFile, req: ListRequest, row: Record<string, unknown>): unknown[] =>
  [...sortsOf(res, req).map((s) => row[s.field]), row.id];

export function paging(req: ListRequest) {
  const curPage = req.curPage ?? 1;
  const pageSize = req.pageSize ?? DEFAULT_PAGE_SIZE;
  return { curPage, pageSize, offset: (curPage - 1) * pageSize };
}

/** The page and count statements; with `seek` (an export), the page is the rows after its sort values, no OFFSET. */
export function listSql(reg: Registry, res: ResourceFile, user: SessionUser, req: ListRequest, seek?: { dialect: Dialect; seek: Seek }) {
  const { columns, joins } = selectList(reg, res);
  const where = filterWhere(res, user, req);
  const { pageSize, offset } = paging(req);
  const from = `FROM ${ident(res.table)} t`;
  const cond = `WHERE ${where.sql.join(' AND ')}`;
  const after = seek?.seek.after ? seekAfter(seek.dialect, sortKeys(res, req), seek.seek.after) : undefined;
  return {
    page: seek
      ? { sql: `SELECT ${columns} ${from} ${joins} ${cond}${after ? ` AND ${after.sql}` : ''} ORDER BY ${orderBy(res, req)} LIMIT ?`, params: [...where.params, ...(after?.params ?? []), pageSize] }
      : { sql: `SELECT ${columns} ${from} ${joins} ${cond} ORDER BY ${orderBy(res, req)} LIMIT ? OFFSET ?`, params: [...where.params, pageSize, offset] },
    count: { sql: `SELECT count(*) AS n ${from} ${cond}`, params: where.params },
  };
}
