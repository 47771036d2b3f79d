// The flash-photo and alarm-settings routes' part in tests/bad-input.test.ts: an uploaded PNG of
// the admin's corporation for the snapshot ingestion, a vehicle and a past range for the reads.
import type { Database } from '../../server/db/port.ts';
import type { SessionUser } from '../../server/http/context.ts';
import { FileStore } from '../../server/domain/files/store.ts';
import { snapshotPng } from '../../scripts/seed-media-png.ts';

type Row = Record<string, any>;

export async function mediaFixtures(t: { db: Database; filesDir: string }) {
  const v = (await t.db.one<Row>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1'))!;
  const admin = (await t.db.one<Row>("SELECT id FROM users WHERE user_name = 'admin'"))!;
  const user = { userId: admin.id, corpId: 1, userType: 0 } as SessionUser;
  const bytes = snapshotPng({ scene: 'road', plate: 'A12345', channel: 1, time: '2026-01-01 10:00:00', hour: 10 });
  const [{ fileId }] = (await new FileStore(t.db, t.filesDir).save(user, [{ name: 'snap.png', bytes }], {}));
  const t0 = Date.now() - 3600_000;
  const range = { vehicleId: v.id, startTime: t0, endTime: t0 + 600_000 };
  const bodies: Record<string, Row> = {
    '/orderDetails/findImageById': range,
    '/orderDetails/getAlarmList': range,
    '/flash/ingest': { vehicleId: v.id, channel: 1, eventType: 1, picTime: t0, lon: 121.473701, lat: 31.230416, speed: 42.5, fileId },
    '/alarmRemindBusinessSet/updateAlarmSet': { overspeedKmh: 90 },
  };
  return { bodies, acceptedText: {} as Record<string, string> };
}
