// Messages and notices: produced by real events (a driver refusing a waybill, an order delegated to
// a carrier), the top bar's summary, the list with its read filter, marking read, own messages only.
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

const t = await createTestApp({ transportDemo: true });
const admin = await t.as('admin');
const carrier = await t.as('carrier');
const one = async <T>(sql: string, ...params: unknown[]) => (await t.db.one<T>(sql, params))!;
const userId = async (name: string) => (await one<{ id: number }>('SELECT id FROM users WHERE user_name = ?', name)).id;

describe('demo messages and notices (scripts/seed-messages.ts, seeded with the transport demo)', () => {
  it('each demo user finds messages in the message centre, some unread, texts naming their own waybills or orders', async () => {
    const dispatcher = await t.as('dispatcher');
    const customer = await t.as('customer');
    const unread = (await dispatcher.post('/message/unreadCount', {})).result;
    expect(unread).toBeGreaterThan(0);
    const all = (await dispatcher.post('/message/list', { pageSize: 100 })).result;
    expect(all.totalRecords).toBeGreaterThan(unread);
    const corpWaybills = new Set((await t.db.all<{ no: string }>('SELECT waybill_no AS no FROM waybills WHERE corp_id = 1')).map((r) => r.no));
    const named = all.data.map((m: { content: string }) => /运单 (\S+) /.exec(m.content)?.[1]).filter(Boolean);
    expect(named.length).toBeGreaterThan(0);
    for (const no of named) expect(corpWaybills.has(no)).toBe(true);
    // A customer's messages name only that customer's orders.
    const partner = (await one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p;
    const own = new Set((await t.db.all<{ no: string }>('SELECT order_no AS no FROM orders WHERE customer_id = ?', [partner])).map((r) => r.no));
    const orders = (await customer.post('/message/list', { pageSize: 100 })).result.data.map((m: { content: string }) => /订单 (\S+) /.exec(m.content)?.[1]).filter(Boolean);
    expect(orders.length).toBeGreaterThan(0);
    for (const no of orders) expect(own.has(no)).toBe(true);
  });

  it('every corporation has its notices in force; the expired one is not shown', async () => {
    for (const name of ['monitor', 'admin2']) {
      const notices = (await (await t.as(name)).get('/system/notice')).result;
      expect(notices.map((n: { title: string }) => n.title)).toEqual(['系统升级通知', '冷链运输温控提醒']);
      // The spec's field names for a notice.
      expect(notices[1]).toMatchObject({ reminderTitle: '冷链运输温控提醒', reminderContent: expect.stringContaining('预冷车厢') });
    }
  });
});

describe('messages', () => {
  it('a driver refusing a waybill tells the user who created it', async () => {
    // The admin's corporation's waybill: a message goes only to a creator of the waybill's own corporation.
    const w = await one<{ id: number; no: string }>('SELECT id, waybill_no AS no FROM waybills WHERE corp_id = 1 AND status <> 1 ORDER BY id LIMIT 1');
    await t.db.run('UPDATE waybills SET created_by = ? WHERE id = ?', [await userId('admin'), w.id]);
    const before = await one<{ n: number }>("SELECT count(*) AS n FROM messages WHERE kind = 'waybillRefused'");
    await t.db.run('UPDATE waybills SET status = 1, updated_at = ? WHERE id = ?', [Date.now(), w.id]);
    const row = await one<{ userId: number; content: string }>("SELECT user_id AS userId, content FROM messages WHERE kind = 'waybillRefused' ORDER BY id DESC LIMIT 1");
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM messages WHERE kind = 'waybillRefused'")).n).toBe(before.n + 1);
    expect(row).toEqual({ userId: await userId('admin'), content: `运单 ${w.no} 已被司机拒单，请重新派车` });
  });

  it('an order delegated to a carrier reaches that carrier\'s users, and the summary counts it as unread', async () => {
    const partner = (await one<{ p: number }>("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
    const o = await one<{ id: number; no: string }>('SELECT id, order_no AS no FROM orders WHERE carrier_id IS NULL OR carrier_id <> ? LIMIT 1', partner);
    const before = (await carrier.post('/message/summary', { lastQueryTime: 0 })).result.messageCount;
    const since = Date.now() - 1;
    await t.db.run('UPDATE orders SET carrier_id = ?, updated_at = ? WHERE id = ?', [partner, Date.now(), o.id]);
    const summary = await carrier.post('/message/summary', { lastQueryTime: since });
    expect(summary.result.messageCount).toBe(before + 1);
    expect(summary.result.theLatestNewsList[0]).toMatchObject({ kind: 'orderDelegated', content: `订单 ${o.no} 已委托给贵司，请及时安排车辆`, isRead: 0 });
    // Nothing new since now.
    expect((await carrier.post('/message/summary', { lastQueryTime: Date.now() + 1000 })).result.theLatestNewsList).toEqual([]);
  });

  it('lists by read state, marks read (own messages only) and counts unread', async () => {
    const unread = await carrier.post('/message/list', { isRead: 0 });
    expect(unread.result.totalRecords).toBeGreaterThan(0);
    const id = unread.result.data[0].id;
    // Someone else's message id changes nothing.
    expect((await admin.post('/message/markRead', { ids: [id] })).result.changed).toBe(0);
    const marked = await carrier.post('/message/markRead', { ids: [id] });
    expect(marked.result).toEqual({ changed: 1, messageCount: unread.result.totalRecords - 1 });
    const read = await carrier.post('/message/list', { isRead: 1 });
    expect(read.result.data.map((m: { id: number }) => m.id)).toContain(id);
    expect((await carrier.post('/message/markRead', {})).code).toBe(100);
    await carrier.post('/message/markRead', { all: true });
    expect((await carrier.post('/message/unreadCount', {})).result).toBe(0);
  });

  it('system notices: the corporation\'s notices in force now, for any logged-in user', async () => {
    const now = Date.now();
    await t.db.run('INSERT INTO system_notices (corp_id, title, content, starts_at, ends_at, created_at) VALUES (1, ?, ?, ?, NULL, ?), (1, ?, ?, ?, ?, ?), (2, ?, ?, ?, NULL, ?)', [
      '维护通知', '今晚维护', now - 1000, now, '过期', '旧通知', now - 5000, now - 2000, now, '别家', '嘉兴通知', now - 1000, now,
    ]);
    const r = await carrier.get('/system/notice');
    const titles = r.result.map((n: { title: string }) => n.title);
    expect(titles).toContain('维护通知');
    expect(titles).not.toContain('过期');
    expect(titles).not.toContain('别家');
  });
});
