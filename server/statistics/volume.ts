// Volume by business line (statistics/businessVolume) and what each line has on the road
// (statistics/*DeliveringAmount), the lines of lines.ts.
import type { SessionUser } from '../http/context.ts';
import type { Registry } from '../registry/types.ts';
import { all, type Conn } from '../resources/statements.ts';
import { DAY_MS, SHANGHAI_OFFSET_MS, shanghaiDayStart } from '../resources/time.ts';
import { BUSINESS_GROUPS } from '../domain/orders/business-types.ts';
import { LINE_NAMES, lineOf, OTHER_LINE } from './lines.ts';
import { statusCounts } from '../domain/waybills/query.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { WaybillStatus } from '../domain/workflow/waybill-machine.ts';

const dateOf = (dayNo: number) => new Date(dayNo * DAY_MS).toISOString().slice(0, 10);

/**
 * Waybills created per Shanghai day and business line over the last `days` days (today included).
 * Staff and carrier users add up waybill_day_counts (kept by triggers, one row per day, carrier,
 * type and status); a customer user's waybills are counted on the rows of its scope, with the
 * table's own day formula, so both read the same buckets.
 */
export async function businessVolume(conn: Conn, user: SessionUser, now: number, days: number) {
  const lastDay = Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS);
  const firstDay = lastDay - days + 1;
  let rows: { day: number; t: number; n: number }[];
  if (user.userType === 1) {
    const scope = waybillScope(user);
    rows = await all(conn, `SELECT (w.created_at + ${SHANGHAI_OFFSET_MS}) / ${DAY_MS} AS day, w.business_type AS t, count(*) AS n FROM waybills w
      WHERE ${scope.sql.join(' AND ')} AND w.created_at >= ? GROUP BY 1, 2`, ...scope.params, shanghaiDayStart(now) - (days - 1) * DAY_MS);
  } else {
    const carrier = user.userType === 2 ? ' AND d.carrier_id = ?' : '';
    rows = await all(conn, `SELECT d.day, d.business_type AS t, sum(d.n) AS n FROM waybill_day_counts d
      WHERE d.corp_id = ?${carrier} AND d.day >= ? AND d.day <= ? GROUP BY d.day, d.business_type`,
    user.corpId, ...(user.userType === 2 ? [user.partnerId ?? -1] : []), firstDay, lastDay);
  }
  const dates = Array.from({ length: days }, (_, i) => dateOf(firstDay + i));
  const perLine = new Map<string, number[]>();
  for (const r of rows) {
    const n = Number(r.n);
    if (n === 0) continue;
    const line = lineOf(Number(r.t));
    if (!perLine.has(line)) perLine.set(line, new Array(days).fill(0));
    perLine.get(line)![Number(r.day) - firstDay] += n;
  }
  // Lines in a fixed order (the groups', then 其他), only those with waybills in the period.
  const order = [...Object.keys(BUSINESS_GROUPS), OTHER_LINE];
  const lines = order.filter((l) => perLine.has(l)).map((l) => {
    const counts = perLine.get(l)!;
    return { businessLine: l, businessLineName: LINE_NAMES[l], counts, total: counts.reduce((a, b) => a + b, 0) };
  });
  return { days, dates, lines, total: lines.reduce((s, l) => s + l.total, 0) };
}

/** The delivering-amount endpoints: path name → business line. */
export const DELIVERING_LINES: Record<string, string> = {
  feedDeliveringAmount: 'finishProduct',
  materialDeliveringAmount: 'rawMaterial',
  poultryDeliveringAmount: 'yqmj',
  chickDeliveringAmount: 'yqChicks',
  daHuaNongDeliveringAmount: 'DHN',
  jiaRunDeliveringAmount: 'JR',
};

/** The statuses of a waybill on its way: not yet moving, then moving. */
const OPEN_STATUSES = [WaybillStatus.AWAITING_VEHICLE, WaybillStatus.AWAITING_DRIVER, WaybillStatus.AWAITING_TRANSPORT, WaybillStatus.IN_TRANSIT] as number[];

/**
 * A line's open waybills by status (待派车 … 运输中), the line's waybill list's own tab counts
 * (waybill_status_counts for staff and carrier users), and how many are in transit.
 */
export async function deliveringAmount(conn: Conn, reg: Registry, user: SessionUser, line: string) {
  const counts = await statusCounts(conn, reg, user, { businessType: [...BUSINESS_GROUPS[line]] });
  const byStatus = counts.tabs.filter((t) => OPEN_STATUSES.includes(t.status));
  return {
    businessLine: line,
    businessLineName: LINE_NAMES[line],
    businessType: [...BUSINESS_GROUPS[line]],
    inTransit: byStatus.find((t) => t.status === WaybillStatus.IN_TRANSIT)?.count ?? 0,
    open: byStatus.reduce((s, t) => s + t.count, 0),
    byStatus,
  };
}
