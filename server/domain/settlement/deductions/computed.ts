// Deductions worked out from what happened on the road, by the carrier's rate rule (docs/settlement.md
// "Deductions"): 晚到扣款 from the end node's lateness and 告警扣款 from closed temperature alarms. Both
// are made when the carrier's bill is created (createBills), for the waybills that bill takes: by then
// the waybill is complete (its arrival and alarms are final) and its payable fee — whose rule sets the
// amounts — has had its last estimate. Each is made once per source: a deduction a person cancelled is
// not made again, and a second bill run finds it made.
import type { Conn } from '../../../resources/statements.ts';
import { all, one } from '../../../resources/statements.ts';
import { BUSINESS_KINDS, STATUS } from '../../../alarms/catalogue.ts';
import { formatTime } from '../../../resources/time.ts';
import { FeeSide } from '../fees/store.ts';
import { addDeduction, DeductionKind, sourceUsed } from './store.ts';

const HOUR_MS = 3600_000;

/** A per-hour charge over a duration: every started hour counts; at most `cap` fen when a cap is set (> 0). */
export function perStartedHour(durationMs: number, perHour: number, cap: number | null | undefined): number {
  if (!(durationMs > 0) || !(perHour > 0)) return 0;
  const amount = Math.ceil(durationMs / HOUR_MS) * perHour;
  return cap && cap > 0 ? Math.min(amount, cap) : amount;
}

/** 晚到扣款: lateness of the end node (actual arrival after the required arrival) × the rule's fen per started hour, capped. */
export const lateDeduction = (n: { requiredArriveTime: number | null; actualArriveTime: number | null }, rule: { lateFeePerHour: number | null; lateFeeCap: number | null }) =>
  n.requiredArriveTime === null || n.actualArriveTime === null ? 0 : perStartedHour(n.actualArriveTime - n.requiredArriveTime, rule.lateFeePerHour ?? 0, rule.lateFeeCap);

/**
 * 告警扣款 (the hook for the alarm rules): a closed alarm's duration × fen per started hour. Only a
 * closed (status 0) alarm counts: an open one has no final duration yet.
 */
export const alarmDeduction = (alarm: { beginTime: number; endTime: number; status: number }, perHour: number | null) =>
  alarm.status !== STATUS.ENDED ? 0 : perStartedHour(alarm.endTime - alarm.beginTime, perHour ?? 0, null);

interface RuleMoney {
  ruleId: number;
  lateFeePerHour: number | null;
  lateFeeCap: number | null;
  alarmFeePerHour: number | null;
}

/** The payable fee's rule: the carrier's rule that priced the waybill (an overridden fee keeps its rule). */
const payableRule = (conn: Conn, corpId: number, waybillId: number, carrierId: number) =>
  one<RuleMoney>(conn,
    `SELECT r.id AS "ruleId", r.late_fee_per_hour AS "lateFeePerHour", r.late_fee_cap AS "lateFeeCap", r.alarm_fee_per_hour AS "alarmFeePerHour"
       FROM waybill_fees f JOIN contract_rate_rules r ON r.id = f.rule_id
      WHERE f.corp_id = ? AND f.waybill_id = ? AND f.side = ? AND f.party_id = ? AND f.is_deleted = 0`,
    corpId, waybillId, FeeSide.PAYABLE, carrierId);

/** Makes the late and alarm deductions of one carrier's waybill that are due and not made yet. */
export async function applyComputedDeductions(conn: Conn, corpId: number, waybillId: number, carrierId: number, userId: number, now: number) {
  const rule = await payableRule(conn, corpId, waybillId, carrierId);
  if (!rule) return;
  const key = { corpId, waybillId, side: FeeSide.PAYABLE, partyId: carrierId };
  if ((rule.lateFeePerHour ?? 0) > 0) {
    const source = `late:${waybillId}`;
    const end = await one<{ requiredArriveTime: number | null; actualArriveTime: number | null }>(conn,
      `SELECT required_arrive_time AS "requiredArriveTime", actual_arrive_time AS "actualArriveTime" FROM waybill_nodes
        WHERE waybill_id = ? AND node_type = 'end'`, waybillId);
    const amount = end ? lateDeduction(end, rule) : 0;
    if (amount > 0 && !(await sourceUsed(conn, corpId, source))) {
      const hours = Math.ceil((end!.actualArriveTime! - end!.requiredArriveTime!) / HOUR_MS);
      await addDeduction(conn, { ...key, kind: DeductionKind.LATE, amount, reason: `晚到${hours}小时（要求${formatTime(end!.requiredArriveTime)}到达）`, source }, userId, now);
    }
  }
  if ((rule.alarmFeePerHour ?? 0) > 0) {
    const closed = await all<{ id: number; beginTime: number; endTime: number; status: number }>(conn,
      `SELECT id, begin_time AS "beginTime", end_time AS "endTime", status FROM alarms
        WHERE corp_id = ? AND waybill_id = ? AND last_alarm_type = ? AND status = ? AND confirmed = 1 ORDER BY begin_time`,
      corpId, waybillId, BUSINESS_KINDS.temperature.lastAlarmType, STATUS.ENDED);
    for (const a of closed) {
      const source = `alarm:${a.id}`;
      const amount = alarmDeduction(a, rule.alarmFeePerHour);
      if (amount > 0 && !(await sourceUsed(conn, corpId, source))) {
        await addDeduction(conn, { ...key, kind: DeductionKind.ALARM, amount, reason: `温度异常告警${Math.ceil((a.endTime - a.beginTime) / HOUR_MS)}小时（${formatTime(a.beginTime)}起）`, source }, userId, now);
      }
    }
  }
}
