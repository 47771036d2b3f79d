// statistics/doBusi: the dashboard's numbers for today. Every figure reuses the query of the list it
// counts, so a number equals what that list shows with the same filter: today's orders and
// waybills by status are the lists' own tab counts over today's creation period (the waybills'
// from the maintained day counts), open alarms the alarm scope's unhandled ones, vehicles online
// the one online rule (server/tracking/online.ts) over vehicle_last_positions.
import type { SessionUser } from '../http/context.ts';
import type { Registry } from '../registry/types.ts';
import { all, one, type Conn } from '../resources/statements.ts';
import { DAY_MS, SHANGHAI_OFFSET_MS, shanghaiDayStart } from '../resources/time.ts';
import { countOrders } from '../domain/orders/list.ts';
import { statusCounts } from '../domain/waybills/query.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { alarmScope } from '../alarms/scope.ts';
import { alarmTypeName, HANDLE } from '../alarms/catalogue.ts';
import { ONLINE_MINUTES, onlineSince } from '../tracking/online.ts';
import { lineTypes } from './lines.ts';
import { ALARM_OPS, holdsAny, ORDER_OPS, VEHICLE_OPS, WAYBILL_OPS } from './cards.ts';

/** Today in Asia/Shanghai as the lists' creation period: [midnight, the next midnight - 1]. */
export function todayPeriod(now: number): [number, number] {
  const start = shanghaiDayStart(now);
  return [start, start + DAY_MS - 1];
}

type StatusCount = { status: number; statusStr: string; count: number };
const sum = (rows: StatusCount[]) => rows.reduce((s, r) => s + r.count, 0);

/**
 * Today's records by status in all, and per business line (each line's list is its own page with
 * the same tabs, so a line's numbers are that list's tab counts over today's creation period).
 */
async function byLine(reg: Registry, count: (businessType?: number[]) => Promise<StatusCount[]>) {
  const byStatus = await count();
  const lines = [];
  for (const line of lineTypes(reg)) {
    const rows = line.businessType.length ? await count(line.businessType) : [];
    if (sum(rows) > 0) lines.push({ businessLine: line.businessLine, businessLineName: line.businessLineName, total: sum(rows), byStatus: rows });
  }
  return { total: sum(byStatus), byStatus, byLine: lines };
}

const todayOrders = (conn: Conn, reg: Registry, user: SessionUser, period: [number, number]) => byLine(reg, async (businessType) =>
  (await countOrders(conn, reg, user, { createdAt: period, groupByStatus: true, ...(businessType ? { businessType } : {}) })) as StatusCount[]);

const todayWaybills = (conn: Conn, reg: Registry, user: SessionUser, period: [number, number]) => byLine(reg, async (businessType) =>
  (await statusCounts(conn, reg, user, { createdAt: period, ...(businessType ? { businessType } : {}) })).tabs.filter((t) => t.count > 0));

/**
 * Arrivals at the end node of the waybills created in the last `days` days (today included):
 * on time or early against late. Staff and carrier users read the day summary waybill_day_stats;
 * it has no customer dimension, so a customer user's own waybills are counted on the rows.
 */
export async function onTimeRate(conn: Conn, user: SessionUser, now: number, days: number) {
  const since = shanghaiDayStart(now) - (days - 1) * DAY_MS;
  let row: { onTime: number | null; late: number | null } | undefined;
  if (user.userType === 1) {
    const scope = waybillScope(user);
    row = await one(conn, `SELECT sum(CASE WHEN n.arrive_state IN (1, 2) THEN 1 ELSE 0 END) AS onTime, sum(CASE WHEN n.arrive_state = 3 THEN 1 ELSE 0 END) AS late
      FROM waybills w JOIN waybill_nodes n ON n.waybill_id = w.id AND n.node_type = 'end' WHERE ${scope.sql.join(' AND ')} AND w.created_at >= ?`, ...scope.params, since);
  } else {
    const carrier = user.userType === 2 ? ' AND s.carrier_id = ?' : '';
    row = await one(conn, `SELECT sum(s.on_time_count) AS onTime, sum(s.late_count) AS late FROM waybill_day_stats s WHERE s.corp_id = ?${carrier} AND s.day >= ?`,
      user.corpId, ...(user.userType === 2 ? [user.partnerId ?? -1] : []), since);
  }
  const onTime = Number(row?.onTime ?? 0);
  const late = Number(row?.late ?? 0);
  return { days, onTime, late, rate: onTime + late === 0 ? null : Math.round((onTime / (onTime + late)) * 1000) / 1000 };
}

/** Unhandled alarms the user may see, by type (the top bar's count, split). */
async function openAlarms(conn: Conn, user: SessionUser) {
  const scope = alarmScope(user);
  const rows = await all<{ t: number; n: number }>(conn, `SELECT a.last_alarm_type AS t, count(*) AS n FROM alarms a
    WHERE ${scope.sql} AND a.handle_status = ${HANDLE.UNHANDLED} GROUP BY a.last_alarm_type ORDER BY count(*) DESC, a.last_alarm_type`, ...scope.params);
  return {
    total: rows.reduce((s, r) => s + Number(r.n), 0),
    byType: rows.map((r) => ({ alarmType: r.t, alarmTypeName: alarmTypeName(r.t), count: Number(r.n) })),
  };
}

/** The user's live vehicles (a carrier user: its carrier's), and those whose last report is recent enough. */
export async function vehiclesOnline(conn: Conn, user: SessionUser, now: number) {
  const carrier = user.userType === 2 ? ' AND v.carrier_id = ?' : '';
  const params = [user.corpId, ...(user.userType === 2 ? [user.partnerId ?? -1] : [])];
  const row = await one<{ total: number; online: number | null }>(conn, `SELECT count(*) AS total,
      sum(CASE WHEN p.gps_time >= ? THEN 1 ELSE 0 END) AS online
    FROM vehicles v LEFT JOIN vehicle_last_positions p ON p.vehicle_id = v.id WHERE v.corp_id = ? AND v.is_deleted = 0${carrier}`,
  onlineSince(now), ...params);
  return { total: Number(row?.total ?? 0), online: Number(row?.online ?? 0), onlineMinutes: ONLINE_MINUTES };
}

/** The sections the user's operations allow; the others are absent, not zero. */
export async function doBusi(conn: Conn, reg: Registry, user: SessionUser, now: number, days: number) {
  const period = todayPeriod(now);
  // createdAt is the lists' creation filter that reproduces each count (the console's links carry it).
  const out: Record<string, unknown> = { day: new Date(period[0] + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10), createdAt: period };
  if (holdsAny(user, ORDER_OPS)) out.orders = await todayOrders(conn, reg, user, period);
  if (holdsAny(user, WAYBILL_OPS)) {
    out.waybills = await todayWaybills(conn, reg, user, period);
    out.onTime = await onTimeRate(conn, user, now, days);
  }
  if (holdsAny(user, ALARM_OPS)) out.alarms = await openAlarms(conn, user);
  if (holdsAny(user, VEHICLE_OPS)) out.vehicles = await vehiclesOnline(conn, user, now);
  return out;
}
