// Users and roles through the generic engine plus their domain hooks: initial passwords, partners,
// role grants, and permission changes that apply at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['as']>>;
let roleId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  roleId = (await admin.post('/res/role/save', { roleName: '车辆查看' })).result.id;
  expect((await admin.post('/role/saveOperations', { roleId, operationIds: ['vehicle3', 'vehicleDetail3'] })).code).toBe(1);
});

describe('users', () => {
  it('creates a user whose initial password works once and must then be changed', async () => {
    const r = await admin.post('/res/user/save', { userName: 'zhangsan', realName: '张三', userType: 0, password: 'Start#2026', roleIds: [roleId] });
    expect(r.code).toBe(1);
    const token = await t.login('zhangsan', 'Start#2026');
    expect((await t.call('GET', '/user/checkUserPWD', { token })).result.passwordStatus).toBe(1);
    const tree = (await t.call('POST', '/menu/menuTree', { token, body: { useSystem: 3 } })).result;
    expect(JSON.stringify(tree)).toContain('vehicle3');
    expect(JSON.stringify(tree)).not.toContain('vehicleAdd3');
    const detail = (await admin.get(`/res/user/detail?id=${r.result.id}`)).result;
    expect(detail.roleIds).toEqual([roleId]);
    expect(detail).not.toHaveProperty('passwordHash');
    expect(detail).not.toHaveProperty('password');
  });

  it('requires a partner of the right kind for customer and carrier users', async () => {
    const noPartner = await admin.post('/res/user/save', { userName: 'kehu2', realName: '客户二', userType: 1, password: 'Start#2026' });
    expect([noPartner.code, noPartner.message]).toEqual([100, '所属客户/承运商：内容不能为空']);
    const carrierId = (await t.db.one<{ id: number }>('SELECT id FROM carriers WHERE corp_id = 1 LIMIT 1'))!.id;
    const asCustomer = await admin.post('/res/user/save', { userName: 'kehu2', realName: '客户二', userType: 1, partnerId: 99999, password: 'Start#2026' });
    expect(asCustomer.code).toBe(100);
    const ok = await admin.post('/res/user/save', { userName: 'chengyun2', realName: '承运二', userType: 2, partnerId: carrierId, password: 'Start#2026' });
    expect(ok.code).toBe(1);
  });

  it('records role changes in the history, never the password, and a same-roles update changes nothing', async () => {
    const id = (await admin.post('/res/user/list', { userName: 'zhangsan' })).result.data[0].id;
    const before = (await admin.get(`/res/user/detail?id=${id}`)).result;
    const noop = await admin.post('/res/user/update', { id, version: before.version, roleIds: [roleId] });
    expect(noop.result.version).toBe(before.version);
    const adminRole = (await t.db.one<{ id: number }>("SELECT id FROM roles WHERE corp_id = 1 AND role_name = '系统管理员'"))!.id;
    const r = await admin.post('/res/user/update', { id, version: before.version, roleIds: [roleId, adminRole], password: 'Reset#2026' });
    expect(r.code).toBe(1);
    const history = (await admin.post('/res/user/history', { id })).result.data[0];
    // The reset shows as a new password time; the password itself never appears.
    expect(history.changes.map((c: any) => c.field)).toEqual(['roleIds', 'lastPasswordModifiedTime']);
    expect(history.changes[0]).toEqual({ field: 'roleIds', title: '角色', before: [roleId], after: [roleId, adminRole] });
    expect(JSON.stringify((await admin.post('/res/user/history', { id })).result)).not.toMatch(/Reset#2026|Start#2026|"password"|passwordHash|passwordSalt/);
    expect((await t.call('POST', '/login', { body: { userName: 'zhangsan', password: 'Reset#2026' } })).code).toBe(1);
  });

  it('ends the sessions of a user whose roles change, and applies a change of a role\'s grants at once', async () => {
    const before = await t.login('chengyun2', 'Start#2026');
    expect((await t.call('POST', '/res/vehicle/list', { token: before, body: {} })).code).toBe(104);
    const id = (await admin.post('/res/user/list', { userName: 'chengyun2' })).result.data[0].id;
    const version = (await admin.get(`/res/user/detail?id=${id}`)).result.version;
    await admin.post('/res/user/update', { id, version, roleIds: [roleId] });
    expect((await t.call('POST', '/res/vehicle/list', { token: before, body: {} })).code).toBe(103);
    const token = await t.login('chengyun2', 'Start#2026');
    expect((await t.call('POST', '/res/vehicle/list', { token, body: {} })).code).toBe(1);
    await admin.post('/role/saveOperations', { roleId, operationIds: [] });
    expect((await t.call('POST', '/res/vehicle/list', { token, body: {} })).code).toBe(104);
  });

  it('lets no one grant an operation they do not hold', async () => {
    const d = await t.as('dispatcher');
    expect((await d.post('/role/saveOperations', { roleId, operationIds: ['userAdd3'] })).code).toBe(104);
    const r = await admin.post('/role/saveOperations', { roleId, operationIds: ['ghostOp'] });
    expect(r.code).toBe(100);
  });
});
