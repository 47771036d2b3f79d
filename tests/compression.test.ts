// Bytes on the wire: the console's files go out in the build's brotli or gzip form, API answers above
// 1 KB are compressed when the client accepts it, and downloads, streams and small answers go as written.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { openSeededTestDatabase } from './support/test-db.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { seedDemo } from '../scripts/seed-demo.ts';
import { chooseEncoding, compressAnswers, reusableJson } from '../server/http/compress.ts';

let app: Awaited<ReturnType<typeof createApp>>['app'];
let token: string;
const INDEX = '<!doctype html><title>货运数字化平台</title><div id="root"></div>'.repeat(3);
const SCRIPT = 'console.log("货运");\n'.repeat(200);

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'huoyun-dist-'));
  mkdirSync(join(dist, 'assets'));
  // As the build writes them: each text file beside its .br and .gz.
  for (const [name, text] of [['index.html', INDEX], ['assets/app.js', SCRIPT]]) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  // The whole demo (on PostgreSQL a copy of the run's seeded template: seeding it there takes minutes).
  const { db, seeded } = await openSeededTestDatabase(undefined, 'tracks');
  app = (await createApp({ db, registry: holdRegistry(), consoleDir: dist, filesDir: join(dist, 'files') })).app;
  if (!seeded) await seedDemo(db);
  const res = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'Huoyun@2026' }) });
  token = ((await res.json()) as any).result.token;
});

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const decode = (encoding: string | null, body: Buffer) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('the console files', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('with Accept-Encoding %s a script goes out as %s', async (accept, encoding) => {
    const res = await app.request('/assets/app.js', { headers: { 'accept-encoding': accept } });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = await bytesOf(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(decode(encoding, body)).toBe(SCRIPT);
    if (encoding) expect(body.length).toBeLessThan(SCRIPT.length / 5);
  });

  it.each(['/', '/home', '/order/detail'])('index.html for %s is compressed too, and always revalidated', async (path) => {
    const res = await app.request(path, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(decode('br', await bytesOf(res))).toBe(INDEX);
  });
});

describe('API answers', () => {
  const menuTree = (accept?: string) =>
    app.request('/api/menu/menuTree', { method: 'POST', headers: { token, 'content-type': 'application/json', ...(accept ? { 'accept-encoding': accept } : {}) }, body: '{}' });

  it('are compressed with brotli when accepted, else gzip, else sent plain; the same JSON each way', async () => {
    const plain = await menuTree();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = decode(null, await bytesOf(plain));
    expect(text.length).toBeGreaterThan(1024);
    expect(JSON.parse(text).code).toBe(1);
    for (const [accept, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip']]) {
      const res = await menuTree(accept);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      const body = await bytesOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBeLessThan(text.length / 3);
      expect(decode(encoding, body)).toBe(text);
    }
  });

  it('below 1 KB go as written', async () => {
    const res = await app.request('/api/no/such/thing', { headers: { token, 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toMatchObject({ code: 0 });
  });
});

describe('what is never compressed', () => {
  const big = 'x'.repeat(20_000);
  const mini = new Hono();
  mini.use('*', compressAnswers());
  mini.get('/download', (c) => c.body(big, 200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="a.csv"' }));
  mini.get('/image', (c) => c.body(big, 200, { 'content-type': 'image/png' }));
  mini.get('/xlsx', (c) => c.body(big, 200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  mini.get('/events', (c) => c.body(big, 200, { 'content-type': 'text/event-stream' }));
  mini.get('/no-transform', (c) => c.body(big, 200, { 'content-type': 'application/json', 'cache-control': 'no-transform' }));
  mini.get('/tagged', (c) => c.body(big, 200, { 'content-type': 'application/json', etag: '"v1"' }));

  it.each(['/download', '/image', '/xlsx', '/events', '/no-transform'])('%s goes out as written', async (path) => {
    const res = await mini.request(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await bytesOf(res)).toString()).toBe(big);
  });

  it('a strong ETag becomes weak on compressed bytes', async () => {
    const res = await mini.request('/tagged', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('etag')).toBe('W/"v1"');
  });
});

describe('kept answers (the tracking page cache)', () => {
  it('serve the same compressed bytes for the same buffer', async () => {
    const kept = Buffer.from(JSON.stringify({ code: 1, result: Array.from({ length: 500 }, (_, i) => ({ lng: 121 + i / 1e4, lat: 31, speed: i % 80 })) }));
    const mini = new Hono();
    mini.use('*', compressAnswers());
    mini.get('/page', () => reusableJson(kept));
    const first = await bytesOf(await mini.request('/page', { headers: { 'accept-encoding': 'br' } }));
    const second = await bytesOf(await mini.request('/page', { headers: { 'accept-encoding': 'br' } }));
    expect(second.equals(first)).toBe(true);
    expect(decode('br', first)).toBe(kept.toString());
    expect(first.length).toBeLessThan(kept.length * 0.2);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'br'],
    ['br;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
  ])('%s → %s', (accept, expected) => expect(chooseEncoding(accept)).toBe(expected));
});
