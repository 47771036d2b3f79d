// The fences of a line's stops as the line shows them (names and centres), read once the line itself
// was found in the user's scope: the line gives the right to see its stops.
import type { SessionUser } from '../../http/context.ts';
import { invalid } from '../../http/envelope.ts';
import { fenceReadScope } from '../../fences/scope.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { AREA_COLUMNS, AREA_FROM, type AreaRow } from '../../fences/view.ts';

/** The fences of the ids (of the corporation, when given), by id; a deleted one too (isDeleted says so). */
export async function areasById(conn: Conn, corpId: number | null, ids: readonly number[]): Promise<Map<number, AreaRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const corp = corpId === null ? '' : 'a.corp_id = ? AND ';
  const rows = await all<AreaRow>(conn, `SELECT ${AREA_COLUMNS} FROM ${AREA_FROM} WHERE ${corp}a.id IN (${unique.map(() => '?').join(', ')})`,
    ...(corpId === null ? [] : [corpId]), ...unique);
  return new Map(rows.map((r) => [r.areaId, r]));
}

/** Every stop's fence is a live fence the user may see (a saved line never points elsewhere). */
export async function checkStopAreas(conn: Conn, user: SessionUser, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const scope = fenceReadScope(user);
  const found = await all<{ areaId: number }>(conn, `SELECT a.id AS "areaId" FROM areas a WHERE ${scope.sql} AND a.is_deleted = 0 AND a.id IN (${unique.map(() => '?').join(', ')})`,
    ...scope.params, ...unique);
  if (found.length !== unique.length) throw invalid('线路站点：电子围栏不存在或无权访问', { field: 'stops' });
}
