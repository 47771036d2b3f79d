// Which of the last 30 days' dispatches an access inspection rule would have refused, before it is saved
// (docs/rules.md "Access inspection"): every vehicle or driver put on a waybill in the window (the timeline's
// 派车 assignVehicle — at the waybill's birth or later — 指派司机 assignDriver and a transfer's onward leg
// transferIn), judged as the dispatch check judges (access-check.ts) with the candidate alone at the event's
// moment. Approximated: the vehicles' and drivers' documents, devices and car models are read as they are now, and
// the waybill's load and planned load day too. Nothing is written.
import { all, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, formatTime, shanghaiDayStart } from '../../../resources/time.ts';
import { loadFactsOf } from '../../settlement/pricing/facts-loader.ts';
import { accessFailures, judgedDay, loadCrewFacts, rulesCovering } from '../access-check.ts';
import type { AccessInspectionRecord } from '../types/access-inspection.ts';
import { PREVIEW_DAYS, type PreviewTable } from './preview-table.ts';
import { candidateRule } from './candidate.ts';

const LISTED = 200;
const ACTION_NAMES: Record<string, string> = { assignVehicle: '派车', assignDriver: '指派司机', transferIn: '转运派车' };

interface EventRow { waybillId: number; waybillNo: string; action: string; at: number; payload: string | null; vehicleId: number | null; driverId: number | null }

export interface AccessRefusal { waybillId: number; waybillNo: string; action: string; at: number; atStr: string; failures: string[] }

export interface AccessPreview extends PreviewTable {
  fromStr: string; toStr: string;
  /** Dispatches in the window. */
  dispatches: number;
  /** Of those, the ones the rule covers (scope, conditions on the load, in force then). */
  judged: number;
  refused: number;
  refusals: AccessRefusal[];
}

const DEFAULTS = {
  ruleName: '', checkDrivingLicense: 0, checkTransportLicense: 0, checkInsurance: 0, checkDriverLicense: 0, checkQualification: 0,
  requireTemperatureDevice: 0, allowedCarModelIds: null, maxVehicleAgeYears: null,
};

/** The crew an event put on its waybill: a 派车's vehicle and driver, a driver change's driver alone. */
function crewOf(e: EventRow): { vehicleId: number | null; driverId: number | null } {
  const p = (e.payload ? JSON.parse(e.payload) : {}) as { vehicleId?: number | null; toVehicleId?: number | null; driverId?: number | null };
  if (e.action === 'assignDriver') return { vehicleId: null, driverId: p.driverId ?? null };
  // A transfer's onward leg names neither in its payload: the waybill's own are those it was born with.
  if (e.action === 'transferIn') return { vehicleId: e.vehicleId, driverId: e.driverId };
  return { vehicleId: p.vehicleId ?? null, driverId: p.driverId ?? null };
}

export async function previewAccessRule(conn: Conn, corpId: number, candidate: Record<string, unknown>, editedId: number | null, now = Date.now()): Promise<AccessPreview> {
  const from = now - PREVIEW_DAYS * DAY_MS;
  const rule = candidateRule<AccessInspectionRecord>(candidate, editedId, DEFAULTS as Partial<AccessInspectionRecord>);
  const result: AccessPreview = { fromStr: formatTime(from), toStr: formatTime(now), dispatches: 0, judged: 0, refused: 0, refusals: [], summary: [], columns: COLUMNS, rows: [] };
  const events = await all<EventRow>(conn,
    `SELECT e.waybill_id AS "waybillId", w.waybill_no AS "waybillNo", e.action, e.at, e.payload, w.vehicle_id AS "vehicleId", w.driver_id AS "driverId"
     FROM waybill_events e JOIN waybills w ON w.id = e.waybill_id
     WHERE e.corp_id = ? AND e.action IN ('assignVehicle', 'assignDriver', 'transferIn') AND e.at >= ? AND e.at <= ? AND w.is_deleted = 0
     ORDER BY e.at, e.id`, corpId, from, now);
  const facts = await loadFactsOf(conn, corpId, [...new Set(events.map((e) => e.waybillId))]);
  for (const e of events) {
    const crew = crewOf(e);
    if (crew.vehicleId === null && crew.driverId === null) continue;
    result.dispatches++;
    const f = facts.get(e.waybillId);
    // The scope's carrier is the one the waybill went to with that vehicle: its carrier now.
    if (!f || rulesCovering([rule], f, e.at).length === 0) continue;
    result.judged++;
    const failures = accessFailures([rule], await loadCrewFacts(conn, crew.vehicleId, crew.driverId), await judgedDay(conn, e.waybillId, e.at), shanghaiDayStart(e.at));
    if (!failures.length) continue;
    result.refused++;
    if (result.refusals.length < LISTED) {
      result.refusals.push({ waybillId: e.waybillId, waybillNo: e.waybillNo, action: e.action, at: e.at, atStr: formatTime(e.at), failures: failures.map((x) => x.text) });
    }
  }
  result.summary = [
    { label: '预览区间', value: `${result.fromStr} 至 ${result.toStr}` },
    { label: '派车及指派司机', value: `${result.dispatches}次` },
    { label: '适用本规则', value: `${result.judged}次` },
    { label: '将被拒绝', value: `${result.refused}次` },
  ];
  result.rows = result.refusals.map((r) => ({ waybillNo: r.waybillNo, actionStr: ACTION_NAMES[r.action], atStr: r.atStr, reason: r.failures.join('；') }));
  return result;
}

const COLUMNS = [{ key: 'waybillNo', title: '运单号' }, { key: 'actionStr', title: '操作' }, { key: 'atStr', title: '操作时间' }, { key: 'reason', title: '拒绝原因' }];
