// One row per vehicle and stored track day (the UTC day of a track_chunks row): what the day's
// points add up to, rewritten every time the store writes that day: from the merged day, or extended
// by the points appended (server/tracking/day-summary.ts, equal to the whole day's), so the mileage and temperature reports read a few rows per
// vehicle-day instead of decoding every point.
import { sqliteTable, integer, real, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { corporations, vehicles } from './schema.ts';

export const trackDaySummaries = sqliteTable('track_day_summaries', {
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  /** Start of the UTC day (= the chunk's start_ms); as a Shanghai date it is the same calendar day. */
  dayStartMs: integer('day_start_ms').notNull(),
  points: integer('points').notNull(),
  firstTime: integer('first_time').notNull(),
  lastTime: integer('last_time').notNull(),
  /** Odometer (km) at the first and last point; mileage = end - start to 1 decimal (spec section 9). */
  odometerStart: real('odometer_start').notNull(),
  odometerEnd: real('odometer_end').notNull(),
  mileageKm: real('mileage_km').notNull(),
  /** From the first to the last point, less the stops (ms). */
  drivingMs: integer('driving_ms').notNull(),
  maxSpeed: real('max_speed').notNull(),
  /** Points faster than the corporation's overspeed threshold (alarm settings). */
  overspeedPoints: integer('overspeed_points').notNull(),
  /** Over every temperature reading of the day (all channels, -999 left out); null without readings. */
  tempMin: real('temp_min'),
  tempMax: real('temp_max'),
  tempAvg: real('temp_avg'),
  /** Sum and number of the readings, so a month's average weighs every reading alike. */
  tempSum: real('temp_sum'),
  tempReadings: integer('temp_readings').notNull(),
  /**
   * The range the day's readings were judged against (server/alarms/temperature-range.ts: the trip's
   * waybill range, else the corporation's), NULL when several applied, and the minutes outside it.
   */
  tempRangeMin: real('temp_range_min'),
  tempRangeMax: real('temp_range_max'),
  outOfRangeMinutes: real('out_of_range_minutes'),
  /** Stops of the stop analytics (server/tracking/analytics/stops.ts, default parameters). */
  stops: integer('stops').notNull(),
  stopMinutes: real('stop_minutes').notNull(),
}, (t) => [
  primaryKey({ columns: [t.vehicleId, t.dayStartMs] }),
  index('track_day_summaries_corp_day').on(t.corpId, t.dayStartMs),
]);
