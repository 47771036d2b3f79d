// The spec's upload endpoint (multipart field 'files') and the download of a stored file.
import { Readable } from 'node:stream';
import type { Conn } from '../db/connection.ts';
import { ApiError, Code, invalid } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { terminalAccess, terminalOf } from '../http/terminal-access.ts';
import { FileStore, type Upload } from '../domain/files/store.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_SIZE_MESSAGE } from '../../schemas/keywords/index.ts';
import { declaredOver, readLimitedBytes } from '../http/limited-read.ts';
import { boundaryOf, PART_HEADER_ROOM, partSizeWatch } from '../http/multipart-watch.ts';

export const UPLOAD_PATH = '/api3/COMMON-MODULE-BASE-FILE-PROCESSOR-WEB/api/upload/fildUploadPublicByInputStream';
/** Room for the most files of the largest size plus the multipart framing. */
const MAX_UPLOAD_BODY = UPLOAD_MAX_FILES * UPLOAD_MAX_BYTES + 1024 * 1024;

const queryInput = {
  type: 'object',
  properties: {
    customerId: { title: '客户', type: 'string', pattern: '^([1-9][0-9]{0,15})?$' },
    businessTypeKey: { title: '业务类型', type: 'string', maxLength: 64 },
  },
};

const tooLarge = () => new ApiError(Code.INVALID, UPLOAD_SIZE_MESSAGE, null, 413);

/**
 * The body is counted while it streams in (a chunked body declares no length): it stops at the most
 * the upload may hold, and at a single part longer than the largest file, cancelling the rest, so
 * an oversized upload costs the server about one file's worth of memory, never the whole body.
 */
async function readUploads(req: Request): Promise<Upload[]> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new ApiError(Code.INVALID, '请求内容类型必须为 multipart/form-data', null, 415);
  if (declaredOver(req.headers.get('content-length'), MAX_UPLOAD_BODY)) throw tooLarge();
  const boundary = boundaryOf(type);
  if (!boundary) throw invalid('上传内容格式不正确');
  const body = await readLimitedBytes(req.body, MAX_UPLOAD_BODY, tooLarge, partSizeWatch(boundary, UPLOAD_MAX_BYTES + PART_HEADER_ROOM, tooLarge));
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw invalid('上传内容格式不正确');
  }
  const files = form.getAll('files').filter((f): f is File => typeof f === 'object');
  return Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

/** Where terminals and gateways upload the photos their snapshots and driver events then name. */
export const TERMINAL_UPLOAD_PATH = '/terminal/upload';

export function fileRoutes(conn: Conn, filesDir: string) {
  const store = new FileStore(conn, filesDir);
  return [
    route({
      method: 'POST', path: TERMINAL_UPLOAD_PATH, access: terminalAccess(conn), rawBody: true, input: { type: 'object', additionalProperties: false, properties: {} },
      handler: async (call) => {
        const terminal = terminalOf(call);
        const stored = await store.save({ corpId: terminal.corpId, userId: 0 }, await readUploads(call.c.req.raw), {});
        await terminal.markUsed();
        return stored;
      },
    }),
    route({
      method: 'POST', path: UPLOAD_PATH, absolute: true, access: { session: true }, rawBody: true, input: queryInput,
      handler: async ({ c, user }) => {
        const q = c.req.query();
        const uploads = await readUploads(c.req.raw);
        return store.save(user, uploads, { businessTypeKey: q.businessTypeKey || undefined, customerId: q.customerId ? Number(q.customerId) : undefined });
      },
    }),
    route({
      // ?download=1 (the upload centre's 下载) asks for an attachment; otherwise the file opens in place (preview).
      method: 'GET', path: '/file/download/:id', access: { session: true }, input: { type: 'object', properties: { download: { title: '下载', enum: ['1'] } } },
      handler: async ({ c, user, params, query }) => {
        const file = await store.open(user, params.id);
        c.header('Content-Type', file.contentType);
        c.header('Content-Length', String(file.size));
        c.header('Content-Disposition', `${query.download === '1' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
        c.header('Cache-Control', 'private, max-age=86400');
        return c.body(Readable.toWeb(file.stream()) as ReadableStream);
      },
    }),
  ];
}
