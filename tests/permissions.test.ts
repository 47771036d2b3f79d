// Every API route declares who may call it, and the server enforces it (code 104), whatever the
// console shows or hides.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PUBLIC_ROUTES, SESSION_ROUTES, TERMINAL_ROUTES } from '../server/http/access-lists.ts';
import { hashPassword } from '../server/domain/auth/password-hash.ts';
import { fullPath } from '../server/http/route.ts';

let t: TestApp;
let noRoleToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const { hash, salt } = hashPassword('Huoyun@2026');
  await t.db.run(
    `INSERT INTO users (corp_id, user_name, real_name, user_type, password_hash, password_salt, last_password_modified_time, created_at, updated_at)
     VALUES (1, 'norole', '无角色', 0, ?, ?, ?, ?, ?)`,
    [hash, salt, Date.now(), Date.now(), Date.now()],
  );
  noRoleToken = await t.login('norole');
});

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('route declarations', () => {
  it('every route mounted under /api is a declared route', () => {
    const declared = new Set(t.routes().map((r) => `${r.method} ${fullPath(r)}`));
    const mounted = t.app.routes.filter((r) => /^\/api3?\//.test(r.path) && !r.path.endsWith('/*'));
    for (const r of mounted) expect(declared, `${r.method} ${r.path} is mounted but not declared`).toContain(`${r.method} ${r.path}`);
  });

  it('every route needs operation ids unless it is listed as public, session-only or terminal-only', () => {
    for (const r of t.routes()) {
      const k = key(r);
      if ('public' in r.access) expect(PUBLIC_ROUTES, k).toContain(k);
      else if ('session' in r.access) expect(SESSION_ROUTES, k).toContain(k);
      else if ('terminal' in r.access) expect(TERMINAL_ROUTES, k).toContain(k);
      else expect(r.access.anyOf.length, `${k} declares no operation id`).toBeGreaterThan(0);
    }
    const terminal = t.routes().filter((r) => 'terminal' in r.access).map(key);
    expect(terminal.sort()).toEqual([...TERMINAL_ROUTES].sort());
  });

  it('every POST route validates its body with a schema', () => {
    for (const r of t.routes()) if (r.method === 'POST' && !r.rawBody) expect(r.input, key(r)).toBeDefined();
  });
});

describe('enforcement', () => {
  it('a user without roles gets 104 from every operation-guarded route and 103 from none', async () => {
    const guarded = t.routes().filter((r) => 'anyOf' in r.access);
    expect(guarded.length).toBeGreaterThan(50);
    for (const r of guarded) {
      const path = r.path.replace(':id{.+}', 'base/vehicle-list');
      const reply = await t.call(r.method, path, { token: noRoleToken, body: r.method === 'POST' ? {} : undefined });
      expect([reply.status, reply.code], key(r)).toEqual([403, 104]);
    }
  });

  it('session routes answer a logged-in user without roles, and 103 without a session', async () => {
    for (const k of ['POST /menu/menuTree', 'GET /user/getCurrentUser', 'GET /user/checkUserPWD']) {
      const [method, path] = k.split(' ');
      const ok = await t.call(method, path, { token: noRoleToken, body: method === 'POST' ? {} : undefined });
      expect(ok.code, k).toBe(1);
      const anon = await t.call(method, path, { body: method === 'POST' ? {} : undefined });
      expect([anon.status, anon.code], k).toEqual([401, 103]);
    }
  });

  it('a menu without granted operations is not served: a role-less user gets an empty tree', async () => {
    const r = await t.call('POST', '/menu/menuTree', { token: noRoleToken, body: { useSystem: 3 } });
    expect(r.result).toEqual([]);
  });
});
