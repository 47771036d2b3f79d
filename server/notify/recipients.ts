// Who an alarm notifies (docs/rules.md "Alarm contacts"): the contacts its temperature rule names; else
// the alarm contacts of the waybill's customers and of the alarm's carrier; else the corporation's own
// (contacts with neither customer nor carrier). Only enabled, live contacts; beyond a rule's own list,
// only those set to receive business alarms. Each contact gets its channels: a message to its user
// (接收站内消息 and a user linked), an SMS (接收短信), an e-mail (an address given).
import { all, type Conn } from '../resources/statements.ts';
import type { ChannelKind } from './channels.ts';

export interface Recipient {
  contactId: number;
  customerId: number | null;
  carrierId: number | null;
  channel: ChannelKind;
  address: string;
}

interface ContactRow {
  id: number;
  mobile: string;
  email: string | null;
  userId: number | null;
  userLive: number;
  customerId: number | null;
  carrierId: number | null;
  receiveSms: number;
  receiveMessage: number;
}

const SELECT = `SELECT c.id, c.mobile, c.email, c.user_id AS "userId", c.customer_id AS "customerId", c.carrier_id AS "carrierId",
  c.receive_sms AS "receiveSms", c.receive_message AS "receiveMessage",
  CASE WHEN u.id IS NOT NULL AND u.is_deleted = 0 THEN 1 ELSE 0 END AS "userLive"
  FROM alarm_contacts c LEFT JOIN users u ON u.id = c.user_id AND u.corp_id = c.corp_id
  WHERE c.corp_id = ? AND c.is_deleted = 0 AND c.status = 0`;

async function contactsOf(conn: Conn, alarm: { corpId: number; waybillId: number | null; carrierId: number | null }, ruleContactIds: readonly number[]) {
  if (ruleContactIds.length) {
    return all<ContactRow>(conn, `${SELECT} AND c.id IN (${ruleContactIds.map(() => '?').join(', ')}) ORDER BY c.id`, alarm.corpId, ...ruleContactIds);
  }
  const partners = await all<ContactRow>(conn,
    `${SELECT} AND c.receive_business_alarm = 1 AND (c.carrier_id = ? OR c.customer_id IN (
       SELECT o.customer_id FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.waybill_id = ? AND o.is_deleted = 0))
     ORDER BY c.id`, alarm.corpId, alarm.carrierId ?? -1, alarm.waybillId ?? -1);
  if (partners.length) return partners;
  return all<ContactRow>(conn, `${SELECT} AND c.receive_business_alarm = 1 AND c.customer_id IS NULL AND c.carrier_id IS NULL ORDER BY c.id`, alarm.corpId);
}

export async function alarmRecipients(conn: Conn, alarm: { corpId: number; waybillId: number | null; carrierId: number | null }, ruleContactIds: readonly number[]): Promise<Recipient[]> {
  const out: Recipient[] = [];
  for (const c of await contactsOf(conn, alarm, ruleContactIds)) {
    const base = { contactId: c.id, customerId: c.customerId, carrierId: c.carrierId };
    if (c.receiveMessage === 1 && c.userId !== null && c.userLive === 1) out.push({ ...base, channel: 'message', address: String(c.userId) });
    if (c.receiveSms === 1 && c.mobile) out.push({ ...base, channel: 'sms', address: c.mobile });
    if (c.email) out.push({ ...base, channel: 'email', address: c.email });
  }
  return out;
}
