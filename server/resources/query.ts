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

export function orderBy(res: ResourceFile, req: ListRequest): string {
  const sorts = req.sorts?.length ? req.sorts : res.defaultSort ? [res.defaultSort] : [];
  const parts = sorts.map((s) => `${fieldSql(res, s.field)} ${s.order === 'asc' ? 'ASC' : 'DESC'}`);
  // The id breaks ties so that paging never repeats or skips a row.
  parts.push(`t.id ${sorts[0]?.order === 'asc' ? 'ASC' : 'DESC'}`);
  return parts.join(', ');
}

export function paging(req: ListRequest) {
  const curPage = req.curPage ?? 1;
  const pageSize = req.pageSize ?? DEFAULT_PAGE_SIZE;
  return { curPage, pageSize, offset: (curPage - 1) * pageSize };
}

export function listSql(reg: Registry, res: ResourceFile, user: SessionUser, req: ListRequest) {
  const { columns, joins } = selectList(reg, res);
  const where = filterWhere(res, user, req);
  const { pageSize, offset } = paging(req);
  const from = `FROM ${ident(res.table)} t`;
  const cond = `WHERE ${where.sql.join(' AND ')}`;
  return {
    page: { sql: `SELECT ${columns} ${from} ${joins} ${cond} ORDER BY ${orderBy(res, req)} LIMIT ? OFFSET ?`, params: [...where.params, pageSize, offset] },
    count: { sql: `SELECT count(*) AS n ${from} ${cond}`, params: where.params },
  };
}
