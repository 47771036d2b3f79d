// The spec's upload endpoint really stores files; only their corporation can read them back.
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { UPLOAD_PATH } from '../server/routes/files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%test\n');

async function upload(token: string | undefined, files: { name: string; bytes: Uint8Array }[], query = '?customerId=&businessTypeKey=vehicle') {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.bytes as Uint8Array<ArrayBuffer>]), f.name);
  const res = await t.app.request(`${UPLOAD_PATH}${query}`, { method: 'POST', headers: token ? { token } : {}, body: form });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; result: any }) };
}

describe('upload', () => {
  it('stores images and PDFs and returns fileUrl, fileName and fileId; the same corporation downloads them', async () => {
    const admin = await t.as('admin');
    const r = await upload(admin.token, [{ name: '行驶证.png', bytes: PNG }, { name: '合同.PDF', bytes: PDF }]);
    expect(r.code).toBe(1);
    expect(r.result).toHaveLength(2);
    expect(r.result[0]).toMatchObject({ fileName: '行驶证.png', fileUrl: `/api/file/download/${r.result[0].fileId}` });
    const res = await t.app.request(r.result[1].fileUrl, { headers: { token: admin.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(readdirSync(join(t.filesDir, '1'))).toHaveLength(2);
    const other = await t.app.request(r.result[1].fileUrl, { headers: { token: (await t.as('admin2')).token } });
    expect(((await other.json()) as any).message).toBe('文件不存在或无权访问');
  });

  it.each([
    ['a type outside the list', [{ name: 'a.gif', bytes: PNG }], '上传文件必须是.jpg, .jpeg, .png, .bmp, .pdf格式'],
    ['more than 5 files', Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, bytes: PNG })), '最多支持上传5个文件'],
    ['a file over 10 MB', [{ name: 'big.pdf', bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25) }], '文件大小不能大于10M'],
    ['a script renamed to .png', [{ name: 'x.png', bytes: new TextEncoder().encode('<script>alert(1)</script>') }], '文件内容与格式不符：x.png'],
    ['no file', [], 'files：请选择要上传的文件'],
  ])('refuses %s with its message and stores nothing', async (_name, files, message) => {
    const admin = await t.as('admin');
    const before = await t.snapshot();
    const r = await upload(admin.token, files);
    expect([r.code, r.message]).toEqual([100, message]);
    await t.assertUnchanged(before);
  });

  it('needs a session, a multipart body and a sane query', async () => {
    expect((await upload(undefined, [{ name: 'a.png', bytes: PNG }])).code).toBe(103);
    const admin = await t.as('admin');
    const json = await t.app.request(UPLOAD_PATH, { method: 'POST', headers: { token: admin.token, 'content-type': 'application/json' }, body: '{}' });
    expect([json.status, ((await json.json()) as any).code]).toEqual([415, 100]);
    expect((await upload(admin.token, [{ name: 'a.png', bytes: PNG }], '?customerId=abc')).code).toBe(100);
  });
});

describe('shell calls', () => {
  it('lists every declared route, serves the help links and keeps the online-guide flag', async () => {
    const c = await t.as('carrier');
    const routes = (await c.get('/menu/routes')).result as string[];
    expect(routes).toEqual(expect.arrayContaining(['/vehicle', '/user', '/role/update']));
    expect((await c.get('/helpcenter/link')).result).toEqual({ helpBookLink: '/help/manual.html', updateLogLink: '/help/update-log.html' });
    expect((await c.get('/user/getCurrentUser')).result.haveBrowsed).toBe(0);
    expect((await c.post('/userSet/updateHaveBrowsedConfig', { haveBrowsed: 1 })).code).toBe(1);
    expect((await c.get('/user/getCurrentUser')).result.haveBrowsed).toBe(1);
    expect((await c.post('/userSet/updateHaveBrowsedConfig', { haveBrowsed: 7 })).code).toBe(100);
  });
});
