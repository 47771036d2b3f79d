// 通知记录: the notifications that went out (or are waiting, or failed), newest first. Staff see the
// corporation's; a customer or carrier user only those sent to its own contacts.
import type { SessionUser } from '../http/context.ts';
import { all, one, type Conn } from '../resources/statements.ts';
import { formatTime } from '../resources/time.ts';
import { likePattern } from '../resources/like.ts';
import { CHANNEL_LABELS, type ChannelKind } from './channels.ts';

export const NOTIFICATION_STATUS: Record<number, string> = { 0: '待发送', 1: '已发送', 2: '发送失败' };

export interface NotificationFilter {
  curPage: number;
  pageSize: number;
  contactName?: string;
  channel?: ChannelKind[];
  status?: number[];
  alarmId?: number;
  createdAt?: (number | null)[];
}

interface Row {
  id: number;
  alarmId: number;
  contactName: string | null;
  channel: ChannelKind;
  address: string;
  title: string;
  content: string;
  status: number;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  receiverName: string | null;
}

export async function listNotifications(conn: Conn, user: SessionUser, f: NotificationFilter) {
  const where = ['n.corp_id = ?'];
  const params: unknown[] = [user.corpId];
  if (user.userType === 1) (where.push('n.customer_id = ?'), params.push(user.partnerId ?? -1));
  if (user.userType === 2) (where.push('n.carrier_id = ?'), params.push(user.partnerId ?? -1));
  if (f.contactName) (where.push(`c.contact_name LIKE ? ESCAPE '\\'`), params.push(likePattern(f.contactName, '联系人')));
  if (f.channel?.length) (where.push(`n.channel IN (${f.channel.map(() => '?').join(', ')})`), params.push(...f.channel));
  if (f.status?.length) (where.push(`n.status IN (${f.status.map(() => '?').join(', ')})`), params.push(...f.status));
  if (f.alarmId !== undefined) (where.push('n.alarm_id = ?'), params.push(f.alarmId));
  const [from, to] = f.createdAt ?? [];
  if (typeof from === 'number') (where.push('n.created_at >= ?'), params.push(from));
  if (typeof to === 'number') (where.push('n.created_at <= ?'), params.push(to));
  const sql = `FROM notifications n LEFT JOIN alarm_contacts c ON c.id = n.contact_id WHERE ${where.join(' AND ')}`;
  const rows = await all<Row>(conn,
    `SELECT n.id, n.alarm_id AS "alarmId", c.contact_name AS "contactName", n.channel, n.address, n.title, n.content, n.status, n.attempts,
       n.last_error AS "lastError", n.created_at AS "createdAt", n.sent_at AS "sentAt",
       (SELECT u.real_name FROM users u WHERE n.channel = 'message' AND u.id = c.user_id) AS "receiverName"
     ${sql} ORDER BY n.created_at DESC, n.id DESC LIMIT ? OFFSET ?`, ...params, f.pageSize, (f.curPage - 1) * f.pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n ${sql}`, ...params))!;
  const data = rows.map(({ address, receiverName, ...r }) => ({
    ...r,
    // A message goes to a user: show the user's name, never its id.
    receiver: r.channel === 'message' ? (receiverName ?? '') : address,
    channelStr: CHANNEL_LABELS[r.channel],
    statusStr: NOTIFICATION_STATUS[r.status],
    createdAtStr: formatTime(r.createdAt),
    sentAtStr: formatTime(r.sentAt),
  }));
  return { data, totalRecords: n, curPage: f.curPage, pageSize: f.pageSize };
}
