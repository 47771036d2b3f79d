// The password endpoints enforce every rule of spec section 5 on the server, with its message.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { hashPassword } from '../server/domain/auth/password-hash.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const DEMO_PASSWORD = 'Huoyun@2026';
const change = (token: string, pwd: string, confirm = pwd, old = DEMO_PASSWORD) =>
  t.call('POST', '/user/modifyCurrentPassword', { token, body: { oldPassword: b64(old), newPassword: b64(pwd), confirmPassword: b64(confirm) } });

describe('modifyCurrentPassword', () => {
  it.each([
    ['密码abc12345', '密码不能包含中文字符'],
    ['ａbc12345６', '密码不能包含全角字符'],
    ['abc 12345', '密码不能包含空格'],
    ['ab1', '新密码长度应在8~15位'],
    ['abcdefgh12345678', '新密码长度应在8~15位'],
    ['abcdefghij', '密码强度不符合要求'],
  ])('refuses %s with "%s" and changes nothing', async (pwd, message) => {
    const token = await t.login('monitor');
    const before = await t.snapshot();
    const r = await change(token, pwd);
    expect([r.code, r.message]).toEqual([100, message]);
    await t.assertUnchanged(before);
  });

  it('refuses a confirmation that differs', async () => {
    const token = await t.login('monitor');
    const r = await change(token, 'Abcd1234!', 'Abcd1234?');
    expect([r.code, r.message]).toEqual([100, '两次输入密码不一致']);
  });

  it('refuses values that are not base64', async () => {
    const token = await t.login('monitor');
    const r = await t.call('POST', '/user/modifyCurrentPassword', { token, body: { oldPassword: b64(DEMO_PASSWORD), newPassword: '***', confirmPassword: '***' } });
    expect(r.code).toBe(100);
    expect(r.message).toBe('新密码：编码不正确');
  });

  it('refuses a wrong or missing current password, changing nothing', async () => {
    const token = await t.login('monitor');
    const before = await t.snapshot();
    const wrong = await change(token, 'NewPass#2026', 'NewPass#2026', 'Huoyun@2025');
    expect([wrong.code, wrong.message, wrong.result?.field]).toEqual([100, '原密码不正确', 'oldPassword']);
    const missing = await t.call('POST', '/user/modifyCurrentPassword', { token, body: { newPassword: b64('NewPass#2026'), confirmPassword: b64('NewPass#2026') } });
    expect([missing.code, missing.message]).toEqual([100, '原密码不能为空']);
    await t.assertUnchanged(before);
    expect((await t.call('POST', '/login', { body: { userName: 'monitor', password: DEMO_PASSWORD } })).code).toBe(1);
  });

  it('changes the password: the old one stops working, other sessions end, lastPasswordModifiedTime moves', async () => {
    const token = await t.login('dispatcher');
    const other = await t.login('dispatcher');
    const before = (await t.call('GET', '/user/getCurrentUser', { token })).result.lastPasswordModifiedTime;
    const r = await change(token, 'NewPass#2026');
    expect([r.code, r.message]).toEqual([1, '密码修改成功']);
    expect((await t.call('GET', '/user/getCurrentUser', { token })).result.lastPasswordModifiedTime).toBeGreaterThanOrEqual(before);
    expect((await t.call('GET', '/user/getCurrentUser', { token: other })).code).toBe(103);
    expect((await t.call('POST', '/login', { body: { userName: 'dispatcher', password: 'Huoyun@2026' } })).code).toBe(0);
    expect((await t.call('POST', '/login', { body: { userName: 'dispatcher', password: 'NewPass#2026' } })).code).toBe(1);
  });
});

describe('password status and expiry', () => {
  it('reports passwordStatus 2 normally and 1 after logging in with a password that breaks the rules', async () => {
    const token = await t.login('carrier');
    expect((await t.call('GET', '/user/checkUserPWD', { token })).result).toEqual({ passwordStatus: 2 });
    const { hash, salt } = hashPassword('abcdefgh');
    await t.db.run("UPDATE users SET password_hash = ?, password_salt = ? WHERE user_name = 'carrier'", [hash, salt]);
    const weak = await t.login('carrier', 'abcdefgh');
    expect((await t.call('GET', '/user/checkUserPWD', { token: weak })).result).toEqual({ passwordStatus: 1 });
    expect((await t.call('GET', '/personalSet/getCorpPersonalSet', { token: weak })).result.passwordStatus).toBe(1);
    expect((await change(weak, 'Strong#2026', 'Strong#2026', 'abcdefgh')).code).toBe(1);
    expect((await t.call('GET', '/user/checkUserPWD', { token: weak })).result).toEqual({ passwordStatus: 2 });
  });

  it('marks pwdExpired when the password is older than 90 days', async () => {
    await t.db.run("UPDATE users SET last_password_modified_time = ? WHERE user_name = 'admin'", [Date.now() - 91 * 86_400_000]);
    const r = await t.call('POST', '/login', { body: { userName: 'admin', password: 'Huoyun@2026' } });
    expect(r.result.userInfo.pwdExpired).toBe(true);
    await t.db.run("UPDATE users SET last_password_modified_time = ? WHERE user_name = 'admin'", [Date.now() - 89 * 86_400_000]);
    const fresh = await t.call('POST', '/login', { body: { userName: 'admin', password: 'Huoyun@2026' } });
    expect(fresh.result.userInfo.pwdExpired).toBe(false);
  });
});
