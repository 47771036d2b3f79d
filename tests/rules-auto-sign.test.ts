// 自动签收: a waybill left at 待签收 past the hours of the corporation's setting is signed off by the
// periodic sweep as 正常签收 by 系统（自动签收）, through the user's own 签收 (the timeline, the order in
// step); not before its deadline, not while the setting is off, and once however many instances sweep
// at the same moment; a later change does not re-judge a deadline that already fell; the preview says
// which waybills would have been signed and when; bad input changes nothing; partners may not see it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';
import { JobRunner } from '../server/jobs/runner.ts';
import { timedSweeps } from '../server/jobs/index.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const HOUR = 3_600_000;
let t: TestApp;
let dispatcher: Caller;
let carrierId: number;
let customers: number[];

const row = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
/** A waybill that left the unloading place `agoH` hours ago (待签收). */
async function waiting(customerId = customers[0], agoH = 1) {
  const f = await insertWaybill(t.db, { customerId, carrierId });
  await placeAt(t.db, f, { status: 400, step: 12 }, carrierId);
  await t.db.run('UPDATE waybill_nodes SET actual_leave_time = ? WHERE id = ?', [Date.now() - agoH * HOUR, f.nodes.end]);
  return f;
}
const state = (id: number) => row('SELECT status, step, sign_status AS "signStatus" FROM waybills WHERE id = ?', id);
const signEvents = async (id: number) => t.db.all<any>("SELECT user_name AS \"userName\", payload FROM waybill_events WHERE waybill_id = ? AND action = 'signOrder'", [id]);
const sweep = (now: number) => t.jobs.runOnce(now);
async function setting(body: Record<string, unknown>) {
  const r = await dispatcher.post('/signInTimeSetting/addOrUpdate', body);
  expect(r.code, r.message).toBe(1);
  return r.result;
}
/** As if every version of the setting had been written `ago` ms earlier. */
const backdate = (ago: number) => t.db.run("UPDATE rule_versions SET valid_since = valid_since - ?, valid_until = valid_until - ? WHERE rule_type = 'autoSign'", [ago, ago]);

/** As if the setting now in force had been saved at `at` (the one before it ending then). */
async function currentSince(at: number) {
  const cur = await row("SELECT id, valid_since AS since FROM rule_versions WHERE rule_type = 'autoSign' AND valid_until IS NULL");
  await t.db.run("UPDATE rule_versions SET valid_until = ? WHERE rule_type = 'autoSign' AND valid_until = ?", [at, cur.since]);
  await t.db.run('UPDATE rule_versions SET valid_since = ? WHERE id = ?', [at, cur.id]);
}

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.as('dispatcher');
  carrierId = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  customers = (await t.db.all<{ id: number }>('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 2', [])).map((c) => c.id);
});

describe('signInTimeSetting', () => {
  it('starts off, and answers what was saved', async () => {
    expect((await dispatcher.get('/signInTimeSetting/getSignInTimeSetting')).result).toMatchObject({ enabled: 0, customerIds: [], businessTypes: [] });
    const saved = await setting({ enabled: 1, hours: 2 });
    expect(saved).toMatchObject({ enabled: 1, hours: 2, customerIds: [], businessTypes: [] });
    expect((await dispatcher.get('/signInTimeSetting/getSignInTimeSetting')).result).toMatchObject({ enabled: 1, hours: 2 });
  });

  it('signs a waybill at 待签收 once its hours have passed, not before, as the system, through 签收', async () => {
    await setting({ enabled: 1, hours: 2 });
    await backdate(2 * HOUR);
    const f = await waiting(customers[0], 1);
    const orderBefore = (await row('SELECT status FROM orders WHERE id = ?', f.orderId)).status;
    const now = Date.now();
    expect((await sweep(now)).autoSign).toBe(0); // reached 待签收 an hour ago: due in an hour
    expect(await state(f.waybillId)).toMatchObject({ status: 400, step: 12, signStatus: 1210 });
    await sweep(now + HOUR + 60_000);
    expect(await state(f.waybillId)).toMatchObject({ status: 500, step: 13, signStatus: 1211 });
    const events = await signEvents(f.waybillId);
    expect(events).toHaveLength(1);
    expect(events[0].userName).toBe('系统（自动签收）');
    expect(JSON.parse(events[0].payload).remark).toBe('到达待签收后2小时未签收，系统自动签收');
    // The order the waybill carries is brought in step as by a user's 签收.
    expect((await row('SELECT status FROM orders WHERE id = ?', f.orderId)).status).not.toBe(orderBefore);
    // A second sweep does nothing more.
    expect((await sweep(now + 2 * HOUR)).autoSign).toBe(0);
    expect(await signEvents(f.waybillId)).toHaveLength(1);
  });

  it('signs once when two instances sweep at the same moment', async () => {
    const f = await waiting(customers[0], 3);
    const second = new JobRunner(t.db, timedSweeps(t.registry.get));
    const now = Date.now();
    const [a, b] = await Promise.all([t.jobs.runOnce(now), second.runOnce(now)]);
    expect((a.autoSign ?? 0) + (b.autoSign ?? 0)).toBe(1);
    expect(await signEvents(f.waybillId)).toHaveLength(1);
    expect((await row("SELECT count(*) AS n FROM timed_rule_marks WHERE kind = 'autoSign' AND waybill_id = ?", f.waybillId)).n).toBe(1);
  });

  it('does nothing while off, and turning it on later does not re-judge a deadline that fell while off', async () => {
    await setting({ enabled: 0, hours: 2 });
    await currentSince(Date.now() - 2 * HOUR);
    const f = await waiting(customers[0], 3); // its deadline fell an hour ago, while off
    await sweep(Date.now());
    expect((await state(f.waybillId)).signStatus).toBe(1210);
    await setting({ enabled: 1, hours: 2 });
    await sweep(Date.now());
    expect((await state(f.waybillId)).signStatus).toBe(1210);
    // A waybill reaching its deadline after the change is signed.
    const g = await waiting(customers[0], 1);
    await sweep(Date.now() + HOUR + 60_000);
    expect((await state(g.waybillId)).signStatus).toBe(1211);
  });

  it('signs only the chosen customers\' waybills when customers are chosen', async () => {
    await setting({ enabled: 1, hours: 2, customerIds: [customers[1]] });
    const mine = await waiting(customers[0], 1);
    const chosen = await waiting(customers[1], 1);
    await sweep(Date.now() + HOUR + 60_000);
    expect((await state(mine.waybillId)).signStatus).toBe(1210);
    expect((await state(chosen.waybillId)).signStatus).toBe(1211);
  });

  it('previews which waybills would have been signed over the last 30 days, and when', async () => {
    const f = await waiting(customers[0], 5);
    const r = await dispatcher.post('/signInTimeSetting/preview', { rule: { enabled: 1, hours: 4 } });
    expect(r.code, r.message).toBe(1);
    const listed = r.result.rows.find((x: any) => x.waybillNo === f.waybillNo);
    expect(listed).toMatchObject({ actual: '未签收' });
    // Not yet due under 6 hours.
    const none = await dispatcher.post('/signInTimeSetting/preview', { rule: { enabled: 1, hours: 6 } });
    expect(none.result.rows.find((x: any) => x.waybillNo === f.waybillNo)).toBeUndefined();
    expect((await dispatcher.post('/signInTimeSetting/preview', { rule: { enabled: 0, hours: 4 } })).result.signed).toBe(0);
  });

  it('refuses bad input with code 100 naming the field, changing nothing', async () => {
    for (const [body, field] of [
      [{ enabled: 1 }, '自动签收时限'],
      [{ enabled: 2, hours: 2 }, '自动签收'],
      [{ enabled: 1, hours: -1 }, '自动签收时限'],
      [{ enabled: 1, hours: 'abc' }, '自动签收时限'],
      [{ enabled: 1, hours: 100000 }, '自动签收时限'],
      [{ enabled: 1, hours: 2, customerIds: [999999] }, '适用客户'],
      [{ enabled: 1, hours: 2, customerIds: ["1' OR 1=1 --"] }, '适用客户'],
      [{ enabled: 1, hours: 2, businessTypes: Array.from({ length: 50 }, (_, i) => i) }, '适用业务类型'],
      [{ enabled: 1, hours: 2, other: '<script>alert(1)</script>' }, ''],
    ] as const) {
      const r = await t.refused(() => dispatcher.post('/signInTimeSetting/addOrUpdate', body));
      expect(r.code).toBe(100);
      expect(r.message).toContain(field);
    }
  });

  it('is the corporation staff\'s: partners are refused', async () => {
    for (const who of ['carrier', 'customer']) {
      const u = await t.as(who);
      expect((await u.get('/signInTimeSetting/getSignInTimeSetting')).code).not.toBe(1);
      expect((await u.post('/signInTimeSetting/addOrUpdate', { enabled: 1, hours: 1 })).code).not.toBe(1);
    }
  });
});
