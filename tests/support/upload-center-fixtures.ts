// The upload centre's part in tests/bad-input.test.ts: a loose file of the corporation for the
// delete baseline, and the list's search texts, which are "contains" filters: SQL- or
// script-looking text is a value that matches no row.
import type { Hono } from 'hono';
import type { Conn } from '../../server/db/port.ts';
import { UPLOAD_PATH } from '../../server/routes/files.ts';

type Row = Record<string, any>;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

export async function uploadCenterFixtures(t: { db: Conn; app: Pick<Hono<any>, 'request'>; login: (userName: string) => Promise<string> }) {
  const form = new FormData();
  form.append('files', new Blob([PNG]), '待删除.png');
  const res = await t.app.request(UPLOAD_PATH, { method: 'POST', headers: { token: await t.login('admin') }, body: form });
  const { result } = (await res.json()) as { result: { fileId: string }[] };
  const bodies: Record<string, Row> = {
    '/uploadCenter/list': { curPage: 1, pageSize: 20, view: 'corp' },
    '/uploadCenter/delete': { id: result[0].fileId },
  };
  const filter = 'a contains filter of the upload centre: such text matches no row';
  const acceptedText: Record<string, string> = { '/uploadCenter/list fileName': filter, '/uploadCenter/list uploader': filter };
  return { bodies, acceptedText };
}
