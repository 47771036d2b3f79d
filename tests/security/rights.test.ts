// Rights escalation: a user who may edit users (user3 + userUpdate3) can neither give itself the
// administrator's role nor take over the administrator's account, and a role editor cannot strip a
// superior's role. Changing who holds what ends the changed user's sessions.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminRoleId, makeRole, makeUser, opsOf, PASSWORD, userIdOf, versionOf } from './rights-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const EDITOR_OPS = ['user3', 'userUpdate3'];

async function editor(extraOps: string[] = []) {
  const u = await makeUser(t, [await makeRole(t, [...EDITOR_OPS, ...extraOps])]);
  return { ...u, token: await t.login(u.userName, PASSWORD) };
}

const update = (token: string, body: object) => t.call('POST', '/res/user/update', { token, body });

describe('a user editor cannot raise its own rights', () => {
  it('cannot give itself the administrator role (code 100 naming 角色), nothing changes', async () => {
    const me = await editor();
    const version = await versionOf(t, 'users', me.id);
    const roleIds = [await adminRoleId(t)];
    const r = await t.refused(() => update(me.token, { id: me.id, version, roleIds }));
    expect(r.code).toBe(100);
    expect(r.message).toMatch(/^角色：/);
    expect([...(await opsOf(t, me.id))].sort()).toEqual([...EDITOR_OPS].sort());
  });

  it('cannot set the administrator\'s password, nor change the administrator at all', async () => {
    const me = await editor();
    const adminId = await userIdOf(t, 'admin');
    const version = await versionOf(t, 'users', adminId);
    const pw = await t.refused(() => update(me.token, { id: adminId, version, password: 'Taken@2026' }));
    expect(pw.code).toBe(104);
    const name = await t.refused(() => update(me.token, { id: adminId, version, realName: '被改名' }));
    expect(name.code).toBe(104);
    expect((await t.call('POST', '/login', { body: { userName: 'admin', password: PASSWORD } })).code).toBe(1);
  });

  it('may edit a user who holds nothing beyond its own rights, but not reset that user\'s password without 重置密码', async () => {
    const me = await editor();
    const peer = await makeUser(t, [await makeRole(t, ['user3'])]);
    expect((await update(me.token, { id: peer.id, version: await versionOf(t, 'users', peer.id), realName: '新名字' })).code).toBe(1);
    const version = await versionOf(t, 'users', peer.id);
    const pw = await t.refused(() => update(me.token, { id: peer.id, version, password: 'Reset@2026' }));
    expect([pw.code, pw.message]).toEqual([104, '没有重置密码的权限']);
  });

  it('cannot create a user holding a role beyond its rights', async () => {
    const me = await editor(['userAdd3']);
    const roleIds = [await adminRoleId(t)];
    const r = await t.refused(() =>
      t.call('POST', '/res/user/save', { token: me.token, body: { userName: 'sneaky1', realName: '偷偷', userType: 0, password: 'Sneak@2026', roleIds } }),
    );
    expect(r.code).toBe(100);
  });

  it('cannot delete the administrator (cannot delete, with the reason)', async () => {
    const me = await editor(['userDelete3']);
    const r = await t.call('POST', '/res/user/batchDelete', { token: me.token, body: { ids: [await userIdOf(t, 'admin')] } });
    expect(r.result.cannotDeleteCount).toBe(1);
    expect(r.result.details[0].reason).toBe('不能修改或删除拥有您所没有权限的用户');
    expect((await t.call('POST', '/login', { body: { userName: 'admin', password: PASSWORD } })).code).toBe(1);
  });
});

describe('a role editor cannot raise rights nor strip a superior\'s role', () => {
  it('cannot change, rename or delete the administrator role; cannot grant operations it lacks', async () => {
    const me = await editor(['role3', 'roleUpdate3', 'roleDelete3', 'rolePermission3']);
    const admin = await adminRoleId(t);
    const strip = await t.refused(() => t.call('POST', '/role/saveOperations', { token: me.token, body: { roleId: admin, operationIds: ['user3'] } }));
    expect(strip.code).toBe(104);
    const roleVersion = await versionOf(t, 'roles', admin);
    const rename = await t.refused(() => t.call('POST', '/res/role/update', { token: me.token, body: { id: admin, version: roleVersion, roleName: '改名' } }));
    expect(rename.code).toBe(104);
    const del = await t.call('POST', '/res/role/batchDelete', { token: me.token, body: { ids: [admin] } });
    expect(del.result.cannotDeleteCount).toBe(1);
    const mine = await makeRole(t, ['user3']);
    const grant = await t.refused(() => t.call('POST', '/role/saveOperations', { token: me.token, body: { roleId: mine, operationIds: ['user3', 'vehicle3'] } }));
    expect(grant.code).toBe(100);
    expect((await t.call('POST', '/role/saveOperations', { token: me.token, body: { roleId: mine, operationIds: ['userUpdate3'] } })).code).toBe(1);
  });
});

describe('changing who holds what ends the user\'s sessions at once', () => {
  const alive = async (token: string) => (await t.call('GET', '/user/getCurrentUser', { token })).code === 1;

  it.each([
    ['a password reset', async (id: number) => ({ password: 'Reset@2026' })],
    ['a role change', async () => ({ roleIds: [await makeRole(t, ['vehicle3'])] })],
    ['disabling', async () => ({ enabled: 0 })],
  ])('%s', async (_what, change) => {
    const target = await makeUser(t, [await makeRole(t, ['user3'])]);
    const tokens = [await t.login(target.userName, PASSWORD), await t.login(target.userName, PASSWORD)];
    expect(await alive(tokens[0])).toBe(true);
    const admin = await t.login('admin');
    const r = await update(admin, { id: target.id, version: await versionOf(t, 'users', target.id), ...(await change(target.id)) });
    expect(r.code, r.message).toBe(1);
    for (const token of tokens) expect(await alive(token)).toBe(false);
    const live = await t.db.one<{ n: number }>('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [target.id]);
    expect(live!.n).toBe(0);
  });

  it('a reset makes the user change the password at the next login', async () => {
    const target = await makeUser(t, []);
    const admin = await t.login('admin');
    await update(admin, { id: target.id, version: await versionOf(t, 'users', target.id), password: 'Reset@2026' });
    const login = await t.call('POST', '/login', { body: { userName: target.userName, password: 'Reset@2026' } });
    expect(login.result.settings.passwordStatus).toBe(1);
  });

  it('deleting', async () => {
    const target = await makeUser(t, []);
    const token = await t.login(target.userName, PASSWORD);
    const admin = await t.login('admin');
    await t.call('POST', '/res/user/batchDelete', { token: admin, body: { ids: [target.id] } });
    expect(await alive(token)).toBe(false);
  });

  it('an edit that changes nothing about rights keeps the sessions', async () => {
    const target = await makeUser(t, []);
    const token = await t.login(target.userName, PASSWORD);
    const admin = await t.login('admin');
    await update(admin, { id: target.id, version: await versionOf(t, 'users', target.id), realName: '只改名字' });
    expect(await alive(token)).toBe(true);
  });
});
