// Vehicle tracks (issue 5): points are stored per vehicle and UTC day as one binary chunk of
// typed-array columns (server/tracking/store/codec.ts), not one row per point; docs/decisions.md
// says why. Icon visibility of the track pages is kept per user.
import { sqliteTable, integer, text, blob, primaryKey, index } from 'drizzle-orm/sqlite-core';
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
