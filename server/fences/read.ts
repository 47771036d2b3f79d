// Fence lists and the one-fence read of the electronic/* calls. Lists hold live fences only; the
// one-fence read also answers a deleted fence (isDelete 1), because waybill routes still point
// at it and the console must say why it cannot be edited.
import type { SessionUser } from '../http/context.ts';
import { failure } from '../http/envelope.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { all, one, type Conn } from '../resources/statements.ts';
import { fenceReadScope } from './scope.ts';
import { AREA_COLUMNS, AREA_FROM, fenceView, type AreaRow } from './view.ts';
import { likePattern } from '../resources/like.ts';

/** Spec section 9: filter lists are read 2000 at a time. */
export const FENCE_LIST_MAX = 2000;
export const FENCE_PAGE_DEFAULT = 20;

export interface FenceFilter {
  curPage?: number;
  pageSize?: number;
  areaName?: string;
  areaCode?: string;
  typeId?: number;
  customerId?: number;
  areaIds?: number[];
}

function whereOf(user: SessionUser, f: FenceFilter) {
  const scope = fenceReadScope(user);
  const sql = [scope.sql, 'a.is_deleted = 0'];
  const params = [...scope.params];
  // LIKE with an escape: '%' and '_' typed by a user are plain characters.
  if (f.areaName?.trim()) (sql.push("a.area_name LIKE ? ESCAPE '\\'"), params.push(likePattern(f.areaName.trim())));
  if (f.areaCode?.trim()) (sql.push("a.area_code LIKE ? ESCAPE '\\'"), params.push(likePattern(f.areaCode.trim())));
  if (f.typeId !== undefined) (sql.push('a.type_id = ?'), params.push(f.typeId));
  if (f.customerId !== undefined) (sql.push('a.customer_id = ?'), params.push(f.customerId));
  if (f.areaIds?.length) (sql.push(`a.id IN (${f.areaIds.map(() => '?').join(',')})`), params.push(...f.areaIds));
  return { sql: sql.join(' AND '), params };
}

/** One page of fences, newest edits first, with the total. */
export async function listFences(conn: Conn, user: SessionUser, f: FenceFilter) {
  const where = whereOf(user, f);
  const curPage = f.curPage ?? 1;
  const pageSize = f.pageSize ?? FENCE_PAGE_DEFAULT;
  const totalRecords = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM areas a WHERE ${where.sql}`, ...where.params))!.n;
  const rows = await all<AreaRow>(conn, `SELECT ${AREA_COLUMNS} FROM ${AREA_FROM} WHERE ${where.sql} ORDER BY a.updated_at DESC, a.id DESC LIMIT ? OFFSET ?`,
    ...where.params, pageSize, (curPage - 1) * pageSize);
  return { data: rows.map(fenceView), totalRecords, curPage, pageSize };
}

/** Every matching fence up to FENCE_LIST_MAX, by name (the map's label layer). */
export async function fenceLabels(conn: Conn, user: SessionUser, f: FenceFilter) {
  const where = whereOf(user, f);
  return (await all<AreaRow>(conn, `SELECT ${AREA_COLUMNS} FROM ${AREA_FROM} WHERE ${where.sql} ORDER BY a.area_name, a.id LIMIT ?`, ...where.params, FENCE_LIST_MAX))
    .map(fenceView);
}

export function findFence(conn: Conn, user: SessionUser, areaId: number): Promise<AreaRow | undefined> {
  const scope = fenceReadScope(user);
  return one<AreaRow>(conn, `SELECT ${AREA_COLUMNS} FROM ${AREA_FROM} WHERE ${scope.sql} AND a.id = ?`, ...scope.params, areaId);
}

export async function fenceDetail(conn: Conn, user: SessionUser, areaId: number) {
  const row = await findFence(conn, user, areaId);
  if (!row) throw failure(NOT_FOUND);
  return fenceView(row);
}
