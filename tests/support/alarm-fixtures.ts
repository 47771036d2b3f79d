// The fence and alarm routes' part in tests/bad-input.test.ts: a fence to save, a business alarm
// and a driver alarm to handle or ignore (bad-input rolls every case back, so one of each serves
// all cases), a vehicle for the event ingestion, and the fields that take free text.
import type { Database } from '../../server/db/port.ts';
import { emptyColumns } from '../../server/tracking/columns.ts';
import { raiseAlarms } from '../../server/alarms/raise.ts';
import { recordDriverEvent } from '../../server/alarms/driver-events.ts';

type Row = Record<string, any>;

export async function alarmFixtures(t: { db: Database }) {
  const get = async (sql: string, ...p: unknown[]) => (await t.db.one<Row>(sql, p))!;
  const fence = await get('SELECT id, lon, lat FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND type_id = 3 AND is_deleted = 0 ORDER BY id LIMIT 1');
  const vehicle = await get('SELECT id, corp_id AS corpId, carrier_id AS carrierId FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1');
  const t0 = Date.now() - 3600_000;
  // Two minutes at 130 km/h: an overspeed alarm through the real rules.
  const cols = emptyColumns(5);
  for (let i = 0; i < 5; i++) ((cols.gpsTime[i] = t0 + i * 30_000), (cols.lon[i] = 120), (cols.lat[i] = 30), (cols.speed[i] = 130));
  await raiseAlarms(t.db, vehicle.id, cols);
  const business = (await get('SELECT id FROM alarms WHERE vehicle_id = ? AND last_alarm_type = 102 ORDER BY id DESC', vehicle.id)).id as number;
  const driver = (await recordDriverEvent(t.db, vehicle as never, { vehicleId: vehicle.id, eventType: 301, eventLevel: 2, gpsTime: t0, lon: 120, lat: 30 })).id;

  const list = { curPage: 1, pageSize: 20 };
  const bodies: Record<string, Row> = {
    '/electronic/getAreaLablePositionNew': list,
    '/electronic/getAreaLabelPositionWithOutMaterial': list,
    '/electronic/getAreaLabelPositionByReceiveOrgId': { ...list, receiveOrgId: 1 },
    '/electronic/getAreaLablePosition': {},
    '/electronic/updateAreaByOrderOrWaybill': {
      areaId: fence.id, typeId: 3, lonCenter: fence.lon, latCenter: fence.lat, radius: 200, areaName: '校验用围栏',
      position: '某路1号', province: '河南省', city: '郑州市', district: '金水区',
    },
    '/alarmResult/findByPage': list,
    '/alarmResult/handlerAlarmResult': { id: business, handleRemark: '已核实' },
    '/alarmResult/akeyToIgnore': { ids: [business] },
    '/driverAlarm/handle': { id: driver, handleRemark: '已核实' },
    '/driverAlarm/ignore': { idList: [driver] },
    '/driverAlarm/receiveEvent': { vehicleId: vehicle.id, eventType: 302, eventLevel: 1, gpsTime: t0 + 60_000, lon: 120, lat: 30 },
  };
  const filter = 'a fence name or code filter (like): such text matches no fence';
  const address = 'an address field is free text, kept as typed';
  const opinion = 'a handling opinion is free text, kept verbatim (tests/alarms.test.ts reads one back)';
  const acceptedText: Record<string, string> = {
    ...Object.fromEntries(['getAreaLablePositionNew', 'getAreaLabelPositionWithOutMaterial', 'getAreaLabelPositionByReceiveOrgId', 'getAreaLablePosition']
      .flatMap((p) => [[`/electronic/${p} areaName`, filter], [`/electronic/${p} areaCode`, filter]])),
    '/electronic/updateAreaByOrderOrWaybill areaName': 'a fence name is free text',
    '/electronic/updateAreaByOrderOrWaybill position': address,
    '/electronic/updateAreaByOrderOrWaybill province': address,
    '/electronic/updateAreaByOrderOrWaybill city': address,
    '/electronic/updateAreaByOrderOrWaybill district': address,
    '/alarmResult/handlerAlarmResult handleRemark': opinion,
    '/driverAlarm/handle handleRemark': opinion,
  };
  return { bodies, acceptedText };
}
