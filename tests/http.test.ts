// The HTTP layer: envelope on every path, JSON 404 under /api, the console with SPA fallback
// elsewhere, security headers, and malformed requests refused with code 100, never a 5xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSeededTestDatabase } from './support/test-db.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { seedDemo } from '../scripts/seed-demo.ts';

let app: Awaited<ReturnType<typeof createApp>>['app'];
let token: string;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'huoyun-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>货运数字化平台</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  // The whole demo (on PostgreSQL a copy of the run's seeded template: seeding it there takes minutes).
  const { db, seeded } = await openSeededTestDatabase(undefined, 'tracks');
  app = (await createApp({ db, registry: holdRegistry(), consoleDir: dist, filesDir: join(dist, 'files') })).app;
  if (!seeded) await seedDemo(db);
  const res = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'Huoyun@2026' }) });
  token = ((await res.json()) as any).result.token;
});

const post = (path: string, body: string, type = 'application/json') =>
  app.request(`/api${path}`, { method: 'POST', headers: { token, 'content-type': type }, body });

describe('console and fallback', () => {
  it.each(['/', '/home', '/vehicle/updateRecord', '/some/unknown/page'])('serves the console for %s', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves built assets as files with long caching', async () => {
    const res = await app.request('/assets/app.js');
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers unknown /api paths with a JSON 404 envelope', async () => {
    const res = await app.request('/api/no/such/thing', { headers: { token } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 0, message: '接口不存在: /api/no/such/thing', result: null });
  });

  it('sends security headers', async () => {
    const res = await app.request('/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('malformed requests', () => {
  it('refuses malformed JSON with code 100', async () => {
    const res = await post('/res/vehicle/save', '{"vehicleNo": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 100, message: '请求体不是有效的JSON', result: null });
  });

  it('refuses a body that is not JSON with code 100 (HTTP 415)', async () => {
    const res = await post('/res/vehicle/save', 'vehicleNo=京A12345', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(((await res.json()) as any).code).toBe(100);
  });

  it('refuses a body over 1 MiB with code 100 (HTTP 413), declared or streamed', async () => {
    const big = JSON.stringify({ remark: 'x'.repeat(1024 * 1024 + 10) });
    const res = await post('/res/vehicle/save', big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).message).toBe('请求体过大，不能超过1MB');
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = await app.request('/api/res/vehicle/save', { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('names the field of a wrong type in Chinese', async () => {
    const res = await post('/res/vehicle/save', JSON.stringify({ vehicleNo: 12345, carrierId: 1 }));
    const body = (await res.json()) as any;
    expect(body.code).toBe(100);
    expect(body.message).toBe('车牌号：请输入文字');
    expect(body.result.field).toBe('vehicleNo');
  });
});

describe('content security policy', () => {
  it('lets ajv compile validators but forbids inline scripts and objects', async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
  });
});
