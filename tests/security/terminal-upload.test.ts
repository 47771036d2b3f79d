// A gateway holds a terminal credential and nothing else: it uploads the photo of a snapshot with that
// credential, then names it in the snapshot. A console session cannot use the terminal upload.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { bearer, issueTerminalSecret, terminalPost } from '../support/terminal.ts';

const t = await createTestApp();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const fileCount = async () => (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM files'))!.n;

async function upload(headers: Record<string, string>) {
  const form = new FormData();
  form.append('files', new Blob([PNG], { type: 'image/png' }), 'snap.png');
  const res = await t.app.request('/api/terminal/upload', { method: 'POST', headers, body: form });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; result: any }) };
}

let secret: string;
let vehicleId: number;
beforeAll(async () => {
  secret = await issueTerminalSecret(t);
  vehicleId = (await t.db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1'))!.id;
});

describe('terminal upload', () => {
  it('a credential uploads a photo and a snapshot names it; staff of the corporation can open it', async () => {
    const up = await upload(bearer(secret));
    expect(up.code, up.message).toBe(1);
    const [{ fileId }] = up.result as { fileId: string }[];
    const snap = await terminalPost(t, secret, '/flash/ingest', { vehicleId, channel: 1, eventType: 1, picTime: Date.now() - 60_000, lon: 120.1, lat: 30.2, fileId });
    expect(snap.code, snap.message).toBe(1);
    const admin = await t.login('admin');
    const file = await t.app.request(`/api/file/download/${fileId}`, { headers: { token: admin } });
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('a console session, however broad, cannot use it (103), and nothing is stored', async () => {
    const before = await fileCount();
    for (const who of ['admin', 'carrier']) {
      const token = await t.login(who);
      expect((await upload({ token })).code).toBe(103);
    }
    expect((await upload(bearer('hyt_not-a-real-secret'))).code).toBe(103);
    expect(await fileCount()).toBe(before);
  });
});
