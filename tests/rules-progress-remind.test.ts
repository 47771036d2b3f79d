// 进度提醒: a reminder sends a message to its recipients (the dispatcher who created the waybill, the
// carrier's users, the users chosen) when a waybill has not reached its step a number of hours after
// the anchor; once per waybill and reminder however often and on however many instances the sweep
// runs; only for the waybills its scope covers; never for a deadline that fell before the reminder
// was saved; the preview says which waybills would have been reminded and when; bad input changes
// nothing; partners cannot read or write reminders.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';
import { JobRunner } from '../server/jobs/runner.ts';
import { timedSweeps } from '../server/jobs/index.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const HOUR = 3_600_000;
let t: TestApp;
let dispatcher: Caller, carrierUser: Caller, monitor: Caller;
let carrierId: number, dispatcherId: number, monitorId: number;
let customers: number[];

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
/** A waybill of the dispatcher's at 待签收 that arrived at the unloading place `agoH` hours ago. */
async function arrived(customerId: number, agoH: number) {
  const f = await insertWaybill(t.db, { customerId, carrierId });
  await placeAt(t.db, f, { status: 400, step: 12 }, carrierId);
  await t.db.run('UPDATE waybill_nodes SET actual_arrive_time = ? WHERE id = ?', [Date.now() - agoH * HOUR, f.nodes.end]);
  await t.db.run('UPDATE waybills SET created_by = ? WHERE id = ?', [dispatcherId, f.waybillId]);
  return f;
}
async function saveReminder(body: Record<string, unknown>) {
  const r = await dispatcher.post('/res/progressRemindRule/save', { notifyCreator: 1, notifyCarrier: 1, ...body });
  expect(r.code, r.message).toBe(1);
  return r.result.id as number;
}
/** The messages a user has about a waybill. */
async function remindersOf(who: Caller, waybillNo: string) {
  const r = await who.post('/message/list', { curPage: 1, pageSize: 100 });
  expect(r.code, r.message).toBe(1);
  return (r.result.data as { title: string; content: string }[]).filter((m) => m.content.includes(waybillNo));
}
const sweep = (now: number) => t.jobs.runOnce(now);

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, carrierUser, monitor] = await Promise.all([t.as('dispatcher'), t.as('carrier'), t.as('monitor')]);
  carrierId = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  dispatcherId = (await row("SELECT id FROM users WHERE user_name = 'dispatcher'")).id;
  monitorId = (await row("SELECT id FROM users WHERE user_name = 'monitor'")).id;
  customers = (await t.db.all<{ id: number }>('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 2', [])).map((c) => c.id);
});

describe('progress reminders', () => {
  let ruleId: number;

  it('offers its conditions and lists a classify\'s reminders', async () => {
    const c = await dispatcher.get('/configProcessRemindSet/getRuleConditions?firstClassifyId=1');
    expect(c.result.map((x: any) => x.classifyId)).toEqual([11, 12, 13]);
    expect((await dispatcher.get('/configProcessRemindSet/getRuleConditions?firstClassifyId=2')).result).toEqual([]);
    ruleId = await saveReminder({ ruleName: '到达3小时未签收', classifyId: 13, hours: 3, customerId: customers[0], userIds: [monitorId] });
    const list = await dispatcher.get('/configProcessRemindSet/getByClassifyId?classifyId=13');
    expect(list.result.data.map((r: any) => r.id)).toContain(ruleId);
    expect((await dispatcher.get('/configProcessRemindSet/getByClassifyId?classifyId=11')).result.data.map((r: any) => r.id)).not.toContain(ruleId);
  });

  it('sends once to the creator, the carrier\'s users and the chosen users, when the deadline has passed', async () => {
    const f = await arrived(customers[0], 2); // due in an hour
    const other = await arrived(customers[1], 2); // another customer: not this reminder's
    const now = Date.now();
    expect((await sweep(now)).progressRemind).toBe(0);
    expect(await remindersOf(dispatcher, f.waybillNo)).toEqual([]);
    const later = now + HOUR + 60_000;
    const second = new JobRunner(t.db, timedSweeps(t.registry.get));
    const [a, b] = await Promise.all([t.jobs.runOnce(later), second.runOnce(later)]);
    expect((a.progressRemind ?? 0) + (b.progressRemind ?? 0)).toBe(1);
    const text = `运单 ${f.waybillNo} 到达卸货地后超过3小时未签收`;
    for (const who of [dispatcher, carrierUser, monitor]) {
      expect(await remindersOf(who, f.waybillNo)).toEqual([expect.objectContaining({ title: '进度提醒', content: text })]);
    }
    await sweep(later + HOUR);
    expect(await remindersOf(dispatcher, f.waybillNo)).toHaveLength(1);
    expect(await remindersOf(dispatcher, other.waybillNo)).toEqual([]);
  });

  it('does not send for a waybill signed before its deadline', async () => {
    const f = await arrived(customers[0], 2);
    await t.db.run('UPDATE waybills SET status = 500, step = 13, sign_status = 1211 WHERE id = ?', [f.waybillId]);
    await sweep(Date.now() + 2 * HOUR);
    expect(await remindersOf(dispatcher, f.waybillNo)).toEqual([]);
  });

  it('never sends for a deadline that fell before the reminder was saved', async () => {
    const f = await arrived(customers[1], 5); // its 3-hour deadline fell two hours ago
    await saveReminder({ ruleName: '乙客户到达3小时未签收', classifyId: 13, hours: 3, customerId: customers[1] });
    await sweep(Date.now());
    expect(await remindersOf(dispatcher, f.waybillNo)).toEqual([]);
  });

  it('reminds a waybill that has not left the loading place hours after the planned departure', async () => {
    const f = await insertWaybill(t.db, { customerId: customers[0], carrierId });
    await placeAt(t.db, f, { status: 300, step: 4 }, carrierId);
    await t.db.run('UPDATE waybills SET created_by = ? WHERE id = ?', [dispatcherId, f.waybillId]);
    await t.db.run('UPDATE waybill_nodes SET required_leave_time = ? WHERE id = ?', [Date.now() - HOUR, f.nodes.start]);
    await saveReminder({ ruleName: '发车2小时未离场', classifyId: 11, hours: 2, notifyCarrier: 0 });
    await sweep(Date.now() + HOUR + 60_000);
    expect(await remindersOf(dispatcher, f.waybillNo)).toEqual([expect.objectContaining({ content: `运单 ${f.waybillNo} 未在计划发车后2小时内离开装货地` })]);
    expect(await remindersOf(carrierUser, f.waybillNo)).toEqual([]);
  });

  it('previews which waybills would have been reminded over the last 30 days, and when', async () => {
    const f = await arrived(customers[0], 4);
    const r = await dispatcher.post('/configProcessRemindSet/preview', { rule: { ruleName: '预览', classifyId: 13, hours: 3, customerId: customers[0] } });
    expect(r.code, r.message).toBe(1);
    expect(r.result.rows.find((x: any) => x.waybillNo === f.waybillNo)).toMatchObject({ reachedAt: '未签收' });
    const longer = await dispatcher.post('/configProcessRemindSet/preview', { rule: { ruleName: '预览', classifyId: 13, hours: 5, customerId: customers[0] } });
    expect(longer.result.rows.find((x: any) => x.waybillNo === f.waybillNo)).toBeUndefined();
  });

  it('refuses bad input with code 100 naming the field, changing nothing', async () => {
    const ok = { ruleName: '坏输入', classifyId: 13, hours: 3 };
    for (const [body, field] of [
      [{ ...ok, classifyId: 99 }, '提醒类别'],
      [{ ...ok, hours: -1 }, '超过时长'],
      [{ ...ok, hours: 'x' }, '超过时长'],
      [{ ...ok, hours: undefined }, '超过时长'],
      [{ ...ok, userIds: [99999999] }, '其他提醒人'],
      [{ ...ok, ruleName: 'x'.repeat(51) }, '规则名称'],
      [{ ...ok, conditions: [{ field: 'nope', operator: 'eq', value: 1 }] }, '条件'],
      [{ ...ok, ruleName: "'; DROP TABLE users; --", hours: 0 }, '超过时长'],
    ] as const) {
      const r = await t.refused(() => dispatcher.post('/res/progressRemindRule/save', body));
      expect(r.code).toBe(100);
      expect(r.message).toContain(field);
    }
  });

  it('is the corporation staff\'s: partners cannot list or save reminders', async () => {
    for (const who of [carrierUser, await t.as('customer')]) {
      expect((await who.get('/configProcessRemindSet/getByClassifyId?classifyId=13')).code).not.toBe(1);
      expect((await who.post('/res/progressRemindRule/save', { ruleName: '越权', classifyId: 13, hours: 1 })).code).not.toBe(1);
    }
    expect(ruleId).toBeGreaterThan(0);
  });
});
