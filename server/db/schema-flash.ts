// Flash photos (抓拍): snapshots a vehicle's terminal takes (on a timer, on a platform command, when
// a door opens...) of one camera channel, with the time and position. The image is an uploaded
// file (table files); the record names it. Read by time range per vehicle for the playback page.
import { sqliteTable, integer, text, real, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { corporations, vehicles } from './schema.ts';

export const flashPhotos = sqliteTable('flash_photos', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  vehicleId: integer('vehicle_id').notNull().references(() => vehicles.id),
  /** Camera channel 1-16 (the spec's routeView). */
  channel: integer('channel').notNull(),
  /** What made the terminal take it (server/flash/catalogue.ts, JT/T 808 multimedia event codes). */
  eventType: integer('event_type').notNull(),
  picTime: integer('pic_time').notNull(),
  lon: real('lon').notNull(),
  lat: real('lat').notNull(),
  speed: real('speed'),
  /** The uploaded image (files.id). */
  fileId: text('file_id').notNull(),
  createdAt: integer('created_at').notNull(),
}, (t) => [
  // A terminal retrying the same snapshot sends the same channel and time: one record.
  uniqueIndex('flash_photos_vehicle_time').on(t.vehicleId, t.picTime, t.channel),
  index('flash_photos_corp').on(t.corpId, t.picTime),
  // Which snapshot names a file: the file rules and the upload centre ask by file.
  index('flash_photos_file').on(t.fileId),
]);
