// The playback page's media tabs for a track target (a waybill's vehicle and period, or a vehicle
// and a range): the flash photos (spec section 3 "Flash photo") and the active-safety events, i.e.
// the vehicle's driver alarms (firstAlarmType 300) with their media (spec "Active-safety event").
// Places come from the track context, so they read like the other tabs' (fence, else district).
import { formatTime } from '../resources/time.ts';
import { all, one } from '../resources/statements.ts';
import type { TrackContext } from '../tracking/views.ts';
import { alarmTypeName, EVENT_LEVEL_LABELS, FIRST_DRIVER, HANDLE_LABELS } from '../alarms/catalogue.ts';
import { FLASH_KINDS, routeView } from './catalogue.ts';
import { fileUrl } from '../domain/files/image-files.ts';
import { round6 as coord } from '../fences/geometry.ts';

export interface MediaPage {
  curPage: number;
  pageSize: number;
}

interface FlashRow { id: number; channel: number; eventType: number; picTime: number; lon: number; lat: number; speed: number | null; fileId: string }

export async function flashPhotos(ctx: TrackContext, { curPage, pageSize }: MediaPage) {
  const { vehicle, from, to } = ctx.target;
  const where = 'vehicle_id = ? AND pic_time BETWEEN ? AND ?';
  const totalRecords = (await one<{ n: number }>(ctx.conn, `SELECT count(*) AS n FROM flash_photos WHERE ${where}`, vehicle.id, from, to))!.n;
  const rows = await all<FlashRow>(ctx.conn, `SELECT id, channel, event_type AS eventType, pic_time AS picTime, lon, lat, speed, file_id AS fileId
    FROM flash_photos WHERE ${where} ORDER BY pic_time, channel LIMIT ? OFFSET ?`, vehicle.id, from, to, pageSize, (curPage - 1) * pageSize);
  const data = [];
  for (const r of rows) {
    data.push({
      id: r.id, eventType: r.eventType, eventTypeName: FLASH_KINDS[r.eventType] ?? '抓拍', channel: r.channel, routeView: routeView(r.channel),
      picTime: r.picTime, picTimeView: formatTime(r.picTime), speed: r.speed ?? 0, lon: coord(r.lon), lat: coord(r.lat),
      placeName: await ctx.placeAt(r.lon, r.lat), areaName: await ctx.areaAt(r.lon, r.lat),
      // Our own download path: no image host prefix needed (picDataType 1 would ask for one).
      picUrl: fileUrl(r.fileId), picDataType: 0,
    });
  }
  return { data, totalRecords, curPage, pageSize };
}

interface EventRow {
  id: number; lastAlarmType: number; beginTime: number; endTime: number; lon: number | null; lat: number | null; placeName: string | null;
  eventLevel: number | null; speed: number | null; driverName: string | null; handleStatus: number;
}

export async function activeSafetyEvents(ctx: TrackContext, { curPage, pageSize }: MediaPage, eventType?: number) {
  const { vehicle, from, to } = ctx.target;
  const where = `a.vehicle_id = ? AND a.first_alarm_type = ${FIRST_DRIVER} AND a.confirmed = 1 AND a.begin_time BETWEEN ? AND ?${eventType !== undefined ? ' AND a.last_alarm_type = ?' : ''}`;
  const params = [vehicle.id, from, to, ...(eventType !== undefined ? [eventType] : [])];
  const totalRecords = (await one<{ n: number }>(ctx.conn, `SELECT count(*) AS n FROM alarms a WHERE ${where}`, ...params))!.n;
  const rows = await all<EventRow>(ctx.conn, `SELECT a.id, a.last_alarm_type AS lastAlarmType, a.begin_time AS beginTime, a.end_time AS endTime,
      a.begin_lon AS lon, a.begin_lat AS lat, a.begin_place_name AS placeName, a.event_level AS eventLevel, a.speed, d.driver_name AS driverName,
      a.handle_status AS handleStatus
    FROM alarms a LEFT JOIN drivers d ON d.id = a.driver_id WHERE ${where} ORDER BY a.begin_time, a.id LIMIT ? OFFSET ?`, ...params, pageSize, (curPage - 1) * pageSize);
  const media = await mediaOf(ctx, rows.map((r) => r.id));
  const data = [];
  for (const r of rows) {
    data.push({
      id: r.id, firstAlarmType: FIRST_DRIVER, eventType: r.lastAlarmType, eventTypeName: alarmTypeName(r.lastAlarmType), driverName: r.driverName ?? '',
      gpsTime: r.beginTime, gpsTimeView: formatTime(r.beginTime), endTimeView: formatTime(r.endTime), speed: r.speed ?? 0,
      eventLevel: r.eventLevel, eventLevelView: r.eventLevel ? EVENT_LEVEL_LABELS[r.eventLevel] ?? '' : '',
      lon: r.lon === null ? null : coord(r.lon), lat: r.lat === null ? null : coord(r.lat),
      placeName: r.placeName || (r.lon !== null && r.lat !== null ? await ctx.placeAt(r.lon, r.lat) : ''),
      areaName: r.lon !== null && r.lat !== null ? await ctx.areaAt(r.lon, r.lat) : '',
      handleStatus: r.handleStatus, handleStatusStr: HANDLE_LABELS[r.handleStatus],
      attachmentList: media.get(r.id) ?? [],
    });
  }
  return { data, totalRecords, curPage, pageSize };
}

async function mediaOf(ctx: TrackContext, alarmIds: number[]) {
  const out = new Map<number, { type: number; url: string }[]>();
  if (!alarmIds.length) return out;
  const rows = await all<{ alarmId: number; fileId: string; mediaType: number }>(ctx.conn,
    `SELECT alarm_id AS alarmId, file_id AS fileId, media_type AS mediaType FROM alarm_media WHERE alarm_id IN (${alarmIds.map(() => '?')}) ORDER BY alarm_id, seq`, ...alarmIds);
  for (const m of rows) {
    const list = out.get(m.alarmId) ?? [];
    list.push({ type: m.mediaType, url: fileUrl(m.fileId) });
    out.set(m.alarmId, list);
  }
  return out;
}
