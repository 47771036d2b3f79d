// Messages to one user and the corporation's system notices. Producers: the export and import
// runners (a task finished or failed) and the database triggers of migration 0011 (a driver refused a waybill, an
// order delegated to a carrier).
import { all, one, run, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';

export interface NewMessage {
  kind: string;
  title: string;
  content: string;
  link?: string | null;
  now: number;
}

/** Sends to one user of a corporation (the import runner tells a task's owner how it ended). */
export async function sendToUser(conn: Conn, to: { corpId: number; userId: number }, m: NewMessage) {
  await run(conn, 'INSERT INTO messages (corp_id, user_id, kind, title, content, link, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)',
    to.corpId, to.userId, m.kind, m.title, m.content, m.link ?? null, m.now);
}

/** Sends to the owner of an export task, only while the task exists (a rolled-back create has none). */
export async function sendToTaskOwner(conn: Conn, taskId: number, m: NewMessage) {
  await run(conn, `INSERT INTO messages (corp_id, user_id, kind, title, content, link, is_read, created_at)
    SELECT corp_id, user_id, ?, ?, ?, ?, 0, ? FROM export_tasks WHERE id = ?`, m.kind, m.title, m.content, m.link ?? null, m.now, taskId);
}

interface MessageRow {
  id: number;
  kind: string;
  title: string;
  content: string;
  link: string | null;
  isRead: number;
  createdAt: number;
}
const COLUMNS = 'id, kind, title, content, link, is_read AS isRead, created_at AS createdAt';
const view = (m: MessageRow) => ({ ...m, createdAtStr: formatTime(m.createdAt) });

export const unreadCount = async (conn: Conn, userId: number) =>
  (await one<{ n: number }>(conn, 'SELECT count(*) AS n FROM messages WHERE user_id = ? AND is_read = 0', userId))!.n;

/** isRead: 0 unread only, 1 read only, absent both. */
export async function listMessages(conn: Conn, userId: number, req: { curPage?: number; pageSize?: number; isRead?: number | null }) {
  const curPage = req.curPage ?? 1;
  const pageSize = req.pageSize ?? 20;
  const filter = req.isRead === 0 || req.isRead === 1 ? ' AND is_read = ?' : '';
  const params = filter ? [userId, req.isRead] : [userId];
  const data = (await all<MessageRow>(conn, `SELECT ${COLUMNS} FROM messages WHERE user_id = ?${filter} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ...params, pageSize, (curPage - 1) * pageSize)).map(view);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM messages WHERE user_id = ?${filter}`, ...params))!;
  return { data, totalRecords: n, curPage, pageSize };
}

/** The top bar's summary: unread count, and the unread messages that arrived since the last poll (newest first, up to 5). */
export async function messageSummary(conn: Conn, userId: number, lastQueryTime: number) {
  const theLatestNewsList = (await all<MessageRow>(conn,
    `SELECT ${COLUMNS} FROM messages WHERE user_id = ? AND is_read = 0 AND created_at > ? ORDER BY created_at DESC, id DESC LIMIT 5`, userId, lastQueryTime)).map(view);
  return { messageCount: await unreadCount(conn, userId), theLatestNewsList };
}

/** Marks the user's own messages read (ids), or all of them; answers how many changed. */
export async function markRead(conn: Conn, userId: number, ids: number[] | undefined, now: number): Promise<number> {
  if (!ids) return (await run(conn, 'UPDATE messages SET is_read = 1, read_at = ? WHERE user_id = ? AND is_read = 0', now, userId)).changes;
  let changed = 0;
  for (const id of new Set(ids)) changed += (await run(conn, 'UPDATE messages SET is_read = 1, read_at = ? WHERE id = ? AND user_id = ? AND is_read = 0', now, id, userId)).changes;
  return changed;
}

/** Notices of the user's corporation in force now, newest first. */
export async function currentNotices(conn: Conn, corpId: number, now: number) {
  return (await all<{ id: number; title: string; content: string; startsAt: number; endsAt: number | null }>(conn,
    `SELECT id, title, content, starts_at AS startsAt, ends_at AS endsAt FROM system_notices
      WHERE corp_id = ? AND starts_at <= ? AND (ends_at IS NULL OR ends_at > ?) ORDER BY starts_at DESC, id DESC LIMIT 20`, corpId, now, now))
    // reminderTitle and reminderContent: the notice's field names in spec section 3.
    .map((n) => ({ ...n, reminderTitle: n.title, reminderContent: n.content, startsAtStr: formatTime(n.startsAt), endsAtStr: formatTime(n.endsAt) }));
}
