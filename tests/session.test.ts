import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PAIR_FREE } from '../server/domain/auth/throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('login', () => {
  it('returns the token, the userInfo of the spec and sets the token cookie', async () => {
    const r = await t.call('POST', '/login', { body: { userName: 'carrier', password: 'Huoyun@2026' } });
    expect(r.code).toBe(1);
    expect(r.result.token).toMatch(/^[\w-]{40,}$/);
    expect(Object.keys(r.result.userInfo)).toEqual(
      expect.arrayContaining(['userId', 'userName', 'corpId', 'orgId', 'userType', 'parentId', 'partnerId', 'partnerName', 'pwdExpired', 'lastPasswordModifiedTime', 'latLon']),
    );
    expect(r.result.userInfo.userType).toBe(2);
    expect(r.result.userInfo.carrierName).toBe(r.result.userInfo.partnerName);
    expect(r.result.userInfo.partnerName).toMatch(/公司$/);
    expect(r.result.settings.passwordStatus).toBe(2);
    expect(r.result.settings.msgLayerDisplayMode).toBe(1);
    expect(r.headers.get('set-cookie')).toContain(`token=${r.result.token}`);
  });

  it('refuses a wrong password with a Chinese message and no token', async () => {
    const r = await t.call('POST', '/login', { body: { userName: 'monitor', password: 'wrong-pass1' } });
    expect(r.code).toBe(0);
    expect(r.message).toContain('用户名或密码错误');
    expect(r.result).toBeNull();
  });

  it('authenticates later requests by header or by cookie, and 103/401 without', async () => {
    const token = await t.login('dispatcher');
    expect((await t.call('GET', '/user/getCurrentUser', { token })).result.userName).toBe('dispatcher');
    expect((await t.call('GET', '/user/getCurrentUser', { cookie: `token=${token}` })).result.userName).toBe('dispatcher');
    const anon = await t.call('GET', '/user/getCurrentUser');
    expect([anon.status, anon.code]).toEqual([401, 103]);
  });

  it('throttles repeated failures for one account from one address, even with the right password afterwards', async () => {
    for (let i = 0; i < PAIR_FREE - 1; i++) {
      const r = await t.call('POST', '/login', { body: { userName: 'customer', password: `bad-${i}` } });
      expect(r.code).toBe(0);
    }
    const last = await t.call('POST', '/login', { body: { userName: 'customer', password: 'bad-last' } });
    expect(last.message).toMatch(/登录失败次数过多，请\d+分钟后再试/);
    const right = await t.call('POST', '/login', { body: { userName: 'customer', password: 'Huoyun@2026' } });
    expect(right.code).toBe(0);
    expect(right.message).toMatch(/登录失败次数过多/);
    // Another account is not affected.
    expect((await t.call('POST', '/login', { body: { userName: 'admin', password: 'Huoyun@2026' } })).code).toBe(1);
    await t.db.run('DELETE FROM login_throttle');
  });
});

describe('sign-out and single sign-on', () => {
  it('revokes the session on the server: the old token then gets 103 / HTTP 401', async () => {
    const token = await t.login('monitor');
    const out = await t.call('POST', '/signOut', { token });
    expect(out.code).toBe(1);
    expect(out.result.returnUrl).toBe('/login');
    const after = await t.call('POST', '/menu/menuTree', { token, body: { useSystem: 3 } });
    expect([after.status, after.code]).toEqual([401, 103]);
  });

  it('answers the single-sign-on check from the session cookie', async () => {
    const token = await t.login('dispatcher');
    const ok = await t.call('GET', '/oaAccountAutoLogin', { cookie: `token=${token}` });
    expect(ok.code).toBe(1);
    // The answer does not repeat the token: script must never hold it.
    expect(ok.result).toEqual({ resultCode: 1, resultVO: { returnUrl: '/home' } });
    const none = await t.call('GET', '/oaAccountAutoLogin');
    expect(none.result.resultCode).toBe(0);
    await t.call('POST', '/signOut', { token });
    expect((await t.call('GET', '/oaAccountAutoLogin', { cookie: `token=${token}` })).result.resultCode).toBe(0);
  });
});
