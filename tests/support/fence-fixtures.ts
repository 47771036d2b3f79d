// 电子围栏管理's part in tests/bad-input.test.ts: a live fence to update or delete (every case is
// rolled back, so one serves all), a new fence to add, and the fields that take free text; a store to
// calibrate and two fences for the order form's fence checks.
import type { Database } from '../../server/db/port.ts';

type Row = Record<string, any>;

export async function fenceFixtures(t: { db: Database }) {
  const fence = (await t.db.one<Row>('SELECT id, lon, lat, version FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND type_id = 3 AND is_deleted = 0 ORDER BY id DESC LIMIT 1', []))!;
  const shape = { typeId: 3, lonCenter: fence.lon, latCenter: fence.lat, radius: 300 };
  const bodies: Record<string, Row> = {
    '/electronic/areaManage/list': { curPage: 1, pageSize: 20 },
    '/electronic/areaManage/add': { areaName: '校验用新围栏', areaCode: 'BAD-FENCE-1', areaLabel: '门店', position: '某路1号', city: '郑州市', ...shape },
    '/electronic/areaManage/update': { areaId: fence.id, version: fence.version, areaName: '校验用围栏', areaLabel: '仓库', position: '某路2号', ...shape },
    '/electronic/areaManage/delete': { areaId: fence.id, version: fence.version },
  };
  const [from, to] = await t.db.all<Row>('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 2', [fence.id]);
  const store = (await t.db.one<Row>('SELECT id, version FROM store_locations WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1', []))!;
  const pair = { shipperAreaId: from.id, receiverAreaId: to.id };
  Object.assign(bodies, {
    '/storeLocation/calibrate': { id: store.id, version: store.version, calibratedLon: '113.65', calibratedLat: '34.75' },
    '/orderInfo/checkShipperReceiver': pair,
    '/orderInfo/checkAreaDistance': pair,
    '/orderInfo/saveOrUpdateDistanceInfo': { ...pair, distanceKm: 10 },
  });
  const filter = 'a fence search (like): such text matches no fence';
  const free = 'the name, label and address of a fence are free text, kept as typed';
  const acceptedText: Record<string, string> = {
    ...Object.fromEntries(['areaName', 'areaCode', 'city', 'areaLabel'].map((f) => [`/electronic/areaManage/list ${f}`, filter])),
    ...Object.fromEntries(['add', 'update'].flatMap((verb) => ['areaName', 'areaLabel', 'position', 'province', 'city', 'district'].map((f) => [`/electronic/areaManage/${verb} ${f}`, free]))),
    '/electronic/updateAreaByOrderOrWaybill areaLabel': free,
  };
  // null where it means "none": a fence of no customer (a depot), a distance without a driving time.
  const acceptedNull: Record<string, string> = {
    '/electronic/areaManage/add customerId': 'a fence of no customer (a depot, a hub)',
    '/electronic/areaManage/update customerId': 'clears the fence\'s customer',
    '/orderInfo/saveOrUpdateDistanceInfo estimatedHours': 'clears the driving time',
  };
  return { bodies, acceptedText, acceptedNull };
}
