// The outbox: an alarm's notifications, written in the alarm's own transaction (server/alarms/raise.ts)
// and sent after its commit (dispatch.ts). One row per (alarm, contact, channel) under a unique key, so
// re-sent points, a replayed batch or a second instance raising the same alarm add nothing.
import { one, run, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';
import { alarmTypeName } from '../alarms/catalogue.ts';
import { alarmRecipients } from './recipients.ts';
import { noteQueued } from './dispatch.ts';

interface AlarmFacts {
  corpId: number;
  waybillId: number | null;
  carrierId: number | null;
  lastAlarmType: number;
  alarmContent: string | null;
  beginTime: number;
  vehicleNo: string;
  waybillNo: string | null;
}

/** What the contacts are told of an alarm. */
export function alarmText(a: AlarmFacts) {
  const on = a.waybillNo ? `车辆${a.vehicleNo}（运单${a.waybillNo}）` : `车辆${a.vehicleNo}`;
  return { title: `${alarmTypeName(a.lastAlarmType)}报警`, content: `${on}于${formatTime(a.beginTime)}发生${alarmTypeName(a.lastAlarmType)}：${a.alarmContent ?? ''}` };
}

/** Queues the notifications of an alarm just confirmed; `ruleContactIds` are its temperature rule's contacts. Answers how many were added. */
export async function enqueueAlarmNotifications(conn: Conn, alarmId: number, ruleContactIds: readonly number[], now: number): Promise<number> {
  const alarm = await one<AlarmFacts>(conn,
    `SELECT a.corp_id AS "corpId", a.waybill_id AS "waybillId", a.carrier_id AS "carrierId", a.last_alarm_type AS "lastAlarmType",
       a.alarm_content AS "alarmContent", a.begin_time AS "beginTime", v.vehicle_no AS "vehicleNo", w.waybill_no AS "waybillNo"
     FROM alarms a JOIN vehicles v ON v.id = a.vehicle_id LEFT JOIN waybills w ON w.id = a.waybill_id WHERE a.id = ?`, alarmId);
  if (!alarm) return 0;
  const { title, content } = alarmText(alarm);
  let added = 0;
  for (const r of await alarmRecipients(conn, alarm, ruleContactIds)) {
    added += (await run(conn,
      `INSERT INTO notifications (corp_id, alarm_id, contact_id, channel, address, customer_id, carrier_id, title, content, status, attempts, next_try_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?) ON CONFLICT (alarm_id, contact_id, channel) DO NOTHING`,
      alarm.corpId, alarmId, r.contactId, r.channel, r.address, r.customerId, r.carrierId, title, content, now, now)).changes;
  }
  if (added) noteQueued(conn);
  return added;
}
