// The resource hooks of 固定线路 (fixedLine) and 固定线路排班 (fixedLineScheduling): what a write must
// keep beyond the schema (the stops' order and fences, the default crew's carrier, a schedule's line
// and days) and what a read shows beyond the columns (the stops in words).
import type { ResourceHooks } from '../../resources/hooks.ts';
import { invalid } from '../../http/envelope.ts';
import { one, run, type Conn } from '../../resources/statements.ts';
import type { SessionUser } from '../../http/context.ts';
import { areasById, checkStopAreas } from './areas.ts';
import { checkStops, offsetText, type LineStop } from './stops.ts';

type Rec = Record<string, unknown>;
const STOP_LABELS: Record<number, string> = { 1: '装货', 2: '卸货', 3: '途经' };

/** "1.装货 甲仓（出发后0天 00:00） → 2.卸货 乙店（出发后0天 06:30）". */
async function describeStops(conn: Conn, rows: Rec[]) {
  if (rows.length === 0) return;
  // A list read for an export may hand the column as stored (JSON text).
  const stopsOf = (r: Rec) => (typeof r.stops === 'string' ? (JSON.parse(r.stops) as LineStop[]) : ((r.stops as LineStop[] | null) ?? []));
  const ids = rows.flatMap((r) => stopsOf(r).map((s) => s.areaId));
  // The stops were checked against the corporation's fences when saved: read by id alone.
  const areas = await areasById(conn, null, ids);
  for (const r of rows) {
    r.stopsText = stopsOf(r)
      .map((s, i) => `${i + 1}.${STOP_LABELS[s.stopType] ?? ''} ${areas.get(s.areaId)?.areaName ?? '（围栏不存在）'}（${offsetText(s)}）`).join(' → ');
  }
}

/** The default vehicle belongs to the line's carrier, when both are given. */
async function checkCrew(conn: Conn, user: SessionUser, r: Rec) {
  if (r.vehicleId == null || r.carrierId == null) return;
  const v = await one<{ carrierId: number | null }>(conn, 'SELECT carrier_id AS "carrierId" FROM vehicles WHERE id = ? AND corp_id = ?', r.vehicleId, user.corpId);
  if (v && v.carrierId !== null && v.carrierId !== r.carrierId) throw invalid('默认车辆：车辆不属于该承运商', { field: 'vehicleId' });
}

async function checkLine(conn: Conn, user: SessionUser, r: Rec) {
  const stops = r.stops as LineStop[];
  checkStops(stops);
  await checkStopAreas(conn, user, stops.map((s) => s.areaId));
  await checkCrew(conn, user, r);
}

export function fixedLineHooks(conn: Conn): ResourceHooks {
  return {
    beforeInsert: (ctx, record) => checkLine(conn, ctx.user, record),
    async beforeUpdate(ctx, changes, existing) {
      if ('stops' in changes || 'vehicleId' in changes || 'carrierId' in changes) await checkLine(conn, ctx.user, { ...existing, ...changes });
    },
    // A schedule is scoped by its line's customer and carrier: it follows the line's.
    async afterWrite(_ctx, id) {
      await run(conn, `UPDATE fixed_line_schedulings SET customer_id = (SELECT customer_id FROM fixed_lines WHERE id = ?),
        carrier_id = (SELECT carrier_id FROM fixed_lines WHERE id = ?) WHERE line_id = ?`, id, id, id);
    },
    afterRead: (row) => describeStops(conn, [row]),
    afterList: (rows) => describeStops(conn, rows),
  };
}

/** The schedule's line: live and within the user's scope (a carrier user only its own lines). */
async function lineFor(conn: Conn, user: SessionUser, lineId: number) {
  const scope = user.userType === 1 ? ' AND customer_id = ?' : user.userType === 2 ? ' AND carrier_id = ?' : '';
  const line = await one<{ customerId: number; carrierId: number | null }>(conn,
    `SELECT customer_id AS "customerId", carrier_id AS "carrierId" FROM fixed_lines WHERE id = ? AND corp_id = ? AND is_deleted = 0${scope}`,
    lineId, user.corpId, ...(scope ? [user.partnerId ?? -1] : []));
  if (!line) throw invalid('固定线路：线路不存在或无权访问', { field: 'lineId' });
  return line;
}

function checkDays(r: Rec) {
  if (!((r.weekdays as number[] | null)?.length) && !((r.dates as number[] | null)?.length)) {
    throw invalid('每周发车日：请选择每周发车日或指定发车日期', { field: 'weekdays' });
  }
}

export function schedulingHooks(conn: Conn): ResourceHooks {
  return {
    async beforeInsert(ctx, record) {
      checkDays(record);
      const line = await lineFor(conn, ctx.user, record.lineId as number);
      Object.assign(record, { customerId: line.customerId, carrierId: line.carrierId });
      await checkCrew(conn, ctx.user, record);
    },
    async beforeUpdate(ctx, changes, existing) {
      const next = { ...existing, ...changes };
      checkDays(next);
      const line = await lineFor(conn, ctx.user, next.lineId as number);
      // The scope columns follow the line (pinned partner values are the line's own, as lineFor checked).
      if ('lineId' in changes || 'carrierId' in changes || 'customerId' in changes) Object.assign(changes, { customerId: line.customerId, carrierId: line.carrierId });
      await checkCrew(conn, ctx.user, { ...next, carrierId: line.carrierId });
    },
  };
}
