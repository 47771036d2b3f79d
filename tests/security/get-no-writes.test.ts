// No state change happens on GET: a link on another site (an <img>, a top-level navigation) can make
// a browser send a GET with its cookies, so every GET route is called as admin with the ids of real
// orders, waybills and the like, and the database must not change by a single row.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { OrderStatus } from '../../server/domain/workflow/order-machine.ts';
import { writeMark } from '../../server/db/catalog.ts';

let t: TestApp;
let token: string;
const pool: Record<string, string[]> = {};

const changeMark = () => writeMark(t.db);

beforeAll(async () => {
  t = await createTestApp({ transportDemo: true });
  token = await t.login('admin');
  const ids = async (sql: string) => (await t.db.all<{ id: number | string }>(sql)).map((r) => String(r.id));
  // A cancellable order and a copyable waybill: the calls that used to write on GET find work to do.
  const orders = await ids('SELECT id FROM orders WHERE is_deleted = 0 ORDER BY status, id LIMIT 3');
  const waybills = await ids('SELECT id FROM waybills WHERE is_deleted = 0 ORDER BY status, id LIMIT 3');
  pool.id = [...orders, ...waybills];
  pool.orderId = orders;
  pool.waybillId = waybills;
  pool.roleId = ['1'];
  pool.version = ['1', '2', '3'];
  pool.haveBrowsed = ['1', '0'];
  pool.dicTypeKey = ['waybillStatus'];
  pool.waybillNo = await ids('SELECT waybill_no AS id FROM waybills LIMIT 2');
  pool.orderNo = await ids('SELECT order_no AS id FROM orders LIMIT 2');
});

/** Query values for a GET route's input schema: each known name from the pool, enums by their first value. */
function queries(input: any): Record<string, string>[] {
  const props: Record<string, any> = input?.properties ?? {};
  const out: Record<string, string>[] = [];
  for (let i = 0; i < 3; i++) {
    const q: Record<string, string> = {};
    for (const [name, schema] of Object.entries(props)) {
      const values = pool[name] ?? (schema.enum ? schema.enum.map(String) : undefined);
      if (values?.length) q[name] = values[i % values.length];
    }
    out.push(q);
  }
  return out;
}

describe('GET changes nothing', () => {
  it('every GET route, called with real ids, leaves every row as it was', async () => {
    const gets = t.routes().filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(40);
    const writers: string[] = [];
    for (const r of gets) {
      for (const q of queries(r.input)) {
        const path = (r.absolute ? r.path : r.path)
          .replace(':id{.+}', 'base/vehicle-list')
          .replace(':id', q.id ?? '1')
          .replace(':orderNo', pool.orderNo[0])
          .replace(':version', '1');
        const before = await changeMark();
        // Raw: some GETs answer files (exports, photos), not the JSON envelope.
        const res = await t.app.request(`${r.absolute ? '' : '/api'}${path}?${new URLSearchParams(q)}`, { headers: { token } });
        // A live event stream (the fleet map's) never ends by itself: it is opened, then closed.
        if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
        else await res.arrayBuffer();
        if ((await changeMark()) !== before) writers.push(`${r.path} ${JSON.stringify(q)}`);
      }
    }
    expect(writers).toEqual([]);
    // Under 3 s on either engine on a quiet machine; the margin is for a loaded one.
  }, 120_000);

  it('the spec\'s former GET writes answer a GET with a refusal and do their work on POST', async () => {
    const order = (await t.db.one<{ id: number; version: number }>(
      'SELECT o.id, o.version FROM orders o WHERE o.status = ? AND o.is_deleted = 0 AND NOT EXISTS (SELECT 1 FROM waybill_orders wo WHERE wo.order_id = o.id) LIMIT 1',
      [OrderStatus.AWAITING_DISPATCH],
    ))!;
    const before = await t.snapshot();
    const viaGet = await t.call('GET', `/orderInfo/cancelOrder?id=${order.id}&version=${order.version}`, { token });
    expect(viaGet.code).not.toBe(1);
    await t.assertUnchanged(before);
    const viaPost = await t.call('POST', '/orderInfo/cancelOrder', { token, body: { id: order.id, version: order.version } });
    expect(viaPost.code, viaPost.message).toBe(1);
  });
});
