// The message centre: messages addressed to one user (read or not), and system notices a
// corporation publishes to everyone in it for a period.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { corporations, users } from './schema.ts';

export const messages = sqliteTable('messages', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  userId: integer('user_id').notNull().references(() => users.id),
  /** What produced it: export, waybillRefused, orderDelegated, system. */
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** Where the message leads in the console, if anywhere (e.g. /exportCenter). */
  link: text('link'),
  /** 0 unread, 1 read. */
  isRead: integer('is_read').notNull().default(0),
  readAt: integer('read_at'),
  createdAt: integer('created_at').notNull(),
}, (t) => [
  index('messages_user_created').on(t.userId, t.createdAt),
  index('messages_user_unread').on(t.userId, t.isRead),
]);

export const systemNotices = sqliteTable('system_notices', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** Shown from this time (epoch ms) until `endsAt` (open-ended when null). */
  startsAt: integer('starts_at').notNull(),
  endsAt: integer('ends_at'),
  createdAt: integer('created_at').notNull(),
}, (t) => [index('system_notices_corp').on(t.corpId, t.startsAt)]);
