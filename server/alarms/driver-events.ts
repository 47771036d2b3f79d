// Active-safety events (fatigue, phone, smoking...) reported by a vehicle's driver-monitoring
// terminal become driver alarms (firstAlarmType 300, alarm type 2: begin and end with on-site
// media). Photos are uploaded first through the upload endpoint; the event names their file ids.
import { failure, invalid } from '../http/envelope.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { insert, one, run, tx, type Conn } from '../resources/statements.ts';
import { findCorpVehicle } from '../tracking/target.ts';
import { CARRYING_STATUSES } from './raise.ts';
import { OfflineGeocoder } from '../fences/geocode/offline.ts';
import { checkImageFiles } from '../domain/files/image-files.ts';
import { ALARM_TYPE, DRIVER_KINDS, EVENT_LEVEL_LABELS, FIRST_DRIVER, STATUS } from './catalogue.ts';

export interface DriverEvent {
  vehicleId?: number;
  dataTerminalId?: string;
  eventType: number;
  eventLevel: number;
  gpsTime: number;
  endTime?: number;
  lon: number;
  lat: number;
  speed?: number;
  fileIds?: string[];
}

/** An event a terminal of the corporation reports (driverAlarm/receiveEvent): only that corporation's vehicles. */
export async function receiveDriverEvent(conn: Conn, corpId: number, e: DriverEvent, now = Date.now()) {
  if (e.vehicleId === undefined && e.dataTerminalId === undefined) throw invalid('终端号：请指定车辆ID或终端号', { field: 'dataTerminalId' });
  if (e.vehicleId !== undefined && e.dataTerminalId !== undefined) throw invalid('终端号：车辆ID和终端号只能指定一个', { field: 'dataTerminalId' });
  if (e.gpsTime > now + 60_000) throw invalid('事件时间：不能晚于当前时间', { field: 'gpsTime' });
  if (e.endTime !== undefined && e.endTime < e.gpsTime) throw invalid('结束时间：不能早于事件时间', { field: 'endTime' });
  const vehicle = await findCorpVehicle(conn, corpId, e.vehicleId !== undefined ? { id: e.vehicleId } : { dataTerminalId: e.dataTerminalId });
  if (!vehicle) throw failure(NOT_FOUND);
  // Only a terminal credential reaches here (no partner user does), and checkImageFiles keeps the
  // photos within the credential's corporation: the partner file check of files/access.ts has no caller to apply to.
  return recordDriverEvent(conn, vehicle, e, now);
}

/** The driver alarm of an event of a vehicle already known to be the caller's (ingestion, demo seeding). */
export async function recordDriverEvent(conn: Conn, vehicle: { id: number; corpId: number; carrierId: number | null }, e: DriverEvent, now = Date.now()) {
  const fileIds = [...new Set(e.fileIds ?? [])];
  await checkImageFiles(conn, vehicle.corpId, fileIds, '现场照片', 'fileIds');
  const waybill = await one<{ id: number; carrierId: number | null; driverId: number | null }>(conn,
    `SELECT id, carrier_id AS carrierId, driver_id AS driverId FROM waybills WHERE vehicle_id = ? AND is_deleted = 0
       AND status IN (${CARRYING_STATUSES.join(', ')}) ORDER BY updated_at DESC, id DESC LIMIT 1`, vehicle.id);
  const vehicleDriver = (await one<{ driverId: number | null }>(conn, 'SELECT driver_id AS driverId FROM vehicles WHERE id = ?', vehicle.id))!.driverId;
  const place = await new OfflineGeocoder(conn, vehicle.corpId).placeName(e.lon, e.lat);
  const content = `${DRIVER_KINDS[e.eventType]}，报警级别：${EVENT_LEVEL_LABELS[e.eventLevel]}${e.speed !== undefined ? `，车速${e.speed}km/h` : ''}`;
  // The same event sent twice (a terminal retrying) is one alarm: looked for and written in one
  // exclusive transaction, so two deliveries of it at once still make one.
  return tx(conn, async () => {
    const same = await one<{ id: number }>(conn, 'SELECT id FROM alarms WHERE vehicle_id = ? AND first_alarm_type = ? AND last_alarm_type = ? AND begin_time = ?',
      vehicle.id, FIRST_DRIVER, e.eventType, e.gpsTime);
    if (same) return { id: same.id, duplicate: true };
    const id = await insert(conn,
      `INSERT INTO alarms (corp_id, vehicle_id, waybill_id, carrier_id, driver_id, first_alarm_type, last_alarm_type, alarm_type, begin_time, end_time,
         begin_lon, begin_lat, end_lon, end_lat, begin_place_name, end_place_name, alarm_content, status, confirmed, event_level, speed, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
      vehicle.corpId, vehicle.id, waybill?.id ?? null, waybill?.carrierId ?? vehicle.carrierId, waybill?.driverId ?? vehicleDriver,
      FIRST_DRIVER, e.eventType, ALARM_TYPE.BEGIN_END, e.gpsTime, e.endTime ?? e.gpsTime, e.lon, e.lat, e.lon, e.lat, place, place, content,
      STATUS.ENDED, e.eventLevel, e.speed ?? null, now);
    for (const [seq, fileId] of fileIds.entries()) {
      await run(conn, 'INSERT INTO alarm_media (alarm_id, file_id, media_type, seq) VALUES (?, ?, 0, ?)', id, fileId, seq);
    }
    return { id, duplicate: false };
  }, { exclusive: { lock: 'driver-event' } });
}
