import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUploader, UPLOAD_PATH } from './uploader.ts';

const notify = { info: vi.fn(), error: vi.fn(), success: vi.fn() };
const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  notify.info.mockReset();
});

describe('createUploader', () => {
  it('posts the files as multipart with the session cookie (never a token read by script) and returns the result', async () => {
    vi.stubGlobal('document', { cookie: 'token=abc' });
    const result = [{ fileUrl: '/f/1', fileName: 'a.png', fileId: '1' }];
    const fetch = answer({ code: 1, message: '成功', result });
    const upload = createUploader({ notify }, { fetch: fetch as unknown as typeof globalThis.fetch });
    const picked = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(upload([picked])).resolves.toEqual(result);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${UPLOAD_PATH}?customerId=&businessTypeKey=`);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).token).toBeUndefined();
    expect(init.credentials).toBe('same-origin');
    expect((init.body as FormData).getAll('files')).toHaveLength(1);
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('shows the server\'s message as a warning when the code is not 1 or the result is empty', async () => {
    const fail = createUploader({ notify }, { fetch: answer({ code: 100, message: '文件大小不能大于10M' }) as unknown as typeof fetch });
    await expect(fail([new File(['x'], 'a.png')])).rejects.toThrow('文件大小不能大于10M');
    expect(notify.info).toHaveBeenCalledWith('文件大小不能大于10M');
    const empty = createUploader({ notify }, { fetch: answer({ code: 1, message: '没有文件', result: [] }) as unknown as typeof fetch });
    await expect(empty([new File(['x'], 'a.png')])).rejects.toThrow('没有文件');
  });
});
