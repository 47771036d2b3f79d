// Who an alarm notifies (docs/rules.md "Alarm contacts"): the contacts its temperature rule names; else
// the alarm contacts of the waybill's customers and of the alarm's carrier; else the corporation's own
// (contacts with neither customer nor carrier). Only enabled, live contacts; beyond a rule's own list,
// only those set to receive business alarms. Each contact gets its channels: a message to its user
// (接收站内消息 and a user linked), an SMS (接收短信), an e-mail (an address given).
//
// Alarms are answered in batches: the contacts read once, the waybills' customers in one statement per
// batch, the choice made here. One alarm is a batch of one; a rule preview's month of alarms goes
// through the same code in a few statements instead of two per alarm.
import { all, type Conn } from '../resources/statements.ts';
import type { ChannelKind } from './channels.ts';

export interface Recipient {
  contactId: number;
  customerId: number | null;
  carrierId: number | null;
  channel: ChannelKind;
  address: string;
}

export interface AlarmParties { waybillId: number | null; carrierId: number | null }

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

/** Waybills per customers statement: well below either engine's parameter limit. */
const BATCH = 500;

const SELECT = `SELECT c.id, c.mobile, c.email, c.user_id AS "userId", c.customer_id AS "customerId", c.carrier_id AS "carrierId",
  c.receive_sms AS "receiveSms", c.receive_message AS "receiveMessage",
  CASE WHEN u.id IS NOT NULL AND u.is_deleted = 0 THEN 1 ELSE 0 END AS "userLive"
  FROM alarm_contacts c LEFT JOIN users u ON u.id = c.user_id AND u.corp_id = c.corp_id
  WHERE c.corp_id = ? AND c.is_deleted = 0 AND c.status = 0`;

/** The customers of each waybill's live orders. */
async function customersOf(conn: Conn, waybillIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  for (let i = 0; i < waybillIds.length; i += BATCH) {
    const part = waybillIds.slice(i, i + BATCH);
    const rows = await all<{ waybillId: number; customerId: number }>(conn,
      `SELECT DISTINCT wo.waybill_id AS "waybillId", o.customer_id AS "customerId" FROM waybill_orders wo JOIN orders o ON o.id = wo.order_id
       WHERE wo.waybill_id IN (${part.map(() => '?').join(', ')}) AND o.is_deleted = 0`, ...part);
    for (const r of rows) {
      const set = out.get(r.waybillId);
      if (set) set.add(r.customerId);
      else out.set(r.waybillId, new Set([r.customerId]));
    }
  }
  return out;
}

/** The contacts each alarm notifies, in contact id order. */
async function contactsOfEach(conn: Conn, corpId: number, alarms: readonly AlarmParties[], ruleContactIds: readonly number[]): Promise<ContactRow[][]> {
  if (ruleContactIds.length) {
    const listed = await all<ContactRow>(conn, `${SELECT} AND c.id IN (${ruleContactIds.map(() => '?').join(', ')}) ORDER BY c.id`, corpId, ...ruleContactIds);
    return alarms.map(() => listed);
  }
  const business = await all<ContactRow>(conn, `${SELECT} AND c.receive_business_alarm = 1 ORDER BY c.id`, corpId);
  if (!business.length) return alarms.map(() => []);
  const own = business.filter((c) => c.customerId === null && c.carrierId === null);
  // The partners' contacts by carrier and by customer, so that a month of alarms does not scan them all per alarm.
  const byCarrier = groupBy(business, (c) => c.carrierId);
  const byCustomer = groupBy(business, (c) => c.customerId);
  const customers = await customersOf(conn, [...new Set(alarms.flatMap((a) => (a.waybillId === null ? [] : [a.waybillId])))]);
  return alarms.map((a) => {
    const partners = new Set(a.carrierId === null ? [] : byCarrier.get(a.carrierId));
    for (const customerId of (a.waybillId === null ? undefined : customers.get(a.waybillId)) ?? []) for (const c of byCustomer.get(customerId) ?? []) partners.add(c);
    return partners.size ? [...partners].sort((x, y) => x.id - y.id) : own;
  });
}

function groupBy(contacts: readonly ContactRow[], key: (c: ContactRow) => number | null): Map<number, ContactRow[]> {
  const out = new Map<number, ContactRow[]>();
  for (const c of contacts) {
    const k = key(c);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(c);
    else out.set(k, [c]);
  }
  return out;
}

function channelsOf(contacts: readonly ContactRow[]): Recipient[] {
  const out: Recipient[] = [];
  for (const c of contacts) {
    const base = { contactId: c.id, customerId: c.customerId, carrierId: c.carrierId };
    if (c.receiveMessage === 1 && c.userId !== null && c.userLive === 1) out.push({ ...base, channel: 'message', address: String(c.userId) });
    if (c.receiveSms === 1 && c.mobile) out.push({ ...base, channel: 'sms', address: c.mobile });
    if (c.email) out.push({ ...base, channel: 'email', address: c.email });
  }
  return out;
}

/** The recipients of each of several alarms of the corporation (one list per alarm, in order). */
export async function alarmRecipientsOfEach(conn: Conn, corpId: number, alarms: readonly AlarmParties[], ruleContactIds: readonly number[]): Promise<Recipient[][]> {
  return (await contactsOfEach(conn, corpId, alarms, ruleContactIds)).map(channelsOf);
}

export async function alarmRecipients(conn: Conn, alarm: AlarmParties & { corpId: number }, ruleContactIds: readonly number[]): Promise<Recipient[]> {
  return (await alarmRecipientsOfEach(conn, alarm.corpId, [alarm], ruleContactIds))[0];
}
