// The records that name an uploaded file: a waybill's receipt, an alarm's on-site media, a terminal's
// snapshot (抓拍). One list, so the upload centre's "关联记录" column and its delete rule (a file a
// record names is never deleted: the record would point at nothing) read the same tables. A new
// kind of record naming files adds its table here.
import type { SessionUser } from '../../http/context.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { alarmScope } from '../../alarms/scope.ts';
import { waybillScope } from '../waybills/scope.ts';

/** The upload business types (schemas/dictionaries/uploadBusinessType.json) of the records naming files. */
export type AttachmentKind = 'waybillReceipt' | 'alarmMedia' | 'flashPhoto';

/** SQL true when file `alias`.id is named by any record, whoever may see that record. */
export const attachedSql = (alias: string) => `(EXISTS (SELECT 1 FROM waybill_receipts ar WHERE ar.file_id = ${alias}.id)
  OR EXISTS (SELECT 1 FROM alarm_media am WHERE am.file_id = ${alias}.id)
  OR EXISTS (SELECT 1 FROM flash_photos ap WHERE ap.file_id = ${alias}.id))`;

export interface Attachment {
  kind: AttachmentKind;
  /** What the user reads: 运单 YD…, 报警 粤B…, 抓拍 粤B…. */
  label: string;
}

/**
 * The record each of `fileIds` is attached to, as far as `user` may see that record: a partner is
 * told only of its own waybills and alarms (the records' own scopes), never of a snapshot (partners
 * meet snapshots in track playback, not here).
 */
export async function attachmentsOf(conn: Conn, user: SessionUser, fileIds: readonly string[]): Promise<Map<string, Attachment>> {
  const out = new Map<string, Attachment>();
  if (!fileIds.length) return out;
  const marks = fileIds.map(() => '?').join(', ');
  const staff = user.userType === 0;
  const ws = waybillScope(user, 'w', staff);
  const receipts = await all<{ fileId: string; no: string }>(conn,
    `SELECT r.file_id AS fileId, w.waybill_no AS no FROM waybill_receipts r JOIN waybills w ON w.id = r.waybill_id
      WHERE r.file_id IN (${marks}) AND ${ws.sql.join(' AND ')} ORDER BY w.id`, ...fileIds, ...ws.params);
  for (const r of receipts) if (!out.has(r.fileId)) out.set(r.fileId, { kind: 'waybillReceipt', label: `运单 ${r.no}` });
  const as = staff ? { sql: 'a.corp_id = ?', params: [user.corpId] } : alarmScope(user);
  const media = await all<{ fileId: string; vehicleNo: string }>(conn,
    `SELECT m.file_id AS fileId, v.vehicle_no AS vehicleNo FROM alarm_media m JOIN alarms a ON a.id = m.alarm_id JOIN vehicles v ON v.id = a.vehicle_id
      WHERE m.file_id IN (${marks}) AND ${as.sql} ORDER BY a.id`, ...fileIds, ...as.params);
  for (const m of media) if (!out.has(m.fileId)) out.set(m.fileId, { kind: 'alarmMedia', label: `报警 ${m.vehicleNo}` });
  if (staff) {
    const photos = await all<{ fileId: string; vehicleNo: string }>(conn,
      `SELECT p.file_id AS fileId, v.vehicle_no AS vehicleNo FROM flash_photos p JOIN vehicles v ON v.id = p.vehicle_id
        WHERE p.file_id IN (${marks}) AND p.corp_id = ? ORDER BY p.id`, ...fileIds, user.corpId);
    for (const p of photos) if (!out.has(p.fileId)) out.set(p.fileId, { kind: 'flashPhoto', label: `抓拍 ${p.vehicleNo}` });
  }
  return out;
}
