// The operation log and the interface usage log (server/logs): written by middleware for every
// route, scoped to the corporation, never holding a password, added up across instances, purged by
// each corporation's retention.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../server/app.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { startLogs } from '../server/logs/logs.ts';
import { purgeLogs, retentionOf, RETENTION_DEFAULTS } from '../server/logs/retention.ts';
import { isReadOnlyPath, operationNames, operationOf, recordIdsOf } from '../server/logs/rules.ts';
import { shanghaiDay } from '../server/logs/usage.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { openTestDatabase } from './support/test-db.ts';

type Row = Record<string, any>;
const DAY_MS = 86_400_000;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['as']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
});

const logsOf = (where: string, params: unknown[] = []) =>
  t.db.all<Row>(`SELECT * FROM operation_logs WHERE ${where} ORDER BY id`, params);
const lastLog = async (path: string) => (await logsOf('path = ?', [path])).at(-1);
const usageOf = async (userName: string, path: string, db = t.db) =>
  (await db.one<{ calls: number }>(
    'SELECT g.calls FROM interface_usage g JOIN users u ON u.id = g.user_id WHERE u.user_name = ? AND g.path = ? AND g.day = ?',
    [userName, path, shanghaiDay(Date.now())],
  ))?.calls ?? 0;

describe('the operation log', () => {
  it('records a write with the user, the operation, the record ids, the result and the address', async () => {
    const saved = await t.call('POST', '/res/vehicle/save', { token: admin.token, body: { vehicleNo: '浙A7L001', carrierId: 1 }, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(saved.code, saved.message).toBe(1);
    const created = await lastLog('/res/vehicle/save');
    expect(created).toMatchObject({
      corp_id: 1, user_name: 'admin', operation_id: 'vehicleAdd3', operation_name: '新增车辆',
      record_ids: String(saved.result.id), code: 1, success: 1, message: null, client_address: '203.0.113.7',
    });
    const user = (await t.db.one<Row>("SELECT id, real_name FROM users WHERE user_name = 'admin'"))!;
    expect(created).toMatchObject({ user_id: user.id, real_name: user.real_name });
    expect(Math.abs(created!.created_at - Date.now())).toBeLessThan(60_000);

    const version = (await t.db.one<{ version: number }>('SELECT version FROM vehicles WHERE id = ?', [saved.result.id]))!.version;
    const updated = await admin.post('/res/vehicle/update', { id: saved.result.id, version, remark: '改了备注' });
    expect(updated.code, updated.message).toBe(1);
    expect(await lastLog('/res/vehicle/update')).toMatchObject({ operation_name: '修改车辆', record_ids: String(saved.result.id), code: 1, success: 1 });

    const deleted = await admin.post('/res/vehicle/batchDelete', { ids: [saved.result.id, 999_999] });
    expect(deleted.code).toBe(105);
    expect(await lastLog('/res/vehicle/batchDelete')).toMatchObject({
      operation_name: '删除车辆', record_ids: `${saved.result.id},999999`, code: 105, success: 1, message: deleted.message,
    });
  });

  it('records a refused write with its code and message', async () => {
    const carrier = await t.as('carrier');
    const forbidden = await carrier.post('/res/carrier/save', { carrierCode: 'LOG01', carrierName: '日志承运商' });
    expect(forbidden.code).toBe(104);
    expect(await lastLog('/res/carrier/save')).toMatchObject({ user_name: 'carrier', operation_name: '新增承运商', code: 104, success: 0, message: forbidden.message });

    const invalid = await admin.post('/res/vehicle/update', { id: 1, version: 1, vehicleNo: '不是车牌' });
    expect(invalid.code).toBe(100);
    expect(await lastLog('/res/vehicle/update')).toMatchObject({ record_ids: '1', code: 100, success: 0, message: invalid.message });

    const stale = await admin.post('/res/vehicle/update', { id: 1, version: 999, remark: 'x' });
    expect(stale.code).toBe(0);
    expect(await lastLog('/res/vehicle/update')).toMatchObject({ code: 0, success: 0, message: stale.message });
  });

  it('names writes no menu operation names, and a route of several operations by the one the body means', async () => {
    const r = await admin.post('/tms/field/setColumn', { id: 'base/vehicle-list', columns: [{ fieldId: 'vehicleNo', display: true }] });
    expect(r.code, r.message).toBe(1);
    expect(await lastLog('/tms/field/setColumn')).toMatchObject({ operation_id: null, operation_name: '设置表格列', record_ids: null });

    const names = operationNames(t.registry.get().menus);
    const saveOrEdit = { endpoint: '/waybill/saveOrEdit', operationIds: ['waybillAdd3', 'waybillUpdate3'] };
    expect(operationOf(saveOrEdit, names, false)).toEqual({ operationId: 'waybillAdd3', operationName: names.get('waybillAdd3') });
    expect(operationOf(saveOrEdit, names, true)).toEqual({ operationId: 'waybillUpdate3', operationName: names.get('waybillUpdate3') });
    // Neither Add nor Update decides: the path.
    expect(operationOf({ endpoint: '/orderInfo/rejectDelegation', operationIds: ['orderDelegate3', 'waybillRefuse3'] }, names, true).operationName).toBe('/orderInfo/rejectDelegation');
  });

  it('leaves reads out, by the verb their path ends in', async () => {
    const before = (await logsOf('1 = 1')).length;
    expect((await admin.post('/res/vehicle/list', {})).code).toBe(1);
    expect((await admin.post('/res/vehicle/count', {})).code).toBe(1);
    expect((await admin.post('/waybill/pageQueryByCondition', {})).code).toBe(1);
    expect((await admin.post('/menu/menuTree', { useSystem: 3 })).code).toBe(1);
    expect((await admin.get('/user/getCurrentUser')).code).toBe(1);
    expect((await logsOf('1 = 1')).length).toBe(before);

    const posts = t.routes().filter((r) => r.method === 'POST').map((r) => r.path);
    const reads = ['/res/vehicle/list', '/res/vehicle/count', '/res/vehicle/history', '/waybill/pageQueryByCondition', '/report/:name/query', '/report/:name/total',
      '/menu/menuTree', '/menu/allMenu', '/message/unreadCount', '/orderStowageTask/unAcceptedLineResult', '/log/operationLog/list', '/waybillAction/getGoodsBeforeSign'];
    const writes = ['/res/vehicle/save', '/res/vehicle/update', '/res/vehicle/batchDelete', '/waybillAction/receive', '/exportCenter/create', '/signOut',
      '/user/modifyCurrentPassword', '/orderInfo/cancelOrder', '/terminalCredential/revoke', '/message/markRead', '/orderStowageTask/confirmResult'];
    for (const p of [...reads, ...writes]) expect(posts, p).toContain(p);
    expect(reads.filter((p) => !isReadOnlyPath(p))).toEqual([]);
    expect(writes.filter((p) => isReadOnlyPath(p))).toEqual([]);
  });

  it('never stores a password, a token or a body', async () => {
    const pwd = 'Logpass#2026x';
    const fresh = await admin.post('/res/user/save', { userName: 'log_pwd_user', realName: '日志用户', userType: 0, password: pwd });
    expect(fresh.code, fresh.message).toBe(1);
    const token = await t.login('log_pwd_user', pwd);
    const changed = await t.call('POST', '/user/modifyCurrentPassword', { token, body: { oldPassword: b64(pwd), newPassword: b64(`${pwd}1`), confirmPassword: b64(`${pwd}1`) } });
    expect(changed.code, changed.message).toBe(1);
    const wrong = await t.call('POST', '/user/modifyCurrentPassword', { token, body: { oldPassword: b64('Wrong#2026x'), newPassword: b64(`${pwd}2`), confirmPassword: b64(`${pwd}2`) } });
    expect(wrong.code).not.toBe(1);
    await t.call('POST', '/login', { body: { userName: 'admin', password: 'Wrong#2026x' } });
    await t.logs.flush();

    const rows = await logsOf('1 = 1');
    expect(rows.map((r) => r.operation_name)).toEqual(expect.arrayContaining(['新增用户', '修改密码']));
    const stored = JSON.stringify([...rows, ...(await t.db.all('SELECT * FROM interface_usage'))]);
    for (const secret of [pwd, `${pwd}1`, 'Wrong#2026x', b64(pwd), b64(`${pwd}1`), b64('Wrong#2026x'), DEMO_PASSWORD, token, admin.token]) {
      expect(stored, secret).not.toContain(secret);
    }
    // No column could hold one: the table keeps no body.
    expect(Object.keys(rows[0]).filter((k) => /pass|pwd|token|secret|body/i.test(k))).toEqual([]);
    expect(recordIdsOf({ id: 5, password: 'x', token: 'y', ids: ['6', 'abc', -1, 7.5], idList: [8] })).toBe('5,6,8');
  });
});

describe('the interface usage log', () => {
  it('counts every call per user, endpoint and Shanghai day: N calls are N after a flush', async () => {
    await t.logs.flush();
    const before = await usageOf('admin', '/waybill/pageQueryByCondition');
    for (let i = 0; i < 7; i++) expect((await admin.post('/waybill/pageQueryByCondition', {})).code).toBe(1);
    expect(await usageOf('admin', '/waybill/pageQueryByCondition')).toBe(before);
    await t.logs.flush();
    expect(await usageOf('admin', '/waybill/pageQueryByCondition')).toBe(before + 7);

    // A path parameter stays a parameter: one endpoint, whatever the page.
    await admin.get('/ui/pages/base/vehicle-list');
    await admin.get('/ui/pages/base/driver-list');
    await t.logs.flush();
    expect(await usageOf('admin', '/ui/pages/:id')).toBeGreaterThanOrEqual(2);
    // Refusals count as calls; calls without a user (a login) do not.
    expect(await usageOf('admin', '/login')).toBe(0);
  });

  it('adds up the counts of two instances over one database in the same row', async () => {
    const other = await createApp({ db: t.db, registry: holdRegistry(), filesDir: mkdtempSync(join(tmpdir(), 'huoyun-files-')) });
    try {
      await t.logs.flush();
      const before = await usageOf('admin', '/menu/getLogoUrl');
      const onOther = () => other.app.request('/api/menu/getLogoUrl', { method: 'POST', headers: { token: admin.token, 'content-type': 'application/json' }, body: '{}' });
      for (let i = 0; i < 3; i++) expect((await admin.post('/menu/getLogoUrl')).code).toBe(1);
      for (let i = 0; i < 4; i++) expect((await onOther()).status).toBe(200);
      await Promise.all([t.logs.flush(), other.logs.flush()]);
      expect(await usageOf('admin', '/menu/getLogoUrl')).toBe(before + 7);
      const rows = await t.db.all('SELECT id FROM interface_usage WHERE path = ? AND day = ?', ['/menu/getLogoUrl', shanghaiDay(Date.now())]);
      expect(rows.length).toBe(1);
      // What an instance still holds when it closes is written by close().
      for (let i = 0; i < 2; i++) expect((await onOther()).status).toBe(200);
      await other.close();
      expect(await usageOf('admin', '/menu/getLogoUrl')).toBe(before + 9);
    } finally {
      await other.close();
    }
  });

  it('stops its timers when the database is closed under it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const db = await openTestDatabase();
      const logs = startLogs(db, t.registry, () => t.routes(), { flushMs: 20, purgeMs: 20 });
      await new Promise((res) => setTimeout(res, 60));
      await db.close();
      await new Promise((res) => setTimeout(res, 100));
      await logs.stop();
      expect(errors.mock.calls.filter(([first]) => String(first).startsWith('[logs]'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('the log lists', () => {
  it('show the operation log of the caller corporation, filtered', async () => {
    const all = await admin.post('/log/operationLog/list', { pageSize: 1000 });
    expect(all.code, all.message).toBe(1);
    expect(all.result.totalRecords).toBeGreaterThan(5);
    const first = all.result.data[0];
    expect(first).toMatchObject({ userName: expect.any(String), operationName: expect.any(String), path: expect.any(String), createdAtStr: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(all.result.data.map((r: Row) => r.createdAt)).toEqual([...all.result.data.map((r: Row) => r.createdAt)].sort((a, b) => b - a));

    const refused = await admin.post('/log/operationLog/list', { success: [0], pageSize: 1000 });
    expect(refused.result.data.length).toBeGreaterThan(0);
    expect(refused.result.data.every((r: Row) => r.success === 0 && r.successStr === '失败')).toBe(true);
    const byUser = await admin.post('/log/operationLog/list', { userName: 'carrie', pageSize: 1000 });
    expect(byUser.result.data.length).toBeGreaterThan(0);
    expect(byUser.result.data.every((r: Row) => r.userName === 'carrier')).toBe(true);
    const byOperation = await admin.post('/log/operationLog/list', { operation: '车辆', pageSize: 1000 });
    expect(new Set(byOperation.result.data.map((r: Row) => r.operationName))).toEqual(new Set(['新增车辆', '修改车辆', '删除车辆']));
    const byPath = await admin.post('/log/operationLog/list', { operation: 'vehicle/batchDel', pageSize: 1000 });
    expect(byPath.result.data.map((r: Row) => r.path)).toEqual(['/res/vehicle/batchDelete']);
    const future = await admin.post('/log/operationLog/list', { createdAt: [Date.now() + DAY_MS, null] });
    expect(future.result.totalRecords).toBe(0);
    const today = await admin.post('/log/operationLog/list', { createdAt: [Date.now() - DAY_MS, Date.now() + DAY_MS], pageSize: 1 });
    expect(today.result).toMatchObject({ totalRecords: all.result.totalRecords, curPage: 1, pageSize: 1 });
    expect(today.result.data.length).toBe(1);
  });

  it('show the usage log by day, user and endpoint', async () => {
    await t.logs.flush();
    const r = await admin.post('/log/interfaceLog/list', { userName: 'admin', path: 'pageQueryByCondition', day: [Date.now(), Date.now()] });
    expect(r.code, r.message).toBe(1);
    expect(r.result.data).toEqual([
      expect.objectContaining({ day: shanghaiDay(Date.now()), userName: 'admin', path: '/waybill/pageQueryByCondition', calls: await usageOf('admin', '/waybill/pageQueryByCondition') }),
    ]);
    const yesterday = await admin.post('/log/interfaceLog/list', { day: [Date.now() - DAY_MS, Date.now() - DAY_MS] });
    expect(yesterday.result.totalRecords).toBe(0);
  });

  it('let another corporation see none of it', async () => {
    const admin2 = await t.as('admin2');
    await admin2.post('/menu/getLogoUrl');
    await t.logs.flush();
    const ops = await admin2.post('/log/operationLog/list', { pageSize: 1000 });
    expect(ops.code, ops.message).toBe(1);
    expect(ops.result.data.filter((r: Row) => r.userName !== 'admin2')).toEqual([]);
    const usage = await admin2.post('/log/interfaceLog/list', { pageSize: 1000 });
    expect(usage.result.data.length).toBeGreaterThan(0);
    expect(usage.result.data.every((r: Row) => r.userName === 'admin2')).toBe(true);
  });

  it('are refused to users without the operation, and to partner users whatever their roles', async () => {
    for (const who of ['dispatcher', 'carrier']) {
      const u = await t.as(who);
      expect((await u.post('/log/operationLog/list', {})).code, who).toBe(104);
      expect((await u.post('/log/interfaceLog/list', {})).code, who).toBe(104);
    }
    const role = (await t.db.one<{ id: number }>("SELECT r.id FROM roles r JOIN user_roles ur ON ur.role_id = r.id JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'carrier'"))!;
    await t.db.run("INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (1, ?, 'operationLog3')", [role.id]);
    try {
      const carrier = await t.as('carrier');
      expect((await carrier.post('/log/operationLog/list', {})).code).toBe(104);
    } finally {
      await t.db.run("DELETE FROM role_operations WHERE role_id = ? AND operation_id = 'operationLog3'", [role.id]);
    }
  });

  it('answer bad input with code 100 naming the field', async () => {
    const bad: [string, Row, string][] = [
      ['/log/operationLog/list', { pageSize: 0 }, '每页条数'],
      ['/log/operationLog/list', { success: [2] }, '结果'],
      ['/log/operationLog/list', { createdAt: ['today', null] }, '操作时间'],
      ['/log/operationLog/list', { createdAt: [1] }, '操作时间'],
      ['/log/operationLog/list', { userName: 'a\u0000' }, '操作人'],
      ['/log/operationLog/list', { operation: 'x'.repeat(101) }, '操作名称/接口'],
      ['/log/operationLog/list', { corpId: 2 }, 'corpId'],
      ['/log/interfaceLog/list', { day: [-1, null] }, '日期'],
      ['/log/interfaceLog/list', { path: 5 }, '接口'],
      ['/log/interfaceLog/list', { userName: ['admin'] }, '用户'],
      ['/log/interfaceLog/list', { curPage: 1.5 }, '页码'],
    ];
    for (const [path, body, field] of bad) {
      const r = await admin.post(path, body);
      expect([r.status, r.code], `${path} ${JSON.stringify(body)}`).toEqual([400, 100]);
      expect(r.message, `${path} ${JSON.stringify(body)}`).toContain(field);
    }
  });
});

describe('retention', () => {
  const setRetention = async (corpId: number, days: Partial<Record<keyof typeof RETENTION_DEFAULTS, number>> | null) => {
    const row = (await t.db.one<{ settings: string }>('SELECT settings FROM corporations WHERE id = ?', [corpId]))!;
    const settings = JSON.parse(row.settings);
    for (const key of Object.keys(RETENTION_DEFAULTS)) delete settings[key];
    await t.db.run('UPDATE corporations SET settings = ? WHERE id = ?', [JSON.stringify({ ...settings, ...days }), corpId]);
  };
  const oldLog = (corpId: number, at: number, path: string) =>
    t.db.run("INSERT INTO operation_logs (corp_id, user_id, user_name, created_at, path, operation_name, code, success) VALUES (?, 1, 'old', ?, ?, ?, 1, 1)", [corpId, at, path, path]);
  const oldUsage = (corpId: number, day: string, path: string) =>
    t.db.run('INSERT INTO interface_usage (corp_id, user_id, path, day, calls) VALUES (?, 1, ?, ?, 1)', [corpId, path, day]);

  it('reads each corporation setting, falling back to 180 and 90 days', () => {
    expect(retentionOf('{}')).toEqual({ operationLogRetentionDays: 180, interfaceLogRetentionDays: 90 });
    expect(retentionOf('{"operationLogRetentionDays":30,"interfaceLogRetentionDays":7}')).toEqual({ operationLogRetentionDays: 30, interfaceLogRetentionDays: 7 });
    expect(retentionOf('{"operationLogRetentionDays":0,"interfaceLogRetentionDays":"7"}')).toEqual(RETENTION_DEFAULTS);
    expect(retentionOf('not json')).toEqual(RETENTION_DEFAULTS);
  });

  it('purges only the rows older than each corporation keeps them, in batches', async () => {
    const now = Date.now();
    await setRetention(1, { operationLogRetentionDays: 30, interfaceLogRetentionDays: 7 });
    try {
      for (let i = 0; i < 5; i++) await oldLog(1, now - 31 * DAY_MS - i, '/old/1/gone');
      await oldLog(1, now - 29 * DAY_MS, '/old/1/kept');
      await oldLog(2, now - 31 * DAY_MS, '/old/2/kept');
      await oldLog(2, now - 181 * DAY_MS, '/old/2/gone');
      await oldUsage(1, shanghaiDay(now - 8 * DAY_MS), '/old/1/gone');
      await oldUsage(1, shanghaiDay(now - 6 * DAY_MS), '/old/1/kept');
      await oldUsage(2, shanghaiDay(now - 89 * DAY_MS), '/old/2/kept');
      await oldUsage(2, shanghaiDay(now - 92 * DAY_MS), '/old/2/gone');
      const recent = (await logsOf('corp_id = 1 AND path NOT LIKE ?', ['/old/%'])).length;

      expect(await purgeLogs(t.db, now, 2)).toEqual({ operationLogs: 6, interfaceUsage: 2 });
      expect((await logsOf('path LIKE ?', ['/old/%'])).map((r) => r.path).sort()).toEqual(['/old/1/kept', '/old/2/kept']);
      expect((await t.db.all<Row>("SELECT path FROM interface_usage WHERE path LIKE '/old/%' ORDER BY path")).map((r) => r.path)).toEqual(['/old/1/kept', '/old/2/kept']);
      expect((await logsOf('corp_id = 1 AND path NOT LIKE ?', ['/old/%'])).length).toBe(recent);
      // Through the app, as the daily timer runs it: nothing more is old.
      expect(await t.logs.purge(now)).toEqual({ operationLogs: 0, interfaceUsage: 0 });
    } finally {
      await setRetention(1, null);
    }
  });
});
