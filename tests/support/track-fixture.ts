// The track routes' part in tests/bad-input.test.ts: a vehicle of the admin's corporation (by id
// and by terminal id) and a past time range, so each baseline body is answered with code 1.
import type { Conn } from '../../server/db/port.ts';

type Row = Record<string, any>;

export async function trackFixtures(t: { db: Conn }) {
  const v = (await t.db.one<Row>('SELECT id, dataterminal_id AS terminal FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 AND dataterminal_id IS NOT NULL ORDER BY id LIMIT 1'))!;
  const t0 = Date.now() - 3600_000;
  const range = { vehicleId: v.id, startTime: t0, endTime: t0 + 600_000 };
  const reads = ['getTrackList', 'getStopCarList', 'getOpenDoorList', 'getTemperatureList', 'getHumidityList', 'getOilList', 'getRefrigeratorList', 'getAreaList', 'getTemperatureRange'];
  const bodies: Record<string, Row> = {
    ...Object.fromEntries(reads.map((r) => [`/waybill/${r}`, range])),
    '/waybill/findLocationInfoByVehicleId': { vehicleId: v.id },
    '/orderDetails/findTrackByEquipId': { dataTerminalId: v.terminal, startTime: t0, endTime: t0 + 600_000, pageParamVO: { curPage: 1, pageSize: 100 } },
    '/orderDetails/findCarMesByEquipId': { dataTerminalId: v.terminal },
    '/orderDetails/settingIcon': { setKey: 'stop', show: 0 },
    '/waybill/getTrackPlaceNames': { points: [[121.473701, 31.230416]] },
    '/track/ingest': { vehicleId: v.id, points: [{ lon: 121.473701, lat: 31.230416, gpsTime: t0, speed: 42.5, direction: 90, odometer: 12345.6, status: 0, t1: 4.5 }] },
  };
  return { bodies, acceptedText: {} as Record<string, string> };
}
