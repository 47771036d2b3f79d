// A terminal's snapshot: the image is uploaded first (upload endpoint), then the record names the
// file. Checked like a track batch: a vehicle by id or terminal id, a time not in the future, the
// position in range (the schema), and a file of the corporation that is an image.
import { failure, invalid } from '../http/envelope.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { insert, one, tx, type Conn } from '../resources/statements.ts';
import { CLOCK_SKEW_MS } from '../tracking/ingest.ts';
import { findCorpVehicle } from '../tracking/target.ts';
import { checkImageFiles } from '../domain/files/image-files.ts';

export interface Snapshot {
  vehicleId?: number;
  dataTerminalId?: string;
  channel: number;
  eventType: number;
  picTime: number;
  lon: number;
  lat: number;
  speed?: number;
  fileId: string;
}

/** A snapshot a terminal of the corporation reports (flash/ingest): only that corporation's vehicles. */
export async function receiveSnapshot(conn: Conn, corpId: number, s: Snapshot, now = Date.now()) {
  if (s.vehicleId === undefined && s.dataTerminalId === undefined) throw invalid('终端号：请指定车辆ID或终端号', { field: 'dataTerminalId' });
  if (s.picTime > now + CLOCK_SKEW_MS) throw invalid('抓拍时间：不能晚于当前时间', { field: 'picTime' });
  const vehicle = await findCorpVehicle(conn, corpId, s.vehicleId !== undefined ? { id: s.vehicleId } : { dataTerminalId: s.dataTerminalId });
  // Both given: they must name the same vehicle, or the snapshot would land on the wrong one.
  if (!vehicle || (s.dataTerminalId !== undefined && vehicle.dataterminalId !== s.dataTerminalId)) throw failure(NOT_FOUND);
  // Only a terminal credential reaches here (no partner user does), and checkImageFiles keeps the
  // image within the credential's corporation: the partner file check of files/access.ts has no caller to apply to.
  return recordSnapshot(conn, vehicle, s, now);
}

/** Stores a snapshot of a vehicle already known to be the caller's (ingestion, demo seeding). */
export async function recordSnapshot(conn: Conn, vehicle: { id: number; corpId: number }, s: Snapshot, now = Date.now()) {
  await checkImageFiles(conn, vehicle.corpId, [s.fileId], '抓拍图片', 'fileId');
  // The same snapshot sent twice (a terminal retrying) is one record: looked for and written in one
  // exclusive transaction, so two deliveries of it at once still make one.
  return tx(conn, async () => {
    const same = await one<{ id: number }>(conn, 'SELECT id FROM flash_photos WHERE vehicle_id = ? AND pic_time = ? AND channel = ?', vehicle.id, s.picTime, s.channel);
    if (same) return { id: same.id, duplicate: true };
    const id = await insert(conn, `INSERT INTO flash_photos (corp_id, vehicle_id, channel, event_type, pic_time, lon, lat, speed, file_id, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, vehicle.corpId, vehicle.id, s.channel, s.eventType, s.picTime, s.lon, s.lat, s.speed ?? null, s.fileId, now);
    return { id, duplicate: false };
  }, { exclusive: { lock: 'flash-snapshot' } });
}
