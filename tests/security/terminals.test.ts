// Terminals are not users (docs/security.md, threat model: terminals). Track points, snapshots and
// driver events go in only with a terminal credential: issued per corporation by staff holding the
// operation, shown once, listed without its secret, revocable. A console session, however broad
// its roles, writes nothing there; a credential reaches its own corporation's vehicles only, and
// opens no console route.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { terminalPost } from '../support/terminal.ts';
import { TERMINAL_ROUTES } from '../../server/http/access-lists.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
const MIN = 60_000;
const NOW = Date.now();

const t = await createTestApp();
const sql = async (q: string, ...p: unknown[]) => (await t.db.one<Row>(q, p))!;
let admin: Caller, carrier: Caller, dispatcher: Caller, customer: Caller, admin2: Caller;
/** A vehicle of the carrier user's own carrier (it may edit it), one of another corporation. */
let own: { id: number; terminal: string }, foreign: { id: number; terminal: string };

const points = (from: number, n = 3) =>
  Array.from({ length: n }, (_, i) => ({ lon: 120.1 + i * 0.001, lat: 30.2, gpsTime: from + i * 30_000, speed: 150, direction: 90, odometer: 10 + i }));
const event = (vehicleId: number, at: number) => ({ vehicleId, eventType: 301, eventLevel: 2, gpsTime: at, lon: 120.1, lat: 30.2, speed: 60 });
const snapshot = (vehicleId: number, at: number) => ({ vehicleId, channel: 1, eventType: 1, picTime: at, lon: 120.1, lat: 30.2, fileId: 'abcdef12-0000-0000-0000-000000000000' });
/** A valid body for each ingestion route, for the given vehicle. */
const bodies = (vehicleId: number, at: number): Record<string, unknown> => ({
  '/track/ingest': { vehicleId, points: points(at) },
  '/driverAlarm/receiveEvent': event(vehicleId, at),
  '/flash/ingest': snapshot(vehicleId, at),
});
const trackCount = async (vehicleId: number, from: number) =>
  (await admin.post('/waybill/getTrackList', { vehicleId, startTime: from - MIN, endTime: from + 10 * MIN })).result.totalRecords as number;

async function issue(by: Caller, name: string) {
  const r = await by.post('/terminalCredential/add', { name });
  expect(r.code, r.message).toBe(1);
  return r.result as { id: number; name: string; prefix: string; secret: string; createdAt: number };
}

beforeAll(async () => {
  [admin, carrier, dispatcher, customer, admin2] = await Promise.all(['admin', 'carrier', 'dispatcher', 'customer', 'admin2'].map((u) => t.as(u)));
  const carrierId = (await sql("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  own = await sql('SELECT id, dataterminal_id AS terminal FROM vehicles WHERE corp_id = 1 AND carrier_id = ? AND is_deleted = 0 AND dataterminal_id IS NOT NULL ORDER BY id LIMIT 1', carrierId) as typeof own;
  foreign = await sql('SELECT id, dataterminal_id AS terminal FROM vehicles WHERE corp_id = 2 AND is_deleted = 0 AND dataterminal_id IS NOT NULL ORDER BY id LIMIT 1') as typeof foreign;
});

describe('a console session is no terminal', () => {
  it('the ingestion routes are exactly the terminal routes', () => {
    const terminal = t.routes().filter((r) => 'terminal' in r.access).map((r) => `${r.method} ${r.path}`);
    expect(terminal.sort()).toEqual([...TERMINAL_ROUTES].sort());
  });

  it.each(['carrier', 'admin'] as const)('%s, logged in, is refused on every ingestion route (103) and nothing is stored', async (who) => {
    const caller = who === 'carrier' ? carrier : admin;
    for (const [path, body] of Object.entries(bodies(own.id, NOW - 30 * MIN))) {
      const byToken = await t.refused(() => caller.post(path, body));
      expect([byToken.status, byToken.code], `${who} ${path}`).toEqual([401, 103]);
      // The console's own way: the HttpOnly cookie from a page of this origin.
      const byCookie = await t.refused(() => terminalPost(t, undefined, path, body, { cookie: `token=${caller.token}`, 'sec-fetch-site': 'same-origin' }));
      expect(byCookie.code, `${who} ${path} (cookie)`).toBe(103);
    }
    expect(await trackCount(own.id, NOW - 30 * MIN)).toBe(0);
  });

  it('a session riding along with a bad credential grants nothing', async () => {
    const r = await t.refused(() => terminalPost(t, 'hyt_' + 'x'.repeat(43), '/track/ingest', { vehicleId: own.id, points: points(NOW - 30 * MIN) }, { token: admin.token }));
    expect([r.status, r.code]).toEqual([401, 103]);
  });
});

describe('a terminal credential', () => {
  let gateway: Awaited<ReturnType<typeof issue>>;
  beforeAll(async () => {
    gateway = await issue(admin, '华东JT808网关');
  });

  it('is answered once at issue, as a long random secret with a short prefix', async () => {
    expect(gateway.secret).toMatch(/^hyt_[A-Za-z0-9_-]{43}$/);
    expect(gateway.secret.startsWith(gateway.prefix)).toBe(true);
    expect(gateway.prefix.length).toBeLessThan(16);
    // Only its SHA-256 is kept: no column holds the secret.
    const stored = JSON.stringify(await t.db.all('SELECT * FROM terminal_credentials'));
    expect(stored).not.toContain(gateway.secret);
    expect(stored).not.toContain(gateway.secret.slice(4));
  });

  it('stores points, events for its corporation\'s vehicle, whoever runs it', async () => {
    const at = NOW - 20 * MIN;
    const r = await terminalPost(t, gateway.secret, '/track/ingest', { vehicleId: own.id, points: points(at, 4) });
    expect(r.code, r.message).toBe(1);
    expect(r.result).toEqual({ received: 4, stored: 4, duplicates: 0 });
    expect(await trackCount(own.id, at)).toBe(4);
    const byTerminal = await terminalPost(t, gateway.secret, '/track/ingest', { dataTerminalId: own.terminal, points: points(at + 5 * MIN, 2) });
    expect(byTerminal.result.stored).toBe(2);
    const e = await terminalPost(t, gateway.secret, '/driverAlarm/receiveEvent', event(own.id, at));
    expect([e.code, e.result.duplicate]).toEqual([1, false]);
    expect(await sql('SELECT corp_id AS corpId, vehicle_id AS vehicleId FROM alarms WHERE id = ?', e.result.id)).toEqual({ corpId: 1, vehicleId: own.id });
  });

  it('ignores a session sent with it: the credential alone decides', async () => {
    const r = await terminalPost(t, gateway.secret, '/track/ingest', { vehicleId: own.id, points: points(NOW - 10 * MIN, 1) }, { token: admin2.token });
    expect(r.code, r.message).toBe(1);
  });

  it("reaches no vehicle of another corporation, by id or terminal id: not found, nothing stored", async () => {
    for (const [path, body] of Object.entries(bodies(foreign.id, NOW - 15 * MIN))) {
      const r = await t.refused(() => terminalPost(t, gateway.secret, path, body));
      expect([r.code, r.message], path).toEqual([0, '记录不存在或无权访问']);
    }
    const byTerminal = await t.refused(() => terminalPost(t, gateway.secret, '/track/ingest', { dataTerminalId: foreign.terminal, points: points(NOW - 15 * MIN) }));
    expect(byTerminal.code).toBe(0);
  });

  it('opens no console route, as a bearer or as a session token', async () => {
    const ways: Record<string, string>[] = [{ authorization: `Bearer ${gateway.secret}` }, { token: gateway.secret }];
    for (const headers of ways) {
      const me = await t.call('GET', '/user/getCurrentUser', { headers });
      expect([me.status, me.code]).toEqual([401, 103]);
      const list = await t.call('POST', '/terminalCredential/list', { headers, body: {} });
      expect(list.code).toBe(103);
      const add = await t.refused(() => t.call('POST', '/terminalCredential/add', { headers, body: { name: '自己签发' } }));
      expect(add.code).toBe(103);
    }
  });

  it('is listed by prefix, name, issuer and times, never with its secret', async () => {
    const r = await admin.post('/terminalCredential/list', { curPage: 1, pageSize: 20 });
    expect(r.code).toBe(1);
    const row = r.result.data.find((x: Row) => x.id === gateway.id);
    expect(row).toMatchObject({ name: '华东JT808网关', prefix: `${gateway.prefix}…`, status: 1, createdByName: '系统管理员', revokedAtStr: '' });
    expect(row.createdAtStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // It was used above for accepted writes.
    expect(row.lastUsedAtStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const text = JSON.stringify(r.result);
    expect(text).not.toContain(gateway.secret);
    expect(text).not.toMatch(/secret|hash/i);
    // Another corporation does not see it.
    const other = await admin2.post('/terminalCredential/list', {});
    expect(other.result.data.map((x: Row) => x.id)).not.toContain(gateway.id);
  });

  it('once revoked, is refused (103) at once and nothing is stored', async () => {
    const doomed = await issue(admin, '停用网关');
    expect((await terminalPost(t, doomed.secret, '/track/ingest', { vehicleId: own.id, points: points(NOW - 50 * MIN, 1) })).code).toBe(1);
    // Another corporation's admin cannot revoke it.
    expect((await t.refused(() => admin2.post('/terminalCredential/revoke', { id: doomed.id }))).message).toBe('记录不存在或无权访问');
    const revoked = await admin.post('/terminalCredential/revoke', { id: doomed.id });
    expect(revoked.code, revoked.message).toBe(1);
    for (const [path, body] of Object.entries(bodies(own.id, NOW - 45 * MIN))) {
      const r = await t.refused(() => terminalPost(t, doomed.secret, path, body));
      expect([r.status, r.code], path).toEqual([401, 103]);
    }
    expect((await t.refused(() => admin.post('/terminalCredential/revoke', { id: doomed.id }))).message).toBe('该凭证已吊销');
    const list = await admin.post('/terminalCredential/list', { status: [0] });
    expect(list.result.data.map((x: Row) => x.id)).toEqual([doomed.id]);
    expect(list.result.data[0].revokedAtStr).not.toBe('');
    // The other credential still works.
    expect((await terminalPost(t, gateway.secret, '/track/ingest', { vehicleId: own.id, points: points(NOW - 40 * MIN, 1) })).code).toBe(1);
  });
});

describe('who manages credentials', () => {
  it('staff without the operations are refused (104) and nothing changes', async () => {
    expect((await dispatcher.post('/terminalCredential/list', {})).code).toBe(104);
    expect((await t.refused(() => dispatcher.post('/terminalCredential/add', { name: '调度签发' }))).code).toBe(104);
    const id = (await sql('SELECT id FROM terminal_credentials WHERE corp_id = 1 AND revoked_at IS NULL ORDER BY id LIMIT 1')).id;
    expect((await t.refused(() => dispatcher.post('/terminalCredential/revoke', { id }))).code).toBe(104);
  });

  it('partner users are refused even when a role grants them the operations', async () => {
        for (const user of ['carrier', 'customer']) {
      const roleId = (await sql('SELECT ur.role_id AS id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = ?', user)).id;
      for (const op of ['terminalCredential3', 'terminalCredentialAdd3', 'terminalCredentialRevoke3'])
        await t.db.run('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (1, ?, ?) ON CONFLICT (role_id, operation_id) DO NOTHING', [roleId, op]);
    }
    t.sessions.invalidate();
    const id = (await sql('SELECT id FROM terminal_credentials WHERE corp_id = 1 AND revoked_at IS NULL ORDER BY id LIMIT 1')).id;
    for (const partner of [carrier, customer]) {
      expect((await partner.post('/terminalCredential/list', {})).code).toBe(104);
      expect((await t.refused(() => partner.post('/terminalCredential/add', { name: '承运商签发' }))).code).toBe(104);
      expect((await t.refused(() => partner.post('/terminalCredential/revoke', { id }))).code).toBe(104);
    }
  });

  it('an admin gets the page with 新增 and 吊销, and a name is required', async () => {
    const page = await admin.get('/ui/pages/system/terminalCredential-list');
    expect(page.code).toBe(1);
    expect(page.result.actions.map((a: Row) => a.label)).toEqual(['新增', '吊销']);
    const blank = await t.refused(() => admin.post('/terminalCredential/add', { name: '   ' }));
    expect([blank.code, blank.message]).toEqual([100, '名称不能为空']);
  });
});
