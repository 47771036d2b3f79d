// An oversized upload is refused while it streams: a chunked body without Content-Length is counted
// as it arrives and cancelled once a file passes 10 MB, never read whole first (docs/security.md).
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { UPLOAD_PATH } from '../../server/routes/files.ts';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = 'huoyun-limit-test';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A multipart body of `total` bytes made on demand, counting what the server pulled and whether it hung up. */
function endlessUpload(total: number, parts: 'one file' | 'no boundary' = 'one file') {
  const head = new TextEncoder().encode(parts === 'one file'
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`
    : '');
  const seen = { pulled: 0, cancelled: false };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(CHUNK, total - sent)).fill(0x41);
      if (sent === 0) { chunk.set(head); chunk.set(PNG, head.length); }
      sent += chunk.byteLength;
      seen.pulled = sent;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, seen };
}

async function send(token: string, body: ReadableStream<Uint8Array>) {
  // No content-length: the body is sent chunked, as a client that hides its size would.
  const res = await t.app.request(UPLOAD_PATH, {
    method: 'POST', headers: { token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body, duplex: 'half',
  } as RequestInit);
  return { status: res.status, ...((await res.json()) as { code: number; message: string }) };
}

const storedFiles = () => readdirSync(t.filesDir, { recursive: true }).length;

describe('upload size while streaming', () => {
  it('refuses a 60 MB chunked file after little more than 10 MB was read, and stores nothing', async () => {
    const admin = await t.as('admin');
    const before = await t.snapshot();
    const { stream, seen } = endlessUpload(60 * MB);
    const r = await send(admin.token, stream);
    expect([r.status, r.code, r.message]).toEqual([413, 100, '文件大小不能大于10M']);
    // One file's worth (10 MB and its part headers) plus a chunk or two in flight, far from 60 MB.
    expect(seen.pulled).toBeLessThan(11 * MB);
    expect(seen.cancelled).toBe(true);
    await t.assertUnchanged(before);
    expect(storedFiles()).toBe(0);
  });

  it('refuses 60 MB with no part boundary at all in the same way', async () => {
    const admin = await t.as('admin');
    const { stream, seen } = endlessUpload(60 * MB, 'no boundary');
    const r = await send(admin.token, stream);
    expect([r.status, r.code, r.message]).toEqual([413, 100, '文件大小不能大于10M']);
    expect(seen.pulled).toBeLessThan(11 * MB);
    expect(storedFiles()).toBe(0);
  });

  it('still takes five files of almost 10 MB each in one chunked body', async () => {
    const admin = await t.as('admin');
    const form = new FormData();
    const big = new Uint8Array(10 * MB - 1024).fill(0x41);
    big.set(PNG);
    for (let i = 0; i < 5; i++) form.append('files', new Blob([big]), `${i}.png`);
    // The form's own encoding, re-sent as a stream without its length.
    const encoded = new Response(form);
    const type = encoded.headers.get('content-type')!;
    const res = await t.app.request(UPLOAD_PATH, { method: 'POST', headers: { token: admin.token, 'content-type': type }, body: encoded.body, duplex: 'half' } as RequestInit);
    const r = (await res.json()) as { code: number; result: unknown[] };
    expect(r.code).toBe(1);
    expect(r.result).toHaveLength(5);
  });
});
