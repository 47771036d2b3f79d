// The track reads of spec section 7: the waybill's track tables (points, stops, doors, sensors,
// cold machine, areas), the vehicle's latest location, the shell's calls by terminal id, the
// per-user icon visibility and the track by transfer order number. Scoped like the waybills.
import type { SessionUser } from '../http/context.ts';
import { failure } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { all, one, run, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';
import { findWaybill, waybillScope } from '../domain/waybills/scope.ts';
import { readTrackPage, trackExtent } from '../tracking/store/store.ts';
import { resolveTarget, findVehicle, type TrackRequest, type VehicleRow } from '../tracking/target.ts';
import { noAlarmWindows, shownChannels, statusStr, TrackContext, writeTrackPage, type AlarmWindowSource } from '../tracking/views.ts';
import { channelMask } from '../tracking/columns.ts';
import { JsonBytes, text } from '../tracking/json-bytes.ts';
import { cachedTrackPage } from '../tracking/page-cache.ts';
import { reusableJson } from '../http/compress.ts';
import { idOf } from './waybill-inputs.ts';
import { iconSettingInput, placeNamesInput, SHELL_PAGE_SIZE, terminalId, trackQueryInput, TRACK_PAGE_SIZE } from './track-inputs.ts';
import { OfflineGeocoder } from '../fences/geocode/offline.ts';
import { trackIngestRoutes } from './track-ingest.ts';
import { trackExportRoutes } from './track-export.ts';
import { settingsOf } from '../alarms/settings.ts';

/** Whoever may open a waybill (or an order's monitor) may read its track. */
export const TRACK_READ = ['waybill3', 'waybillDetail3', 'orderDetail3', 'orderMonitor3'];

/** The success envelope, as bytes, around a result written as JSON bytes (the 8000-point page). */
const OK_PREFIX = text('{"code":1,"message":"操作成功","result":');
const OK_SUFFIX = text('}');
// The page cache hands back the same Buffer on a hit: its compressed forms are kept beside it (http/compress.ts).
const jsonReply = (bytes: Buffer) => reusableJson(bytes);

type Paged = TrackRequest & { pageParamVO?: { curPage?: number; pageSize?: number } };

/** The latest point of a vehicle, or null when it never sent one. */
async function lastLocation(conn: Conn, ctx: TrackContext | null, v: VehicleRow) {
  const extent = await trackExtent(conn, v.id);
  if (!extent) return null;
  const { page } = await readTrackPage(conn, v.id, extent.last, extent.last, 0, 1);
  if (!page.length) return null;
  return {
    vehicleId: v.id, vehicleNo: v.vehicleNo, dataterminalId: v.dataterminalId, lon: page.lon[0], lat: page.lat[0], direction: page.direction[0],
    speed: page.speed[0], odometer: Math.round(page.odometer[0] * 10) / 10, gpsTime: formatTime(page.gpsTime[0]), gpsTimeMillisecond: page.gpsTime[0],
    statusStr: statusStr(page.status[0], v), placeName: ctx ? await ctx.placeAt(page.lon[0], page.lat[0]) : '',
  };
}

/** What the track pages show for a vehicle: which tabs apply (spec section 2) and its channels. */
function vehicleAttributes(v: VehicleRow) {
  const { camera, dipstick, detectDoor, gatherTemperature, coldMachine, gatherHumidity, temperaturectrl, humidityChannel, oilControl, openDoorStatus } = v;
  return { vehicleId: v.id, vehicleNo: v.vehicleNo, dataterminalId: v.dataterminalId, camera, dipstick, detectDoor, gatherTemperature, coldMachine, gatherHumidity, temperaturectrl, humidityChannel, oilControl, openDoorStatus };
}

/** The waybills of the vehicle (in the user's scope) whose time overlaps the range: the shell's transportInfos. */
async function transportInfos(conn: Conn, user: SessionUser, v: VehicleRow, from: number, to: number) {
  const where = waybillScope(user);
  return (await all<Record<string, unknown>>(conn, `SELECT w.id AS waybillId, w.waybill_no AS waybillNo, w.status AS mainStatus, w.created_at AS startTime,
      CASE WHEN w.status IN (500, 600, 700) THEN w.updated_at ELSE NULL END AS endTime
    FROM waybills w WHERE ${where.sql.join(' AND ')} AND w.vehicle_id = ? AND w.created_at <= ? AND (w.status NOT IN (500, 600, 700) OR w.updated_at >= ?)
    ORDER BY w.created_at`, ...where.params, v.id, to, from)).map((r) => ({ ...r, vehicleNo: v.vehicleNo, dataterminalId: v.dataterminalId, startTimeStr: formatTime(r.startTime as number), endTimeStr: formatTime(r.endTime as number | null) }));
}

export function trackRoutes(conn: Conn, alarmWindows: AlarmWindowSource = noAlarmWindows) {
  const ctxOf = async (user: SessionUser, body: TrackRequest) => new TrackContext(conn, user, await resolveTarget(conn, user, body), alarmWindows);
  const pageWriter = new JsonBytes(4 << 20);
  const paging = (body: Paged, max: number) => ({ curPage: body.pageParamVO?.curPage ?? 1, pageSize: body.pageParamVO?.pageSize ?? max });
  const list = (path: string, answer: (ctx: TrackContext) => unknown) => route<Paged>({
    method: 'POST', path, access: { anyOf: TRACK_READ }, input: trackQueryInput(),
    handler: async ({ user, body }) => answer(await ctxOf(user, body)),
  });
  return [
    route<Paged>({
      method: 'POST', path: '/waybill/getTrackList', access: { anyOf: TRACK_READ }, input: trackQueryInput(TRACK_PAGE_SIZE),
      handler: async ({ user, body }) => {
        const { curPage, pageSize } = paging(body, TRACK_PAGE_SIZE);
        const ctx = await ctxOf(user, body);
        return jsonReply(await cachedTrackPage(ctx, curPage, pageSize, async () => {
          const parts = await ctx.pageParts(curPage, pageSize);
          // Other requests run only at an await: the shared writer is filled and copied out (exactly
          // the answer: its buffer has slack) with none in between, and the cache keeps the copy.
          const w = pageWriter.reset();
          w.bytes(OK_PREFIX);
          writeTrackPage(w, parts);
          w.bytes(OK_SUFFIX);
          return Buffer.from(w.result());
        }));
      },
    }),
    list('/waybill/getStopCarList', (ctx) => ctx.stops()),
    list('/waybill/getOpenDoorList', (ctx) => ctx.doors()),
    list('/waybill/getTemperatureList', (ctx) => ctx.series('temps')),
    list('/waybill/getHumidityList', (ctx) => ctx.series('humidities')),
    list('/waybill/getOilList', (ctx) => ctx.series('oils')),
    list('/waybill/getRefrigeratorList', (ctx) => ctx.coldMachine()),
    // The allowed range the temperature alarms judge by now (the chart's limit lines): the waybill's own,
    // else the temperature rule in force (named), else the corporation's.
    list('/waybill/getTemperatureRange', async ({ target }) => {
      const { tempMin, tempMax, temperatureRule } = await settingsOf(conn, target.vehicle.corpId, target.waybill?.id ?? null);
      const own = target.waybill ? !!(await one(conn, 'SELECT 1 FROM waybill_temperature_ranges WHERE waybill_id = ?', target.waybill.id)) : false;
      return { tempMin, tempMax, own, ruleName: temperatureRule?.ruleName ?? null };
    }),
    list('/waybill/getAreaList', (ctx) => ctx.areas()),
    // The track table's 位置 of the rows in view (the pages carry coordinates outside fences: naming
    // every point of an 8000-point page would cost seconds): the offline geocoder's place, '' when unknown.
    route<{ points: [number, number][] }>({
      method: 'POST', path: '/waybill/getTrackPlaceNames', access: { anyOf: TRACK_READ }, input: placeNamesInput,
      handler: async ({ user, body }) => {
        const geocoder = new OfflineGeocoder(conn, user.corpId);
        const names: string[] = [];
        for (const [lon, lat] of body.points) names.push(await geocoder.placeName(lon, lat));
        return names;
      },
    }),
    route<{ vehicleId: number }>({
      method: 'POST', path: '/waybill/findLocationInfoByVehicleId', access: { anyOf: TRACK_READ },
      input: { type: 'object', additionalProperties: false, required: ['vehicleId'], properties: { vehicleId: idOf('车辆ID') } },
      handler: async ({ user, body }) => {
        const v = await findVehicle(conn, user, { id: body.vehicleId });
        if (!v) throw failure(NOT_FOUND);
        return lastLocation(conn, new TrackContext(conn, user, { vehicle: v, waybill: null, from: 0, to: 0 }), v);
      },
    }),
    route<Paged>({
      method: 'POST', path: '/orderDetails/findTrackByEquipId', access: { anyOf: TRACK_READ }, input: trackQueryInput(SHELL_PAGE_SIZE),
      handler: async ({ user, body }) => {
        const ctx = await ctxOf(user, body);
        const { curPage, pageSize } = paging(body, SHELL_PAGE_SIZE);
        const page = await ctx.trackPage(curPage, pageSize);
        const { vehicle, from, to } = ctx.target;
        return {
          trackInfos: page.data, totalRecords: page.totalRecords, startPlaceName: page.startPlaceName, endPlaceName: page.endPlaceName,
          alarmInfos: (await alarmWindows(conn, vehicle.id, from, to)).map((w) => ({ startTime: w.begin, endTime: w.end, startTimeStr: formatTime(w.begin), endTimeStr: formatTime(w.end) })),
          transportInfos: await transportInfos(conn, user, vehicle, from, to),
        };
      },
    }),
    route<{ dataTerminalId: string }>({
      method: 'POST', path: '/orderDetails/findCarMesByEquipId', access: { anyOf: TRACK_READ },
      input: { type: 'object', additionalProperties: false, required: ['dataTerminalId'], properties: { dataTerminalId: terminalId } },
      handler: async ({ user, body }) => {
        const v = await findVehicle(conn, user, { dataTerminalId: body.dataTerminalId });
        if (!v) throw failure(NOT_FOUND);
        return { ...vehicleAttributes(v), location: await lastLocation(conn, new TrackContext(conn, user, { vehicle: v, waybill: null, from: 0, to: 0 }), v) };
      },
    }),
    route<{ equipId: string }>({
      method: 'GET', path: '/orderDetails/findEquipById', access: { anyOf: TRACK_READ },
      input: { type: 'object', additionalProperties: false, required: ['equipId'], properties: { equipId: terminalId } },
      handler: async ({ user, body }) => {
        const v = await findVehicle(conn, user, { dataTerminalId: body.equipId });
        if (!v) throw failure(NOT_FOUND);
        const extent = await trackExtent(conn, v.id);
        const sample = extent ? (await readTrackPage(conn, v.id, extent.last, extent.last, 0, 1)).page : null;
        const shown = sample ? shownChannels(v, sample) : null;
        const list = (mask: number) => Array.from({ length: 16 }, (_, c) => c + 1).filter((c) => mask & (1 << (c - 1)));
        return {
          equipId: v.dataterminalId, ...vehicleAttributes(v),
          firstGpsTime: formatTime(extent?.first), lastGpsTime: formatTime(extent?.last),
          temperatureChannels: list(shown?.temps ?? (v.gatherTemperature ? v.temperaturectrl : 0)),
          humidityChannels: list(shown?.humidities ?? (v.gatherHumidity ? v.humidityChannel : 0)),
          oilChannels: list(shown?.oils ?? v.oilControl),
          doorChannels: list(v.detectDoor ? v.openDoorStatus : 0),
          collected: sample ? { temps: list(channelMask(sample.temps)), humidities: list(channelMask(sample.humidities)), oils: list(channelMask(sample.oils)) } : null,
        };
      },
    }),
    route({
      method: 'GET', path: '/orderDetails/getSettingIcon', access: { anyOf: TRACK_READ },
      handler: ({ user }) => all(conn, 'SELECT set_key AS setKey, show FROM track_icon_settings WHERE user_id = ? ORDER BY set_key', user.userId),
    }),
    route<{ setKey: string; show: 0 | 1 }>({
      method: 'POST', path: '/orderDetails/settingIcon', access: { anyOf: TRACK_READ }, input: iconSettingInput,
      handler: async ({ user, body }) => {
        await run(conn, `INSERT INTO track_icon_settings (corp_id, user_id, set_key, show) VALUES (?, ?, ?, ?)
          ON CONFLICT (user_id, set_key) DO UPDATE SET show = excluded.show`, user.corpId, user.userId, body.setKey, body.show);
        return { setKey: body.setKey, show: body.show };
      },
    }),
    route<{ transferOrderNo: string }>({
      method: 'GET', path: '/transferUploadTrack/findGpsListBytransferOrder', access: { anyOf: TRACK_READ },
      input: { type: 'object', additionalProperties: false, required: ['transferOrderNo'], properties: { transferOrderNo: { title: '转运单号', type: 'string', maxLength: 64 } } },
      handler: async ({ user, body }) => {
        // A transfer order is the waybill that took the goods over; its number names it.
        const row = await one<{ id: number }>(conn, 'SELECT id FROM waybills WHERE corp_id = ? AND waybill_no = ? AND is_deleted = 0', user.corpId, body.transferOrderNo);
        const w = row && (await findWaybill(conn, user, row.id));
        if (!w) throw failure(NOT_FOUND);
        if (w.vehicleId === null) return [];
        const cols = await new TrackContext(conn, user, await resolveTarget(conn, user, { waybillId: w.id })).track();
        return Array.from({ length: cols.length }, (_, i) => ({
          longitude: cols.lon[i], latitude: cols.lat[i], gpsTime: formatTime(cols.gpsTime[i]), gpsTimeMillisecond: cols.gpsTime[i], speed: cols.speed[i], direction: cols.direction[i],
        }));
      },
    }),
    ...trackIngestRoutes(conn),
    ...trackExportRoutes(conn, alarmWindows),
  ];
}
