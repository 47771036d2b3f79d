// Forged writes: a page of another site makes the victim's browser send a write with the victim's
// cookie. Every write route is tried that way and none may be accepted; the console's own page
// (Sec-Fetch-Site same-origin, or an Origin naming this host) and token-header clients still work.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { CROSS_SITE_MESSAGE } from '../../server/http/auth.ts';
import { fullPath } from '../../server/http/route.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
});

async function send(path: string, headers: Record<string, string>) {
  const res = await t.app.request(`http://huoyun.example${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'huoyun.example', ...headers },
    body: '{}',
  });
  const json = (await res.json()) as { code: number; message: string };
  return { status: res.status, ...json };
}

const FORGERIES: [string, Record<string, string>][] = [
  ['a cross-site form or fetch', { cookie: '', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['a sibling subdomain', { cookie: '', origin: 'https://a.huoyun.example', 'sec-fetch-site': 'same-site' }],
  ['an old browser sending only Origin', { cookie: '', origin: 'https://evil.example' }],
  ['a cookie with no sign of where it came from', { cookie: '' }],
];

describe('cross-site writes', () => {
  it.each(FORGERIES)('%s: every write route refuses it (code 104), zero accepted', async (_what, base) => {
    const writes = t.routes().filter((r) => r.method === 'POST');
    expect(writes.length).toBeGreaterThan(60);
    const before = await t.snapshot();
    let accepted = 0;
    for (const r of writes) {
      const reply = await send(fullPath(r).replace(':id{.+}', 'x').replace(':id', '1'), { ...base, cookie: `token=${token}` });
      if (reply.status !== 403 || reply.code !== 104 || reply.message !== CROSS_SITE_MESSAGE) accepted += 1;
    }
    expect(accepted).toBe(0);
    await t.assertUnchanged(before);
  });

  it('the token header from another origin is refused too (a browser would never send it without CORS, which is not offered)', async () => {
    const reply = await send('/api/menu/menuTree', { token, origin: 'https://evil.example' });
    expect([reply.status, reply.code]).toEqual([403, 104]);
  });

  it('login from another site is refused (no login CSRF)', async () => {
    const res = await t.app.request('http://huoyun.example/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'huoyun.example', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ userName: 'admin', password: 'Huoyun@2026' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('the console and API clients still write', () => {
  it('a cookie with Sec-Fetch-Site same-origin', async () => {
    const reply = await send('/api/menu/menuTree', { cookie: `token=${token}`, 'sec-fetch-site': 'same-origin' });
    expect(reply.code).toBe(1);
  });

  it('a cookie with an Origin naming this host (browsers without Sec-Fetch-Site)', async () => {
    const reply = await send('/api/menu/menuTree', { cookie: `token=${token}`, origin: 'http://huoyun.example' });
    expect(reply.code).toBe(1);
  });

  it('the token header with no browser headers at all (scripts, gateways)', async () => {
    const reply = await send('/api/menu/menuTree', { token });
    expect(reply.code).toBe(1);
  });
});
