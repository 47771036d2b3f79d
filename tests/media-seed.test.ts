// The demo media (scripts/seed-media.ts): real PNG files in the upload storage, flash photos taken
// on the demo tracks of camera vehicles only, and pictures for every active-safety event; they
// download through the normal file endpoint and show in the playback page's reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seedMedia } from '../scripts/seed-media.ts';
import { readTrack } from '../server/tracking/store/store.ts';

let t: TestApp;
let counts: { photos: number; eventImages: number };
type Row = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp({ transportDemo: true, tracksDemo: true });
  counts = await seedMedia(t.db, Date.now(), t.filesDir);
}, 120_000);

const rows = (sql: string, ...p: unknown[]) => t.db.all<Row>(sql, p);

describe('demo media', () => {
  it('writes a real 320×180 PNG for every photo, in the upload storage', async () => {
    const files = await rows("SELECT f.id, f.corp_id AS corpId, f.extension, f.size FROM files f WHERE f.business_type_key = 'vehicleMedia'");
    expect(files.length).toBe(counts.photos + counts.eventImages);
    expect(counts.photos).toBeGreaterThan(20);
    for (const f of files.slice(0, 50)) {
      const bytes = readFileSync(join(t.filesDir, String(f.corpId), f.id + f.extension));
      expect(bytes.length).toBe(f.size);
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([320, 180]);
    }
  });

  it('takes flash photos on the track of vehicles with a camera, at points the vehicle reported', async () => {
    expect((await rows('SELECT DISTINCT v.camera FROM flash_photos p JOIN vehicles v ON v.id = p.vehicle_id')).map((r) => r.camera)).toEqual([1]);
    for (const p of await rows('SELECT vehicle_id AS vehicleId, pic_time AS picTime, lon, lat FROM flash_photos ORDER BY id LIMIT 20')) {
      const at = await readTrack(t.db, p.vehicleId, p.picTime, p.picTime, { sensors: false });
      expect([at.length, at.lon[0], at.lat[0]]).toEqual([1, p.lon, p.lat]);
    }
  });

  it('gives every active-safety event its pictures', async () => {
    const bare = await rows('SELECT a.id FROM alarms a WHERE a.first_alarm_type = 300 AND NOT EXISTS (SELECT 1 FROM alarm_media m WHERE m.alarm_id = a.id)');
    expect(bare).toEqual([]);
  });

  it('serves them to the playback page and as downloads', async () => {
    const w = (await rows(`SELECT p.vehicle_id AS vehicleId, min(p.pic_time) AS first, max(p.pic_time) AS last, count(*) AS n FROM flash_photos p
      WHERE p.corp_id = 1 GROUP BY p.vehicle_id ORDER BY n DESC, p.vehicle_id LIMIT 1`))[0];
    const monitor = await t.as('monitor');
    const r = await monitor.post('/orderDetails/findImageById', { vehicleId: w.vehicleId, startTime: w.first, endTime: w.last, pageParamVO: { curPage: 1, pageSize: 1000 } });
    expect(r.result.totalRecords).toBe(w.n);
    const res = await t.app.request(r.result.data[0].picUrl, { headers: { token: monitor.token } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
  });
});
