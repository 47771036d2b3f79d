// Waybill counts by status from the tables the triggers keep exact, instead of counting a million
// rows (docs/decisions.md "Waybill tab counts" and "Waybill counts by day"):
// - waybill_status_counts (migrations 0009, 0012) when the filters are only the scope (staff or
//   carrier user), carrierId, businessType and status;
// - waybill_day_counts (0014, 0016) when a creation period comes on top: the period's whole days
//   (Shanghai calendar days, as the console's date ranges are cut) are summed from the table, and
//   a day at either end that the period covers only in part is counted on the waybills through the
//   index waybills_corp_created_status (the part itself, or for most of a day the day's total minus
//   the part left out), so the answer stays exact for any bounds.
// Any other filter (number, step, vehicle) or a customer user's scope returns null: count rows.
import type { SessionUser } from '../../http/context.ts';
import { blank, filterWhere, placeholders, type WaybillQuery } from './filters.ts';
import type { Where } from './scope.ts';
import type { Dialect } from '../../db/port.ts';

const SHANGHAI_OFFSET_MS = 8 * 3600_000; // China has no daylight saving time
const DAY_MS = 86_400_000;

/** The Shanghai day number of an instant: the migration's (created_at + 8 h) / 24 h. */
export const dayOf = (ms: number) => Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS);
/** Midnight in Shanghai that starts a day number. */
export const dayStart = (day: number) => day * DAY_MS - SHANGHAI_OFFSET_MS;

/** A day the period covers only in part: [from, to] inclusive ms within that day. */
export interface PartialDay {
  day: number;
  from: number;
  to: number;
}

export interface PeriodSplit {
  /** The whole days covered (inclusive; none when firstDay > lastDay); undefined is an open end. */
  firstDay?: number;
  lastDay?: number;
  partial: PartialDay[];
}

const dayEnd = (day: number) => dayStart(day + 1) - 1;

/** Splits [from, to] (inclusive ms, null for an open end) into whole days and the days covered in part; null for an empty period. */
export function splitPeriod(from: number | null, to: number | null): PeriodSplit | null {
  if (from !== null && to !== null && from > to) return null;
  const partial: PartialDay[] = [];
  if (from !== null && to !== null && dayOf(from) === dayOf(to)) {
    const day = dayOf(from);
    if (from === dayStart(day) && to === dayEnd(day)) return { firstDay: day, lastDay: day, partial };
    return { firstDay: day + 1, lastDay: day, partial: [{ day, from, to }] };
  }
  let firstDay: number | undefined;
  let lastDay: number | undefined;
  if (from !== null) {
    firstDay = dayOf(from);
    if (from !== dayStart(firstDay)) (partial.push({ day: firstDay, from, to: dayEnd(firstDay) }), (firstDay += 1));
  }
  if (to !== null) {
    lastDay = dayOf(to);
    if (to !== dayEnd(lastDay)) (partial.push({ day: lastDay, from: dayStart(lastDay), to }), (lastDay -= 1));
  }
  return { firstDay, lastDay, partial };
}

/** The parts of a partial day's own day that the period leaves out (none, one or two). */
const complementOf = (p: PartialDay): [number, number][] =>
  ([[dayStart(p.day), p.from - 1], [p.to + 1, dayEnd(p.day)]] as [number, number][]).filter(([a, b]) => a <= b);

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
export function maintainedCounts(dialect: Dialect, user: SessionUser, q: WaybillQuery, withStatus: boolean): { sql: string; params: unknown[] } | null {
  if (user.userType === 1 || !blank(q.waybillNo) || !blank(q.step) || !blank(q.vehicleId)) return null;
  const [from = null, to = null] = q.createdAt ?? [];
  if (blank(from) && blank(to)) {
    const where = keyWhere(user, q, withStatus, 's');
    // A status whose waybills all moved on keeps a row of 0: left out, as a GROUP BY would.
    return { sql: `SELECT s.status, sum(s.n) AS n FROM waybill_status_counts s WHERE ${where.sql.join(' AND ')} GROUP BY s.status HAVING sum(s.n) > 0`, params: where.params };
  }
  const split = splitPeriod(blank(from) ? null : from, blank(to) ? null : to);
  if (!split) return null; // an empty period: the rows say so at once
  const parts: string[] = [];
  const params: unknown[] = [];
  const days = (range: Where) => {
    const where = keyWhere(user, q, withStatus, 'd');
    parts.push(`SELECT d.status, d.n FROM waybill_day_counts d WHERE ${[...where.sql, ...range.sql].join(' AND ')}`);
    params.push(...where.params, ...range.params);
  };
  // '+w.status': group the few matches in a temporary tree (see countsSql in query.ts).
  const rows = (period: [number, number], sign: '' | '-') => {
    const where = filterWhere(dialect, user, { ...q, createdAt: period }, withStatus);
    parts.push(`SELECT +w.status AS status, ${sign}count(*) AS n FROM waybills w WHERE ${where.sql.join(' AND ')} GROUP BY 1`);
    params.push(...where.params);
  };
  const { firstDay, lastDay } = split;
  if (firstDay === undefined || lastDay === undefined || firstDay <= lastDay) {
    const range: Where = { sql: [], params: [] };
    if (firstDay !== undefined) (range.sql.push('d.day >= ?'), range.params.push(firstDay));
    if (lastDay !== undefined) (range.sql.push('d.day <= ?'), range.params.push(lastDay));
    days(range);
  }
  for (const p of split.partial) {
    // Most of a day (a period that ends now, say: the rest of today holds no waybills yet): the
    // day's total minus the rows of the part left out reads fewer rows than counting the part.
    if (2 * (p.to - p.from + 1) > DAY_MS) {
      days({ sql: ['d.day = ?'], params: [p.day] });
      for (const left of complementOf(p)) rows(left, '-');
    } else rows([p.from, p.to], '');
  }
  return { sql: `SELECT status, sum(n) AS n FROM (${parts.join(' UNION ALL ')}) parts GROUP BY status HAVING sum(n) > 0`, params };
}
