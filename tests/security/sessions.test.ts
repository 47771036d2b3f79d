// Sessions: the database holds only the SHA-256 of a token, the cookie is out of script's reach and
// never leaves the site, and the single-sign-on check does not hand the token to script.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const cookieOf = (headers: Headers) => headers.get('set-cookie') ?? '';

describe('tokens at rest', () => {
  it('sessions hold the SHA-256 of the token, never the token', async () => {
    const token = await t.login('dispatcher');
    const rows = await t.db.all<Record<string, unknown>>('SELECT * FROM sessions');
    expect(JSON.stringify(rows)).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.map((r) => r.token_hash)).toContain(hash);
    // A copy of the database is no key: presenting the stored hash opens nothing.
    expect((await t.call('GET', '/user/getCurrentUser', { token: hash })).code).toBe(103);
  });
});

describe('the token cookie', () => {
  it('is HttpOnly and SameSite=Strict, and not Secure over plain http', async () => {
    const r = await t.call('POST', '/login', { body: { userName: 'monitor', password: 'Huoyun@2026' } });
    const cookie = cookieOf(r.headers);
    expect(cookie).toMatch(/^token=[\w-]+;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('is Secure when served over HTTPS, directly or through a proxy that says so', async () => {
    for (const [url, headers] of [
      ['https://huoyun.example/api/login', { host: 'huoyun.example' }],
      ['http://huoyun.example/api/login', { host: 'huoyun.example', 'x-forwarded-proto': 'https' }],
    ] as const) {
      const res = await t.app.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ userName: 'monitor', password: 'Huoyun@2026' }),
      });
      expect(cookieOf(res.headers)).toMatch(/; Secure/);
    }
  });

  it('the single-sign-on check answers from the cookie without repeating the token', async () => {
    const token = await t.login('carrier');
    const r = await t.call('GET', '/oaAccountAutoLogin', { cookie: `token=${token}` });
    expect(r.result).toEqual({ resultCode: 1, resultVO: { returnUrl: '/home' } });
    expect(JSON.stringify(r)).not.toContain(token);
  });

  it('an ended session\'s cookie is cleared by the server (script cannot clear an HttpOnly cookie)', async () => {
    const token = await t.login('carrier');
    await t.call('POST', '/signOut', { token });
    const r = await t.call('GET', '/user/getCurrentUser', { cookie: `token=${token}` });
    expect(r.code).toBe(103);
    expect(cookieOf(r.headers)).toMatch(/^token=;.*Max-Age=0/);
  });
});
