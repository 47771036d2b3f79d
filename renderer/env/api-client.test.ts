// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientCode, createApiClient, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './api-client.ts';

/** A cookie jar that honours `max-age=0` deletion, which is all the client relies on. */
function fakeDocument(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  return {
    jar,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split(';');
      const [name, value] = pair.split('=');
      if (attrs.some((a) => a.trim() === 'max-age=0')) jar.delete(name.trim());
      else jar.set(name.trim(), value);
    },
  };
}

let doc: ReturnType<typeof fakeDocument>;
let storage: { clear: ReturnType<typeof vi.fn> };

beforeEach(() => {
  doc = fakeDocument({ token: 'tok-1', pwdExpiredTip: '1', other: 'x' });
  storage = { clear: vi.fn() };
  vi.stubGlobal('document', doc);
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(fetchImpl);
  const hooks = { onLogout: vi.fn(), onError: vi.fn(), onBatchDelete: vi.fn(), onBatchSummary: vi.fn() };
  const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, ...hooks });
  return { client, fetch, ...hooks };
}

describe('api client', () => {
  it('posts JSON under /api with the session cookie only (no token header) and resolves result on code 1', async () => {
    const t = setup(async () => json({ code: 1, message: 'ok', result: [{ menuKey: 'a' }] }));
    await expect(t.client.post('/menu/menuTree', { useSystem: 3 })).resolves.toEqual([{ menuKey: 'a' }]);
    const [url, init] = t.fetch.mock.calls[0];
    expect(url).toBe('/api/menu/menuTree');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"useSystem":3}');
    // The token is an HttpOnly cookie the browser sends itself; script neither reads nor repeats it.
    expect((init.headers as Record<string, string>).token).toBeUndefined();
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(t.onError).not.toHaveBeenCalled();
  });

  it('encodes GET queries, skipping empty values', async () => {
    const t = setup(async () => json({ code: 1, message: '', result: null }));
    await t.client.get('user/getCurrentUser', { a: 1, b: undefined, ids: [1, 2], q: '运单' });
    expect(t.fetch.mock.calls[0][0]).toBe('/api/user/getCurrentUser?a=1&ids=1&ids=2&q=%E8%BF%90%E5%8D%95');
    expect(t.fetch.mock.calls[0][1].body).toBeUndefined();
  });

  it.each([0, 100, 104])('code %i shows the server message and rejects with ApiError', async (code) => {
    const t = setup(async () => json({ code, message: '用户名或密码错误', result: { field: 'x' } }, code === 0 ? 200 : 400));
    const err = await t.client.post('/login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code, message: '用户名或密码错误', result: { field: 'x' } });
    expect(t.onError).toHaveBeenCalledWith('用户名或密码错误');
    expect(t.onLogout).not.toHaveBeenCalled();
  });

  it('hands the server message of a success to the caller that asks for it', async () => {
    const t = setup(async () => json({ code: 1, message: '密码修改成功', result: null }));
    const onSuccessMessage = vi.fn();
    await t.client.post('/user/modifyCurrentPassword', {}, { onSuccessMessage });
    expect(onSuccessMessage).toHaveBeenCalledWith('密码修改成功');
  });

  it('silent requests reject without a toast', async () => {
    const t = setup(async () => json({ code: 0, message: '失败', result: null }));
    await expect(t.client.post('/login', {}, { silent: true })).rejects.toMatchObject({ code: 0 });
    expect(t.onError).not.toHaveBeenCalled();
  });

  it.each([
    ['code 103', () => json({ code: 103, message: '登录已失效', result: null }, 401)],
    ['HTTP 401 without an envelope', () => new Response('Unauthorized', { status: 401 })],
  ])('%s clears the session and logs out', async (_name, respond) => {
    const t = setup(async () => respond());
    await expect(t.client.get('/user/getCurrentUser')).rejects.toMatchObject({ code: 103 });
    expect(doc.jar.has('pwdExpiredTip')).toBe(false);
    expect(doc.jar.get('other')).toBe('x');
    expect(storage.clear).toHaveBeenCalledOnce();
    expect(t.onLogout).toHaveBeenCalledOnce();
    expect(t.onError).not.toHaveBeenCalled();
  });

  it('code 105 opens the batch-delete result and resolves it', async () => {
    const result = { total: 3, successCount: 1, failCount: 1, cannotDeleteCount: 1, details: [] };
    const t = setup(async () => json({ code: 105, message: '', result }));
    await expect(t.client.post('/vehicle/delete', { ids: [1, 2, 3] })).resolves.toEqual(result);
    expect(t.onBatchDelete).toHaveBeenCalledWith(result);
  });

  it('code 107 opens the batch summary and resolves it', async () => {
    const result = { message: '共 2 条', details: [{ label: '成功', count: 2 }] };
    const t = setup(async () => json({ code: 107, message: '', result }));
    await expect(t.client.post('/waybillAction/receive', {})).resolves.toEqual(result);
    expect(t.onBatchSummary).toHaveBeenCalledWith(result);
  });

  it('a fetch that throws is a network failure', async () => {
    const t = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: ClientCode.NETWORK });
    expect(t.onError).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE);
  });

  it('a body that is not an envelope is a network failure', async () => {
    const t = setup(async () => new Response('<html>502</html>', { status: 502 }));
    await expect(t.client.get('/x')).rejects.toMatchObject({ code: ClientCode.NETWORK });
    expect(t.onError).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE);
  });

  it('aborts after 600000 ms and reports a timeout, not a network failure', async () => {
    vi.useFakeTimers();
    const t = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = t.client.get('/report/list').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(599_999);
    expect(t.onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: ClientCode.TIMEOUT, message: TIMEOUT_MESSAGE });
    expect(t.onError).toHaveBeenCalledExactlyOnceWith(TIMEOUT_MESSAGE);
  });
});
