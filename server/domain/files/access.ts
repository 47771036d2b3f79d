// Who may read an uploaded file. Staff: any file of their corporation. A partner user (1 customer,
// 2 carrier): a file it (or another account of its partner) uploaded, or one a record it may read names: a receipt of one of its
// waybills, a photo of an alarm it may see, or a flash photo or event photo that its track playback
// shows (its carrier's vehicle, or the vehicle of one of its waybills within that waybill's period).
// Each check reuses the record's own scope, so a file is never wider open than the record naming it.
import type { SessionUser } from '../../http/context.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { alarmScope } from '../../alarms/scope.ts';
import { waybillScope, findWaybill } from '../waybills/scope.ts';
import { findVehicle, waybillPeriod } from '../../tracking/target.ts';

export interface FileRow {
  id: string;
  uploadedBy: number;
}

/** Whether a partner's track playback shows vehicle `vehicleId` at time `at` (tracking/target.ts resolveTarget). */
async function seesVehicleAt(conn: Conn, user: SessionUser, vehicleId: number, at: number, now: number): Promise<boolean> {
  if (user.userType === 2 && (await findVehicle(conn, user, { id: vehicleId }))) return true;
  // A waybill's period starts at its creation or an earlier recorded node time: both bound it here,
  // and waybillPeriod itself decides (its end is the last node or event once ended, else now).
  const where = waybillScope(user);
  const candidates = await all<{ id: number }>(conn, `SELECT w.id FROM waybills w WHERE ${where.sql.join(' AND ')} AND w.vehicle_id = ?
      AND (w.created_at <= ? OR EXISTS (SELECT 1 FROM waybill_nodes n WHERE n.waybill_id = w.id AND (n.actual_arrive_time <= ? OR n.actual_leave_time <= ?)))`,
  ...where.params, vehicleId, at, at, at);
  for (const { id } of candidates) {
    const w = await findWaybill(conn, user, id);
    if (!w) continue;
    const { from, to } = await waybillPeriod(conn, w, now);
    if (at >= from && at <= to) return true;
  }
  return false;
}

async function onOwnWaybill(conn: Conn, user: SessionUser, fileId: string): Promise<boolean> {
  const where = waybillScope(user);
  return !!(await one(conn, `SELECT 1 FROM waybill_receipts r JOIN waybills w ON w.id = r.waybill_id WHERE r.file_id = ? AND ${where.sql.join(' AND ')} LIMIT 1`,
    fileId, ...where.params));
}

async function onVisibleAlarm(conn: Conn, user: SessionUser, fileId: string, now: number): Promise<boolean> {
  const scope = alarmScope(user);
  if (await one(conn, `SELECT 1 FROM alarm_media m JOIN alarms a ON a.id = m.alarm_id WHERE m.file_id = ? AND ${scope.sql} LIMIT 1`, fileId, ...scope.params)) return true;
  // The playback's active-safety tab lists the vehicle's confirmed events of the period, whoever's alarm they are.
  const events = await all<{ vehicleId: number; at: number }>(conn, `SELECT a.vehicle_id AS vehicleId, a.begin_time AS at FROM alarm_media m JOIN alarms a ON a.id = m.alarm_id
    WHERE m.file_id = ? AND a.corp_id = ? AND a.confirmed = 1`, fileId, user.corpId);
  for (const e of events) if (await seesVehicleAt(conn, user, e.vehicleId, e.at, now)) return true;
  return false;
}

async function onVisibleFlash(conn: Conn, user: SessionUser, fileId: string, now: number): Promise<boolean> {
  const photos = await all<{ vehicleId: number; at: number }>(conn, 'SELECT vehicle_id AS vehicleId, pic_time AS at FROM flash_photos WHERE file_id = ? AND corp_id = ?',
    fileId, user.corpId);
  for (const p of photos) if (await seesVehicleAt(conn, user, p.vehicleId, p.at, now)) return true;
  return false;
}

/** `file` is already known to be of the user's corporation. */
export async function mayReadFile(conn: Conn, user: SessionUser, file: FileRow, now = Date.now()): Promise<boolean> {
  if (user.userType === 0) return true;
  if (file.uploadedBy === user.userId) return true;
  // Another account of the same partner (a carrier's driver accounts, say) uploaded it.
  if (await one(conn, 'SELECT 1 FROM users WHERE id = ? AND corp_id = ? AND user_type = ? AND partner_id = ?', file.uploadedBy, user.corpId, user.userType, user.partnerId ?? -1)) return true;
  return (await onOwnWaybill(conn, user, file.id)) || (await onVisibleAlarm(conn, user, file.id, now)) || (await onVisibleFlash(conn, user, file.id, now));
}

/**
 * For a write that names files (a receipt, an event's photos): a partner may name only files it may
 * read, or naming a file would open it to the partner. Answers the first file it may not name; the
 * caller refuses with the same message as for a missing file.
 */
export async function unreadableFile(conn: Conn, user: SessionUser, fileIds: readonly string[]): Promise<string | undefined> {
  if (user.userType === 0) return undefined;
  for (const id of new Set(fileIds)) {
    const file = await one<FileRow>(conn, 'SELECT id, uploaded_by AS uploadedBy FROM files WHERE id = ? AND corp_id = ?', id, user.corpId);
    if (!file || !(await mayReadFile(conn, user, file))) return id;
  }
  return undefined;
}
