// The channels an alarm notification goes through, one per kind (docs/architecture.md "Alarm
// notifications"). `message` puts it in the contact's user's message centre. `sms` and `email` are the
// interface a gateway plugs into (setChannel); their default writes a log line, and the notification's
// row (table notifications, 已发送) is the record of it: no text leaves the platform until a gateway is set.
import type { Conn } from '../resources/statements.ts';
import { sendToUser } from '../messages/store.ts';

export type ChannelKind = 'message' | 'sms' | 'email';
export const CHANNEL_LABELS: Record<ChannelKind, string> = { message: '站内消息', sms: '短信', email: '邮件' };

/** One notification as a channel sends it. */
export interface Outgoing {
  id: number;
  corpId: number;
  channel: ChannelKind;
  address: string;
  title: string;
  content: string;
}

export interface Channel {
  /**
   * Delivers one notification; throws to have it retried. It runs inside the transaction that marks the
   * row sent, so a channel writing to the database (the message centre) delivers exactly once. A gateway
   * outside should pass `n.id` as its idempotency key (most SMS and mail APIs take a client message id),
   * so a retry after a crash between its call and the commit is not delivered twice.
   */
  send(conn: Conn, n: Outgoing, now: number): Promise<void>;
}

const messageChannel: Channel = {
  async send(conn, n, now) {
    await sendToUser(conn, { corpId: n.corpId, userId: Number(n.address) }, { kind: 'alarm', title: n.title, content: n.content, link: '/businessAlarmReport', now });
  },
};

/** The default SMS / e-mail channel: a log line (the row keeps what was "sent"). */
export const logChannel = (kind: ChannelKind): Channel => ({
  async send(_conn, n) {
    console.log(`[通知] ${CHANNEL_LABELS[kind]} #${n.id} → ${n.address}：${n.title} ${n.content}`);
  },
});

const channels: Record<ChannelKind, Channel> = { message: messageChannel, sms: logChannel('sms'), email: logChannel('email') };

export const channelOf = (kind: ChannelKind): Channel => channels[kind];

/** Plugs a gateway in for a kind (an SMS provider, a mail server); answers the one it replaced. */
export function setChannel(kind: ChannelKind, channel: Channel): Channel {
  const before = channels[kind];
  channels[kind] = channel;
  return before;
}
