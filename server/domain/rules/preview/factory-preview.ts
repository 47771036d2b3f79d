// What a factory shipment setting would have refused over the last 30 days, before it is saved (docs/rules.md
// "Factory shipment setting"): the departures from the factory (离开装货地, the start node's actual leave time) that
// fell outside the hours, and, day by day, the vehicles dispatched to load there beyond the daily limit, in the
// order they were dispatched (the first 派车 on the timeline, else the waybill's creation). The candidate is judged
// alone for the whole window; the waybills are counted as they stand now (one cancelled since no longer holds its
// slot). Nothing is written.
import { all, one, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatDay, formatTime, shanghaiDayStart } from '../../../resources/time.ts';
import { clockOf, hoursText, SLOT_SQL, withinHours } from '../factory-check.ts';
import type { FactoryShipmentRecord } from '../types/factory-shipment.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';

const LISTED = 200;

export interface FactoryRefusal { waybillId: number; waybillNo: string; kind: 'hours' | 'limit'; at: number; atStr: string; reason: string }

export interface FactoryPreview extends PreviewTable {
  fromStr: string; toStr: string;
  departures: number;
  outsideHours: number;
  dispatched: number;
  overLimit: number;
  refusals: FactoryRefusal[];
}

export async function previewFactorySetting(conn: Conn, corpId: number, candidate: Record<string, unknown>, now = Date.now()): Promise<FactoryPreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const setting = { shipStart: null, shipEnd: null, dailyLimit: null, ...candidate } as FactoryShipmentRecord;
  const result: FactoryPreview = { fromStr: formatTime(from), toStr: formatTime(now), departures: 0, outsideHours: 0, dispatched: 0, overLimit: 0, refusals: [], summary: [], columns: COLUMNS, rows: [] };
  const areaName = (await one<{ name: string }>(conn, 'SELECT area_name AS name FROM areas WHERE id = ?', setting.areaId))?.name ?? '';
  const list = (r: FactoryRefusal) => result.refusals.length < LISTED && result.refusals.push(r);

  const left = await all<{ waybillId: number; waybillNo: string; at: number }>(conn,
    `SELECT w.id AS "waybillId", w.waybill_no AS "waybillNo", n.actual_leave_time AS at FROM waybills w JOIN waybill_nodes n ON n.waybill_id = w.id AND n.seq = 1
     WHERE w.corp_id = ? AND w.is_deleted = 0 AND n.area_id = ? AND w.transferred_from_id IS NULL AND n.actual_leave_time >= ? AND n.actual_leave_time <= ?
     ORDER BY n.actual_leave_time, w.id`, corpId, setting.areaId, from, now);
  for (const d of left) {
    result.departures++;
    if (withinHours(setting, d.at)) continue;
    result.outsideHours++;
    list({ waybillId: d.waybillId, waybillNo: d.waybillNo, kind: 'hours', at: d.at, atStr: formatTime(d.at), reason: `${clockOf(d.at)}离开，不在发运时段${hoursText(setting)}内` });
  }

  const dayFrom = shanghaiDayStart(from);
  const slots = await all<{ waybillId: number; waybillNo: string; planned: number; dispatchedAt: number }>(conn,
    `SELECT w.id AS "waybillId", w.waybill_no AS "waybillNo", coalesce(n.required_arrive_time, n.required_leave_time, w.created_at) AS planned,
       coalesce((SELECT min(e.at) FROM waybill_events e WHERE e.waybill_id = w.id AND e.action = 'assignVehicle'), w.created_at) AS "dispatchedAt"
     ${SLOT_SQL} AND w.transferred_from_id IS NULL`, corpId, setting.areaId, dayFrom, shanghaiDayStart(now) + DAY_MS);
  slots.sort((a, b) => a.dispatchedAt - b.dispatchedAt || a.waybillId - b.waybillId);
  const perDay = new Map<number, number>();
  for (const s of slots) {
    result.dispatched++;
    const day = shanghaiDayStart(s.planned);
    const n = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, n);
    if (!setting.dailyLimit || n <= setting.dailyLimit) continue;
    result.overLimit++;
    list({ waybillId: s.waybillId, waybillNo: s.waybillNo, kind: 'limit', at: s.dispatchedAt, atStr: formatTime(s.dispatchedAt),
      reason: `${formatDay(day)}第${n}辆，超过每日发运上限${setting.dailyLimit}车` });
  }
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '装货工厂', value: areaName },
    { label: '出厂', value: `${result.departures}车次` },
    { label: '不在发运时段', value: `${result.outsideHours}车次` },
    { label: '派车', value: `${result.dispatched}车次` },
    { label: '超出每日上限', value: `${result.overLimit}车次` },
  ];
  result.rows = result.refusals.map((r) => ({ waybillNo: r.waybillNo, kindStr: r.kind === 'hours' ? '出厂时段外' : '超出每日上限', atStr: r.atStr, reason: r.reason }));
  return result;
}

const COLUMNS = [{ key: 'waybillNo', title: '运单号' }, { key: 'kindStr', title: '类型' }, { key: 'atStr', title: '时间' }, { key: 'reason', title: '原因' }];
