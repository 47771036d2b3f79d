// The message centre: messages addressed to one user (read or not), and system notices a
// corporation publishes to everyone in it for a period. Also the alarm notifications (server/notify):
// the outbox of what an alarm's contacts are told, through which channel, and how it went.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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

/**
 * One notification of one alarm to one contact through one channel (通知记录): written in the alarm's
 * transaction, sent after the commit by server/notify/dispatch.ts. The unique key makes a replayed
 * batch or a second instance add nothing; the claim (claimed_until) lets one sender at a time try a row.
 */
export const notifications = sqliteTable('notifications', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  alarmId: integer('alarm_id').notNull(),
  contactId: integer('contact_id').notNull(),
  /** message (站内消息), sms (短信), email (邮件): server/notify/channels.ts. */
  channel: text('channel').notNull(),
  /** Where it goes: the user's id for a message, the mobile number, the e-mail address. */
  address: text('address').notNull(),
  /** The contact's customer and carrier when it was written: who of the partners may see the row. */
  customerId: integer('customer_id'),
  carrierId: integer('carrier_id'),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** 0 待发送, 1 已发送, 2 发送失败 (retries used up). */
  status: integer('status').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  /** Not tried again before this time (epoch ms): the retry's wait. */
  nextTryAt: integer('next_try_at').notNull(),
  /** A sender holds the row until then; a sender that died lets it go when it passes. */
  claimedUntil: integer('claimed_until'),
  lastError: text('last_error'),
  createdAt: integer('created_at').notNull(),
  sentAt: integer('sent_at'),
}, (t) => [
  uniqueIndex('notifications_alarm_contact_channel').on(t.alarmId, t.contactId, t.channel),
  index('notifications_due').on(t.status, t.nextTryAt),
  index('notifications_corp_created').on(t.corpId, t.createdAt),
]);
