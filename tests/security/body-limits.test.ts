// Bodies built to make validation expensive (docs/security.md, request bodies): tens of thousands
// of keys in one object, hundreds of thousands of array items, nesting thousands deep, or a query
// string of thousands of parameters. Each is refused with code 100 naming the problem, before the
// schema sees it, on the public login as on a logged-in save, and nothing in the database changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { MAX_ARRAY_ITEMS, MAX_DEPTH, MAX_KEYS_PER_OBJECT, MAX_QUERY_PARAMS } from '../../server/http/json-limits.ts';
import { issueTerminalSecret, terminalPost } from '../support/terminal.ts';

const t = await createTestApp();
let token = '';
beforeAll(async () => {
  token = await t.login('admin');
});

const manyKeys = (n: number, base: Record<string, unknown>) =>
  `{${[...Object.entries(base).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`), ...Array.from({ length: n }, (_, i) => `"k${i}":0`)].join(',')}}`;
const manyItems = (n: number, base: Record<string, unknown>, field: string) =>
  JSON.stringify(base).replace(/}$/, `,${JSON.stringify(field)}:[${Array(n).fill('"x"').join(',')}]}`);
const deep = (n: number, base: Record<string, unknown>, field: string) =>
  JSON.stringify(base).replace(/}$/, `,${JSON.stringify(field)}:${'['.repeat(n)}${']'.repeat(n)}}`);

const LOGIN = { userName: 'admin', password: 'Huoyun@2026' };
const SAVE = { vehicleNo: '浙A9K001', carrierId: 1 };
const TARGETS = [
  ['/login', LOGIN, false],
  ['/res/vehicle/save', SAVE, true],
] as const;

/** Sends a body that must be refused with nothing changed; prints how long the request itself took. */
async function post(path: string, raw: string, auth: boolean) {
  let took = 0;
  const r = await t.refused(async () => {
    const started = performance.now();
    const reply = await t.call('POST', path, { raw, token: auth ? token : undefined });
    took = performance.now() - started;
    return reply;
  });
  console.log(`${path} ${Math.round(raw.length / 1024)} KiB refused in ${took.toFixed(1)} ms: ${r.message}`);
  return r;
}

describe.each(TARGETS)('POST %s', (path, base, auth) => {
  it('refuses 75,000 unknown keys in one object: 请求体字段过多', async () => {
    const r = await post(path, manyKeys(75_000, base), auth);
    expect([r.status, r.code]).toEqual([400, 100]);
    expect(r.message).toContain('请求体字段过多');
  });

  it('refuses 200,000 array items: 数组元素过多', async () => {
    const r = await post(path, manyItems(200_000, base, 'userName'), auth);
    expect([r.status, r.code]).toEqual([400, 100]);
    expect(r.message).toContain('数组元素过多');
  });

  it('refuses nesting 10,000 deep: 请求体嵌套过深', async () => {
    const r = await post(path, deep(10_000, base, 'remark'), auth);
    expect([r.status, r.code]).toEqual([400, 100]);
    expect(r.message).toContain('请求体嵌套过深');
  });

  it('refuses just past each limit, and names the field where it can', async () => {
    const keys = await post(path, manyKeys(MAX_KEYS_PER_OBJECT + 1, base), auth);
    expect([keys.code, keys.message]).toEqual([100, expect.stringContaining('请求体字段过多')]);
    const items = await post(path, manyItems(MAX_ARRAY_ITEMS + 1, base, 'ids'), auth);
    expect([items.code, items.message]).toEqual([100, expect.stringContaining('数组元素过多')]);
    expect(items.result?.field).toBe('ids');
    const nested = await post(path, deep(MAX_DEPTH, base, 'remark'), auth);
    expect([nested.code, nested.message]).toEqual([100, expect.stringContaining('请求体嵌套过深')]);
  });
});

describe('requests within the limits', () => {
  it('reach validation, which answers its first error naming the field and stops collecting', async () => {
    const raw = manyKeys(MAX_KEYS_PER_OBJECT - 10, SAVE);
    const r = await t.refused(() => t.call('POST', '/res/vehicle/save', { raw, token }));
    expect([r.status, r.code]).toEqual([400, 100]);
    expect(r.result.field).toBe('k0');
    expect(r.message).toContain('k0');
    // Thousands of collected errors were the cost: only the first few are gathered.
    expect(r.result.errors.length).toBeLessThanOrEqual(5);
  });

  it('take the largest real inputs: 1000 ids, 2000 operation ids, 10,000 track points', async () => {
    const ids = await t.call('POST', '/res/vehicle/batchDelete', { token, body: { ids: Array.from({ length: 1000 }, (_, i) => 900_000 + i) } });
    expect(ids.message).not.toMatch(/过多|过深/);
    const ops = await t.call('POST', '/role/saveOperations', { token, body: { roleId: 999_999, operationIds: Array.from({ length: 2000 }, (_, i) => `op${i}`) } });
    expect(ops.message).not.toMatch(/过多|过深/);
    // A batch of 10,000 points (the same one repeated: stored once), and one point with every channel (41 keys).
    const secret = await issueTerminalSecret(t);
    const at = Date.now() - 3600_000;
    const point = { lon: 120, lat: 30, gpsTime: at, speed: 0, direction: 0, odometer: 0 };
    const batch = await terminalPost(t, secret, '/track/ingest', { vehicleId: 1, points: Array(MAX_ARRAY_ITEMS).fill(point) });
    expect([batch.code, batch.result?.received], batch.message).toEqual([1, MAX_ARRAY_ITEMS]);
    const channels = (prefix: string, n: number, v: number) => Object.fromEntries(Array.from({ length: n }, (_, c) => [`${prefix}${c + 1}`, v]));
    const full = { ...point, gpsTime: at + 1000, status: 0, ...channels('t', 16, 4), ...channels('h', 16, 50), ...channels('oil', 2, 100) };
    expect(Object.keys(full)).toHaveLength(41);
    const wide = await terminalPost(t, secret, '/track/ingest', { vehicleId: 1, points: [full] });
    expect(wide.code, wide.message).toBe(1);
  });
});

describe('GET query strings', () => {
  it(`refuses more than ${MAX_QUERY_PARAMS} query parameters: 查询参数过多`, async () => {
    const query = Array.from({ length: 75_000 }, (_, i) => `k${i}=1`).join('&');
    const before = await t.snapshot();
    const r = await t.call('GET', `/res/vehicle/detail?id=1&${query}`, { token });
    expect([r.status, r.code]).toEqual([400, 100]);
    expect(r.message).toContain('查询参数过多');
    const anon = await t.call('GET', `/oaAccountAutoLogin?${query}`);
    expect([anon.status, anon.code]).toEqual([400, 100]);
    await t.assertUnchanged(before);
  });

  it('still answers a query with a handful of parameters', async () => {
    expect((await t.call('GET', '/res/vehicle/detail?id=1', { token })).code).toBe(1);
  });
});
