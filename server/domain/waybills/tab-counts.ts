// Waybill counts by status from the tables the triggers keep exact, instead of counting a million
// rows (docs/decisions.md "Waybill tab counts" and "Waybill counts by day"):
// - waybill_status_counts (migrations 0009, 0012) when the filters are only the scope (staff or
//   carrier user), carrierId, businessType and status;
// - waybill_day_counts (0014, 0016) when a creation period comes on top: the period's whole days
//   (Shanghai calendar days, as the console's date ranges are cut) are summed from the table, and
//   the part of a day at either end that the period only partly covers is counted on the waybills
//   through the index waybills_corp_created_status, so the answer stays exact for any bounds.
// Any other filter (number, step, vehicle) or a customer user's scope returns null: count rows.
import type { SessionUser } from '../../http/context.ts';
import { blank, filterWhere, placeholders, type WaybillQuery } from './filters.ts';
import type { Where } from './scope.ts';

const SHANGHAI_OFFSET_MS = 8 * 3600_000; // China has no daylight saving time
const DAY_MS = 86_400_000;

/** The Shanghai day number of an instant: the migration's (created_at + 8 h) / 24 h. */
export const dayOf = (ms: number) => Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS);
/** Midnight in Shanghai that starts a day number. */
export const dayStart = (day: number) => day * DAY_MS - SHANGHAI_OFFSET_MS;

export interface PeriodSplit {
  /** The whole days covered (inclusive); undefined is an open end. */
  firstDay?: number;
  lastDay?: number;
  /** The partly covered days' parts, [from, to] inclusive ms, counted on the waybills. */
  edges: [number, number][];
}

/** Splits [from, to] (inclusive ms, null open) into whole days and partial edges; null when no whole day is covered. */
export function splitPeriod(from: number | null, to: number | null): PeriodSplit | null {
  const firstDay = from === null ? undefined : from === dayStart(dayOf(from)) ? dayOf(from) : dayOf(from) + 1;
  const lastDay = to === null ? undefined : to + 1 === dayStart(dayOf(to + 1)) ? dayOf(to) : dayOf(to) - 1;
  if (firstDay !== undefined && lastDay !== undefined && firstDay > lastDay) return null;
  const edges: [number, number][] = [];
  if (from !== null && firstDay !== undefined && from !== dayStart(firstDay)) edges.push([from, dayStart(firstDay) - 1]);
  if (to !== null && lastDay !== undefined && to !== dayStart(lastDay + 1) - 1) edges.push([dayStart(lastDay + 1), to]);
  return { firstDay, lastDay, edges };
}

/** The conditions on a counts table `alias` (columns corp_id, carrier_id, business_type, status). */
function keyWhere(user: SessionUser, q: WaybillQuery, withStatus: boolean, alias: string): Where {
  const where: Where = { sql: [`${alias}.corp_id = ?`], params: [user.corpId] };
  const add = (sql: string, ...params: unknown[]) => (where.sql.push(sql), where.params.push(...params));
  if (user.userType === 2) add(`${alias}.carrier_id = ?`, user.partnerId ?? -1);
  if (!blank(q.carrierId)) add(`${alias}.carrier_id = ?`, q.carrierId);
  if (!blank(q.businessType)) add(`${alias}.business_type IN (${placeholders(q.businessType!)})`, ...q.businessType!);
  if (withStatus && !blank(q.status)) add(`${alias}.status IN (${placeholders(q.status!)})`, ...q.status!);
  return where;
}

/**
 * `SELECT status, n` (one row per status with waybills) from the maintained tables, or null when
 * the filters need the rows. `withStatus`: the list's total keeps the status filter; tabs do not.
 */
export function maintainedCounts(user: SessionUser, q: WaybillQuery, withStatus: boolean): { sql: string; params: unknown[] } | null {
  if (user.userType === 1 || !blank(q.waybillNo) || !blank(q.step) || !blank(q.vehicleId)) return null;
  const [from = null, to = null] = q.createdAt ?? [];
  if (blank(from) && blank(to)) {
    const where = keyWhere(user, q, withStatus, 's');
    // A status whose waybills all moved on keeps a row of 0: left out, as a GROUP BY would.
    return { sql: `SELECT s.status, sum(s.n) AS n FROM waybill_status_counts s WHERE ${where.sql.join(' AND ')} GROUP BY s.status HAVING sum(s.n) > 0`, params: where.params };
  }
  const split = splitPeriod(blank(from) ? null : from, blank(to) ? null : to);
  if (!split) return null; // within two partial days: the index finds those rows at once
  const days = keyWhere(user, q, withStatus, 'd');
  if (split.firstDay !== undefined) (days.sql.push('d.day >= ?'), days.params.push(split.firstDay));
  if (split.lastDay !== undefined) (days.sql.push('d.day <= ?'), days.params.push(split.lastDay));
  const parts = [`SELECT d.status, d.n FROM waybill_day_counts d WHERE ${days.sql.join(' AND ')}`];
  const params = [...days.params];
  for (const edge of split.edges) {
    const rows = filterWhere(user, { ...q, waybillNo: undefined, createdAt: edge }, withStatus);
    // '+w.status': group the few matches in a temporary tree (see countsSql in query.ts).
    parts.push(`SELECT w.status, count(*) AS n FROM waybills w WHERE ${rows.sql.join(' AND ')} GROUP BY +w.status`);
    params.push(...rows.params);
  }
  return { sql: `SELECT status, sum(n) AS n FROM (${parts.join(' UNION ALL ')}) GROUP BY status HAVING sum(n) > 0`, params };
}
