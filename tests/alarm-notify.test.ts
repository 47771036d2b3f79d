// An alarm's contacts are told: a temperature alarm sends one message-centre message to the rule's contact's
// user and one (logged) SMS, and replaying the same points sends nothing more; a failed send is retried and
// two senders at once send it once; without rule contacts the customer's contacts are told; partner users
// see only their own contacts and notifications; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt, type WaybillFixture } from './support/waybill-fixture.ts';
import { ingest } from '../server/tracking/ingest.ts';
import { drainNotifications, sendDue } from '../server/notify/dispatch.ts';
import { setChannel } from '../server/notify/channels.ts';
import type { TrackPoint } from '../server/tracking/columns.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const MIN = 60_000;
let t: TestApp;
let dispatcher: Caller;
interface Haul { f: WaybillFixture; vehicleId: number; customerId: number }
let a: Haul, b: Haul;
let monitorId: number;
let contactA: number, contactB: number;
const log = vi.spyOn(console, 'log');

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
const readings = (from: number, n: number, temp: number): TrackPoint[] =>
  Array.from({ length: n }, (_, i) => ({ lon: 116.5, lat: 39.9 + i * 0.001, gpsTime: from + i * MIN, speed: 50, direction: 0, odometer: i, status: 0, t1: temp }));
const smsLogsTo = (mobile: string) => log.mock.calls.filter((c) => String(c[0]).startsWith('[通知] 短信') && String(c[0]).includes(mobile)).length;
const alarmMessages = async () => (await row("SELECT count(*) AS n FROM messages WHERE user_id = ? AND kind = 'alarm'", monitorId)).n;
const notificationsOf = (waybillId: number) => t.db.all<any>(`SELECT n.contact_id AS "contactId", n.channel, n.address, n.status, n.attempts FROM notifications n
  JOIN alarms a ON a.id = n.alarm_id WHERE a.waybill_id = ? ORDER BY n.contact_id, n.channel`, [waybillId]);

async function haul(customerId: number, carrierOffset: number): Promise<Haul> {
  const carrierId = (await row(`SELECT c.id FROM carriers c WHERE c.corp_id = 1 AND c.is_deleted = 0
    AND EXISTS (SELECT 1 FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.carrier_id = c.id AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0)
    ORDER BY c.id LIMIT 1 OFFSET ?`, carrierOffset)).id;
  const f = await insertWaybill(t.db, { customerId, carrierId });
  await placeAt(t.db, f, { status: 400, step: 10 }, carrierId);
  const vehicleId = (await row('SELECT vehicle_id AS id FROM waybills WHERE id = ?', f.waybillId)).id;
  await t.db.run('UPDATE vehicles SET gather_temperature = 1, temperaturectrl = 1 WHERE id = ?', [vehicleId]);
  return { f, vehicleId, customerId };
}

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  // Customer A is the demo customer user's; B another.
  const customerA = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'customer'")).id;
  const customerB = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', customerA)).id;
  a = await haul(customerA, 0);
  b = await haul(customerB, 1);
  monitorId = (await row("SELECT id FROM users WHERE user_name = 'monitor'")).id;
  const saveContact = async (body: Record<string, unknown>) => {
    const r = await dispatcher.post('/res/alarmContact/save', { receiveBusinessAlarm: 1, receiveSms: 1, status: 0, ...body });
    expect(r.code, r.message).toBe(1);
    return r.result.id as number;
  };
  contactA = await saveContact({ contactName: '甲客户质控', mobile: '13900000001', customerId: customerA, userId: monitorId, receiveMessage: 1 });
  contactB = await saveContact({ contactName: '乙客户质控', mobile: '13900000002', customerId: customerB, receiveMessage: 0 });
});

afterAll(() => log.mockRestore());

describe('alarm contacts are notified', () => {
  it('a temperature alarm sends one message to the rule\'s contact\'s user and one logged SMS; replayed points send nothing more', async () => {
    const saved = await dispatcher.post('/temperatureRule/save', { ruleName: '甲客户冷藏', customerId: a.customerId, tempMin: 2, tempMax: 4, toleranceMinutes: 5, contactIds: [contactA] });
    expect(saved.code, saved.message).toBe(1);
    expect((await dispatcher.get(`/temperatureRule/findRuleById?id=${saved.result.id}`)).result).toMatchObject({ contactIds: [contactA], contactNames: '甲客户质控' });
    // As if saved half an hour ago: ingestion refuses points from the future.
    await t.db.run("UPDATE rule_versions SET valid_since = valid_since - ? WHERE rule_id = ? AND rule_type = 'temperature'", [30 * MIN, saved.result.id]);
    const points = readings(Date.now() - 9 * MIN, 8, 6);
    await ingest(t.db, 1, a.vehicleId, points);
    await drainNotifications(t.db);
    expect(await alarmMessages()).toBe(1);
    const message = await row("SELECT title, content FROM messages WHERE user_id = ? AND kind = 'alarm'", monitorId);
    expect(message.title).toBe('温度异常报警');
    expect(message.content).toContain('温度6℃，超出2~4℃的范围');
    expect(smsLogsTo('13900000001')).toBe(1);
    // Only the rule's contact: not the carrier's nor the corporation's.
    expect(await notificationsOf(a.f.waybillId)).toEqual([
      { contactId: contactA, channel: 'message', address: String(monitorId), status: 1, attempts: 1 },
      { contactId: contactA, channel: 'sms', address: '13900000001', status: 1, attempts: 1 },
    ]);

    await ingest(t.db, 1, a.vehicleId, points);
    await drainNotifications(t.db);
    await sendDue(t.db, Date.now() + 24 * 60 * MIN);
    expect(await alarmMessages()).toBe(1);
    expect(smsLogsTo('13900000001')).toBe(1);
    expect(await notificationsOf(a.f.waybillId)).toHaveLength(2);
  });

  it('the rule preview says how many contacts its alarms would have notified', async () => {
    const { id } = (await dispatcher.post('/temperatureRule/page', { ruleName: '甲客户冷藏' })).result.data[0];
    const rule = { ruleName: '甲客户冷藏', customerId: a.customerId, tempMin: 2, tempMax: 4, toleranceMinutes: 5 };
    const one = await dispatcher.post('/temperatureRule/preview', { id, rule: { ...rule, contactIds: [contactA] } });
    expect(one.result.notifiedContacts).toBe(1);
    expect(one.result.summary).toContainEqual({ label: '将通知报警联系人', value: '1人' });
    expect((await dispatcher.post('/temperatureRule/preview', { id, rule: { ...rule, contactIds: [contactA, contactB] } })).result.notifiedContacts).toBe(2);
  });

  it('without rule contacts tells the customer\'s; a failed send is retried, and two senders at once send it once', async () => {
    const failing = setChannel('sms', { send: async () => { throw new Error('短信网关不可用'); } });
    // 12 ℃ is outside the corporation's 2~8: no rule covers customer B.
    await ingest(t.db, 1, b.vehicleId, readings(Date.now() - 9 * MIN, 8, 12));
    await drainNotifications(t.db);
    setChannel('sms', failing);
    const [pending] = (await notificationsOf(b.f.waybillId)).filter((n) => n.contactId === contactB);
    expect(pending).toMatchObject({ channel: 'sms', status: 0, attempts: 1 });
    // The corporation's default contact (陈安全, neither customer nor carrier) is not told: the partners' contacts are.
    const defaults = await row("SELECT id FROM alarm_contacts WHERE corp_id = 1 AND contact_name = '陈安全'");
    expect((await notificationsOf(b.f.waybillId)).some((n) => n.contactId === defaults.id)).toBe(false);
    expect(smsLogsTo('13900000002')).toBe(0);

    // Before its wait is over nothing goes; after it, two instances at once send it once.
    await sendDue(t.db);
    expect(smsLogsTo('13900000002')).toBe(0);
    const later = Date.now() + 10 * MIN;
    await Promise.all([sendDue(t.db, later), sendDue(t.db, later)]);
    expect(smsLogsTo('13900000002')).toBe(1);
    expect((await notificationsOf(b.f.waybillId)).find((n) => n.contactId === contactB)).toMatchObject({ status: 1, attempts: 2 });
  });

  it('shows partners only their own contacts and notifications', async () => {
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, op.id FROM user_roles ur JOIN users u ON u.id = ur.user_id
      CROSS JOIN (SELECT 'alarmNotification3' AS id UNION ALL SELECT 'alarmContact3') op WHERE u.user_name IN ('customer', 'carrier') ON CONFLICT DO NOTHING`, []);
    const admin = await t.as('admin');
    const all = (await admin.post('/alarmNotification/page', { pageSize: 100 })).result.data;
    expect(all.map((n: any) => n.contactName)).toEqual(expect.arrayContaining(['甲客户质控', '乙客户质控']));
    const sms = all.find((n: any) => n.contactName === '甲客户质控' && n.channelStr === '短信');
    expect(sms).toMatchObject({ receiver: '13900000001', statusStr: '已发送', title: '温度异常报警' });
    expect(all.find((n: any) => n.contactName === '甲客户质控' && n.channelStr === '站内消息').receiver).toBe((await row('SELECT real_name AS name FROM users WHERE id = ?', monitorId)).name);

    const customer = await t.as('customer');
    const own = (await customer.post('/alarmNotification/page', { pageSize: 100 })).result.data;
    expect(own.length).toBe(2);
    expect(new Set(own.map((n: any) => n.contactName))).toEqual(new Set(['甲客户质控']));
    const contacts = (await customer.post('/alarmContact/findAllAlarmContact', { pageSize: 100 })).result.data;
    expect(contacts.map((c: any) => c.contactName)).toEqual(['甲客户质控']);

    const carrier = await t.as('carrier');
    const carrierRows = (await carrier.post('/alarmNotification/page', { pageSize: 100 })).result.data;
    expect(carrierRows.some((n: any) => ['甲客户质控', '乙客户质控'].includes(n.contactName))).toBe(false);
    expect((await admin.post('/alarmContact/findAllAlarmContact', { customerId: b.customerId })).result.data.map((c: any) => c.contactName)).toEqual(['乙客户质控']);
    // The user a contact names is kept from deletion, as a contact's customer and carrier are.
    expect((await admin.post('/res/user/batchDelete', { ids: [monitorId] })).result).toMatchObject({ successCount: 0, cannotDeleteCount: 1 });
  });

  it.each([
    [{ contactIds: [999999] }, '报警联系人：所选报警联系人不存在'],
    [{ contactIds: 'x' }, '报警联系人'],
    [{ contactIds: [0] }, '报警联系人'],
    [{ contactIds: Array.from({ length: 21 }, (_, i) => i + 1) }, '报警联系人'],
  ])('refuses a temperature rule naming contacts %j, changing nothing', async (over, message) => {
    const r = await t.refused(() => dispatcher.post('/temperatureRule/save', { ruleName: '坏联系人', tempMin: 2, tempMax: 4, ...over }));
    expect(r.code).toBe(100);
    expect(r.message).toContain(message);
  });

  it.each([
    [{ status: [7] }, '发送状态'],
    [{ channel: ['fax'] }, '通知方式'],
    [{ contactName: 'x'.repeat(21) }, '联系人'],
    [{ alarmId: "1 OR 1=1" }, '报警'],
    [{ pageSize: -1 }, ''],
    [{ sendAll: true }, 'sendAll'],
  ])('refuses the notification list %j', async (body, field) => {
    const r = await dispatcher.post('/alarmNotification/page', body);
    expect(r.code).toBe(100);
    expect(r.message).toContain(field);
  });
});
