// Demo media: flash photos along the demo tracks of vehicles with a camera (a timed snapshot about
// every 45 minutes of driving, road camera and cargo camera in turn) and on-site photos of the
// active-safety events (driver alarms) that have none. The images are real PNG files drawn in code
// (seed-media-png.ts), stored through the upload endpoint's storage (FileStore) so they download
// like any upload, and the records go through the same code the terminals' calls use.
import type { Database } from '../server/db/port.ts';
import type { SessionUser } from '../server/http/context.ts';
import { FileStore } from '../server/domain/files/store.ts';
import { recordSnapshot } from '../server/flash/ingest.ts';
import { readTrack } from '../server/tracking/store/store.ts';
import { formatTime } from '../server/resources/time.ts';
import { createRng } from '../fixtures/prng.ts';
import { snapshotPng, type Scene } from './seed-media-png.ts';
import { all, one, run, tx } from '../server/resources/statements.ts';

const SNAPSHOT_EVERY_MS = 45 * 60_000;
const MAX_SNAPSHOTS_PER_TRIP = 12;
/** JT/T 808 multimedia event 1: a timed snapshot (server/flash/catalogue.ts). */
const TIMED = 1;
const NEAR_START_DEG = 0.03;

interface Trip { waybillId: number; vehicleId: number; corpId: number; vehicleNo: string; startLon: number; startLat: number; from: number | null; to: number | null }

/** Media for the demo tracks, stored in `filesDir` (the server's uploads folder for this database). */
export async function seedMedia(db: Database, now: number, filesDir: string) {
  const store = new FileStore(db, filesDir);
  const rng = createRng(7007);
  const staff = new Map<number, SessionUser>();
  const uploaderOf = async (corpId: number) => {
    if (!staff.has(corpId)) {
      const u = (await one<{ id: number; userName: string; realName: string }>(db, 'SELECT id, user_name AS userName, real_name AS realName FROM users WHERE corp_id = ? AND user_type = 0 ORDER BY id LIMIT 1', corpId))!;
      staff.set(corpId, { userId: u.id, userName: u.userName, realName: u.realName, corpId, orgId: null, userType: 0, parentId: null, partnerId: null, token: '', operationIds: new Set() });
    }
    return staff.get(corpId)!;
  };
  const upload = async (corpId: number, name: string, bytes: Buffer) => (await store.save(await uploaderOf(corpId), [{ name, bytes }], { businessTypeKey: 'vehicleMedia' }))[0].fileId;
  const image = (scene: Scene, plate: string, channel: number, at: number, fill?: number) => {
    const time = formatTime(at);
    return { name: `${plate}_${time.replace(/\D/g, '')}_${channel}.png`, bytes: snapshotPng({ scene, plate, channel, time, hour: Number(time.slice(11, 13)), fill }) };
  };

  const trips = await all<Trip>(db, `SELECT w.id AS waybillId, w.vehicle_id AS vehicleId, w.corp_id AS corpId, v.vehicle_no AS vehicleNo, sa.lon AS startLon, sa.lat AS startLat,
      (SELECT min(n.actual_arrive_time) FROM waybill_nodes n WHERE n.waybill_id = w.id) AS "from",
      CASE WHEN w.status = 400 THEN NULL ELSE (SELECT max(n.actual_leave_time) FROM waybill_nodes n WHERE n.waybill_id = w.id) END AS "to"
    FROM waybills w JOIN vehicles v ON v.id = w.vehicle_id
      JOIN waybill_nodes sn ON sn.waybill_id = w.id AND sn.node_type = 'start' JOIN areas sa ON sa.id = sn.area_id
    WHERE w.is_deleted = 0 AND w.status IN (400, 500) AND v.camera = 1
      AND EXISTS (SELECT 1 FROM track_chunks c WHERE c.vehicle_id = w.vehicle_id) ORDER BY w.id`);
  let photos = 0;
  for (const t of trips) {
    if (t.from === null) continue;
    const track = await readTrack(db, t.vehicleId, t.from, t.to ?? now, { sensors: false });
    // Only the trip's own track (a vehicle's overlapping waybills keep one track, scripts/seed-tracks.ts).
    if (track.length === 0 || Math.hypot(track.lon[0] - t.startLon, track.lat[0] - t.startLat) > NEAR_START_DEG) continue;
    const vehicle = { id: t.vehicleId, corpId: t.corpId };
    const fill = rng.float(0.3, 1, 2);
    let next = track.gpsTime[0] + rng.int(5, 20) * 60_000;
    let taken = 0;
    await tx(db, async () => {
      for (let i = 0; i < track.length && taken < MAX_SNAPSHOTS_PER_TRIP; i++) {
        if (track.gpsTime[i] < next) continue;
        const channel = taken % 2 === 0 ? 1 : 2;
        const { name, bytes } = image(channel === 1 ? 'road' : 'cargo', t.vehicleNo, channel, track.gpsTime[i], fill);
        const fileId = await upload(t.corpId, name, bytes);
        await recordSnapshot(db, vehicle, { channel, eventType: TIMED, picTime: track.gpsTime[i], lon: track.lon[i], lat: track.lat[i], speed: track.speed[i], fileId }, now);
        taken++;
        next = track.gpsTime[i] + SNAPSHOT_EVERY_MS;
      }
    });
    photos += taken;
  }

  // Active-safety events come with the driver-monitoring camera's pictures: one or two each.
  const events = await all<{ id: number; corpId: number; at: number; vehicleNo: string }>(db, `SELECT a.id, a.corp_id AS corpId, a.begin_time AS at, v.vehicle_no AS vehicleNo FROM alarms a JOIN vehicles v ON v.id = a.vehicle_id
    WHERE a.first_alarm_type = 300 AND NOT EXISTS (SELECT 1 FROM alarm_media m WHERE m.alarm_id = a.id) ORDER BY a.id`);
  let eventImages = 0;
  await tx(db, async () => {
    for (const e of events) {
      const n = rng.int(1, 2);
      for (let k = 0; k < n; k++) {
        const { name, bytes } = image('cabin', e.vehicleNo, 3, e.at + k * 2000);
        await run(db, 'INSERT INTO alarm_media (alarm_id, file_id, media_type, seq) VALUES (?, ?, 0, ?)', e.id, await upload(e.corpId, name, bytes), k);
        eventImages++;
      }
    }
  });
  return { photos, eventImages };
}
