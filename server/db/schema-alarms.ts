// Alarms: business alarms raised by the rules on track ingestion (firstAlarmType 100) and driver
// alarms from active-safety events (firstAlarmType 300), with their media, handling and the
// thresholds the rules use. Statuses (spec section 4): handle 0 unhandled, 1 handled, 2 ignored;
// alarm 0 ended, 1 not ended.
import { sqliteTable, integer, text, real, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { carriers, corporations, drivers, users, vehicles } from './schema.ts';
import { waybills } from './schema-transport.ts';

export const alarms = sqliteTable('alarms', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id),
  /** The waybill the vehicle was carrying when the alarm began (none for a vehicle between jobs). */
  waybillId: integer('waybill_id').references(() => waybills.id),
  carrierId: integer('carrier_id').references(() => carriers.id),
  /** The main driver at the time: the waybill's, else the vehicle's. */
  driverId: integer('driver_id').references(() => drivers.id),
  /** 100 business alarm, 300 driver (active-safety) alarm. */
  firstAlarmType: integer('first_alarm_type').notNull(),
  /** The concrete kind (server/alarms/catalogue.ts). */
  lastAlarmType: integer('last_alarm_type').notNull(),
  /** 1 a period (begin to end); 2 separate begin and end with on-site media. */
  alarmType: integer('alarm_type').notNull(),
  beginTime: integer('begin_time').notNull(),
  endTime: integer('end_time').notNull(),
  beginLon: real('begin_lon'),
  beginLat: real('begin_lat'),
  endLon: real('end_lon'),
  endLat: real('end_lat'),
  beginPlaceName: text('begin_place_name'),
  endPlaceName: text('end_place_name'),
  areaName: text('area_name'),
  alarmContent: text('alarm_content').notNull(),
  /** The worst value seen (temperature, speed, door channels...), kept so a continued alarm can say it. */
  peakValue: real('peak_value'),
  /** 1 not ended, 0 ended. */
  status: integer('status').notNull().default(1),
  /** 0 while a condition has not yet lasted its rule's minimum: not shown, removed if it ends that way. */
  confirmed: integer('confirmed').notNull().default(1),
  /** 0 unhandled, 1 handled, 2 ignored. */
  handleStatus: integer('handle_status').notNull().default(0),
  handleRemark: text('handle_remark'),
  handleUserId: integer('handle_user_id').references(() => users.id),
  handleUserName: text('handle_user_name'),
  handleTime: integer('handle_time'),
  /** Driver alarms: event level 1 low, 2 middle, 3 high; speed at the event (km/h). */
  eventLevel: integer('event_level'),
  speed: real('speed'),
  createdAt: integer('created_at').notNull(),
  version: integer('version').notNull().default(1),
}, (t) => [
  // The top bar and the lists: a corporation's shown alarms by handling state, newest first.
  index('alarms_corp_handle').on(t.corpId, t.confirmed, t.handleStatus, t.beginTime),
  index('alarms_carrier').on(t.corpId, t.carrierId, t.beginTime),
  // The rules look up the open alarm of a vehicle and kind on every batch.
  index('alarms_vehicle_open').on(t.vehicleId, t.lastAlarmType, t.status),
  index('alarms_vehicle_time').on(t.vehicleId, t.beginTime),
  index('alarms_waybill').on(t.waybillId, t.beginTime),
]);

/** On-site photos and videos of an alarm (uploaded files). */
export const alarmMedia = sqliteTable('alarm_media', {
  alarmId: integer('alarm_id').notNull().references(() => alarms.id, { onDelete: 'cascade' }),
  fileId: text('file_id').notNull(),
  /** 0 image, 1 video. */
  mediaType: integer('media_type').notNull(),
  seq: integer('seq').notNull(),
}, (t) => [
  primaryKey({ columns: [t.alarmId, t.fileId] }),
  // Which alarm names a file: the file rules and the upload centre ask by file.
  index('alarm_media_file').on(t.fileId),
]);

/** A corporation's thresholds; a missing row or column means the documented default (server/alarms/settings.ts). */
export const alarmSettings = sqliteTable('alarm_settings', {
  corpId: integer('corp_id').primaryKey().references(() => corporations.id),
  overspeedKmh: real('overspeed_kmh'),
  overspeedMinMs: integer('overspeed_min_ms'),
  tempMin: real('temp_min'),
  tempMax: real('temp_max'),
  tempMinMs: integer('temp_min_ms'),
  stopMinMs: integer('stop_min_ms'),
  stopMaxSpeedKmh: real('stop_max_speed_kmh'),
  updatedAt: integer('updated_at').notNull(),
});

/** The temperature range a waybill's goods must stay in (cold chain), overriding the corporation's. */
export const waybillTemperatureRanges = sqliteTable('waybill_temperature_ranges', {
  waybillId: integer('waybill_id').primaryKey().references(() => waybills.id, { onDelete: 'cascade' }),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  tempMin: real('temp_min').notNull(),
  tempMax: real('temp_max').notNull(),
});
