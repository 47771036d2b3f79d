// Vehicle tracks (issue 5): points are stored per vehicle and UTC day as one binary chunk of
// typed-array columns (server/tracking/store/codec.ts), not one row per point; docs/decisions.md
// says why. Icon visibility of the track pages is kept per user.
import { sqliteTable, integer, real, text, blob, primaryKey, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { corporations, users, vehicles } from './schema.ts';

export const trackChunks = sqliteTable('track_chunks', {
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  /** Start of the UTC day the chunk covers (epoch ms); the key with the vehicle. */
  startMs: integer('start_ms').notNull(),
  /** gpsTime of the chunk's first and last point, so a range read skips chunks outside it. */
  firstMs: integer('first_ms').notNull(),
  endMs: integer('end_ms').notNull(),
  count: integer('count').notNull(),
  columns: blob('columns', { mode: 'buffer' }).notNull(),
}, (t) => [primaryKey({ columns: [t.vehicleId, t.startMs] })]);

/** Per-user visibility of event icons on the track pages (orderDetails/getSettingIcon, settingIcon). */
export const trackIconSettings = sqliteTable('track_icon_settings', {
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull().references(() => users.id),
  setKey: text('set_key').notNull(),
  show: integer('show').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.setKey] }), index('track_icon_settings_corp').on(t.corpId)]);

/**
 * Each vehicle's newest stored point, kept by ingest() in the batch's transaction, so the vehicle
 * monitor, the fleet map and the dashboard read one row per vehicle instead of decoding chunks.
 * An out-of-order batch older than the row leaves it alone.
 */
export const vehicleLastPositions = sqliteTable('vehicle_last_positions', {
  vehicleId: integer('vehicle_id').primaryKey().references(() => vehicles.id),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  gpsTime: integer('gps_time').notNull(),
  /** WGS-84 degrees, as stored in the track. */
  lon: real('lon').notNull(),
  lat: real('lat').notNull(),
  speed: real('speed').notNull(),
  direction: integer('direction').notNull(),
  odometer: real('odometer').notNull(),
  status: integer('status').notNull(),
  /** The point's collected sensor readings as JSON ({"t1":4.2,"h1":60}); channels not collected are absent. */
  sensors: text('sensors').notNull(),
  /** When the batch holding the point was stored (epoch ms). */
  storedAt: integer('stored_at').notNull(),
}, (t) => [index('vehicle_last_positions_corp_time').on(t.corpId, t.gpsTime)]);

/**
 * JT/T 808 terminals that registered with the gateway (server/gateway/jt808): the vehicle each
 * phone number (终端手机号, leading zeros dropped) was matched to at registration, and the SHA-256 of
 * the authentication code it was given, which every later connection's 0x0102 must present.
 */
export const jt808Terminals = sqliteTable('jt808_terminals', {
  id: integer('id').primaryKey(),
  phone: text('phone').notNull(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id),
  authCodeHash: text('auth_code_hash').notNull(),
  /** 终端ID and 终端型号 from the registration; the model chooses the device profile. */
  terminalId: text('terminal_id').notNull(),
  model: text('model').notNull(),
  /** 2013 or 2019. */
  protocolVersion: integer('protocol_version').notNull(),
  registeredAt: integer('registered_at').notNull(),
  authenticatedAt: integer('authenticated_at'),
}, (t) => [uniqueIndex('jt808_terminals_phone').on(t.phone), index('jt808_terminals_vehicle').on(t.vehicleId)]);
