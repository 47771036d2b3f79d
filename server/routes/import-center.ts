// The import centre (issue 15 item 6): GET /importCenter/template/:resourceId answers a resource's
// (or the orders', imports/importer.ts) template; POST /importCenter/create takes an .xlsx (multipart field 'file', the modes in the query)
// and queues its import task; POST /importCenter/list pages the user's own tasks; GET
// /importCenter/errors/:id sends a task's error report. Paths, bodies and messages in docs/api.md.
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../db/connection.ts';
import { ApiError, Code, failure, forbidden, invalid } from '../http/envelope.ts';
import type { SessionUser } from '../http/context.ts';
import { Outcome, route, type RouteDef } from '../http/route.ts';
import { declaredOver, readLimitedBytes } from '../http/limited-read.ts';
import { boundaryOf, PART_HEADER_ROOM, partSizeWatch } from '../http/multipart-watch.ts';
import type { Registry, ResourceFile } from '../registry/types.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { attachmentHeaders } from '../exports/file-name.ts';
import { taskUser } from '../exports/task-user.ts';
import { importable, importColumns } from '../imports/columns.ts';
import { ownImporter, ownTarget } from '../imports/importer.ts';
import { templateWorkbook } from '../imports/template.ts';
import { runImport } from '../imports/runner.ts';
import { ImportQueue, type ImportTiming } from '../imports/queue.ts';
import { findTask, ImportStatus, insertTask, listTasks, markEnded, OnDuplicate, uploadFileOf, type ImportTaskRow } from '../imports/tasks.ts';

export const IMPORT_OP = 'importCenter3';
export const IMPORT_CREATED = '导入任务已创建，请在导入中心查看进度';
/** The largest file an import takes (docs/api.md). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_SIZE_MESSAGE = '文件大小不能超过20MB';
export const NOT_XLSX = '请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const RESOURCE_ID = { title: '导入类型', type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9]*$' };
const { curPage, pageSize } = pagingProperties([]);

const createQuery = {
  type: 'object', additionalProperties: false, required: ['resourceId', 'mode', 'onDuplicate'],
  properties: {
    resourceId: RESOURCE_ID,
    mode: { title: '导入方式', enum: ['1', '2'] },
    onDuplicate: { title: '重复数据', enum: ['1', '2'] },
  },
};

export interface ImportRouteOptions {
  db: Db;
  registry: () => Registry;
  engine: ResourceEngine;
  filesDir: string;
  timing?: ImportTiming;
}

/**
 * What a user may import into: orders (importer.ts) or an importable resource, and the user may add
 * its records (and change them, to update duplicates).
 */
function targetOf(reg: Registry, user: SessionUser, resourceId: string, updates = false): { id: string; title: string; res?: ResourceFile } {
  const own = ownTarget(resourceId);
  if (own) {
    if (!user.operationIds.has(own.addOperation) || own.refuses?.(user)) throw forbidden(`没有新增${own.title}的权限，不能导入`);
    if (updates && !own.updates) throw invalid(`重复数据：${own.title}导入不更新已有记录，请选择“拒绝”`, { field: 'onDuplicate' });
    return { id: resourceId, title: own.title };
  }
  const res = importable(reg, resourceId);
  if (!res) throw invalid('导入类型：不支持导入该数据', { field: 'resourceId' });
  const may = (ops: string[]) => ops.some((op) => user.operationIds.has(op));
  if (!may(res.permissions.save)) throw forbidden(`没有新增${res.title}的权限，不能导入`);
  if (updates && !may(res.permissions.update)) throw forbidden(`没有修改${res.title}的权限，请选择“拒绝”重复数据`);
  return { id: res.id, title: res.title, res };
}

const tooLarge = () => new ApiError(Code.INVALID, IMPORT_SIZE_MESSAGE, { field: 'file' }, 413);

/** The one uploaded file, read with the size counted as it streams in. */
async function readUpload(req: Request): Promise<{ name: string; bytes: Uint8Array }> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new ApiError(Code.INVALID, '请求内容类型必须为 multipart/form-data', null, 415);
  const limit = IMPORT_MAX_BYTES + PART_HEADER_ROOM * 2;
  if (declaredOver(req.headers.get('content-length'), limit)) throw tooLarge();
  const boundary = boundaryOf(type);
  if (!boundary) throw invalid('上传内容格式不正确');
  const body = await readLimitedBytes(req.body, limit, tooLarge, partSizeWatch(boundary, IMPORT_MAX_BYTES + PART_HEADER_ROOM, tooLarge));
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw invalid('上传内容格式不正确');
  }
  const file = form.get('file');
  if (!file || typeof file !== 'object') throw invalid('文件：请选择要导入的文件', { field: 'file' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw tooLarge();
  if (!/\.xlsx$/i.test(file.name) || !ZIP_MAGIC.every((b, i) => bytes[i] === b)) throw invalid(NOT_XLSX, { field: 'file' });
  return { name: file.name.slice(-100), bytes };
}

const taskId = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : 0);

export function importCenterRoutes(o: ImportRouteOptions): { routes: RouteDef[]; stop: () => void; queue: ImportQueue } {
  const dir = join(o.filesDir, 'imports');
  const launch = async (task: ImportTaskRow, runner: string) => {
    let user: SessionUser;
    try {
      user = await taskUser(o.db, task.userId);
    } catch {
      // The user was disabled while the task waited: nothing is imported in their name.
      await markEnded(o.db, runner, task.id, { status: ImportStatus.FAILED, counts: { total: 0, done: 0, ok: 0, failed: 0 }, reason: '用户已停用或不存在，导入取消' }, Date.now());
      return;
    }
    await runImport({ conn: o.db, engine: o.engine, registry: o.registry(), task, user, dir, runner });
  };
  const queue = new ImportQueue(o.db, launch, o.timing);
  queue.pumpLater();
  const stop = queue.watch();
  const titleOf = (id: string) => ownTarget(id)?.title ?? o.registry().resources.get(id)?.title ?? id;

  const routes: RouteDef[] = [
    route({
      method: 'GET', path: '/importCenter/template/:resourceId', access: { anyOf: [IMPORT_OP] },
      input: { type: 'object', additionalProperties: false },
      handler: async ({ user, params }) => {
        const reg = o.registry();
        const res = targetOf(reg, user, params.resourceId);
        const columns = res.res ? await importColumns(o.db, reg, res.res, user) : (await ownImporter(res.id, { conn: o.db, registry: reg, user }))!.columns;
        const bytes = await templateWorkbook(columns);
        return new Response(new Uint8Array(bytes), { status: 200, headers: { ...attachmentHeaders(`${res.title}导入模板.xlsx`), 'content-length': String(bytes.byteLength) } });
      },
    }),
    route({
      method: 'POST', path: '/importCenter/create', access: { anyOf: [IMPORT_OP] }, rawBody: true, input: createQuery,
      handler: async ({ c, user, body }) => {
        const q = body as { resourceId: string; mode: string; onDuplicate: string };
        const onDuplicate = Number(q.onDuplicate);
        const res = targetOf(o.registry(), user, q.resourceId, onDuplicate === OnDuplicate.UPDATE);
        const upload = await readUpload(c.req.raw);
        mkdirSync(dir, { recursive: true });
        const id = await insertTask(o.db, { corpId: user.corpId, userId: user.userId, resourceId: res.id, fileName: upload.name, mode: Number(q.mode), onDuplicate, now: Date.now() });
        // Written before any runner can take the task (the queue looks only after this answer's pump).
        writeFileSync(join(dir, uploadFileOf(id)), upload.bytes);
        queue.pumpLater();
        return new Outcome(Code.SUCCESS, IMPORT_CREATED, { id, fileName: upload.name });
      },
    }),
    route<{ curPage?: number; pageSize?: number; status?: number | null }>({
      method: 'POST', path: '/importCenter/list', access: { anyOf: [IMPORT_OP] },
      input: { type: 'object', additionalProperties: false, properties: { curPage, pageSize, status: { title: '状态', enum: [1, 2, 3, 4] } } },
      handler: ({ user, body }) => listTasks(o.db, user, body, titleOf),
    }),
    route({
      method: 'GET', path: '/importCenter/errors/:id', access: { anyOf: [IMPORT_OP] },
      input: { type: 'object', additionalProperties: false },
      handler: async ({ user, params }) => {
        const id = taskId(params.id);
        const task = id ? await findTask(o.db, id) : undefined;
        // Another user's task reads exactly like a missing one.
        if (!task || task.userId !== user.userId || task.corpId !== user.corpId) throw failure('导入任务不存在或无权访问');
        if (task.status === ImportStatus.RUNNING) throw failure('导入尚未结束，请稍后下载错误报告');
        const file = task.errorFile ? join(dir, task.errorFile) : undefined;
        if (!file || !existsSync(file)) throw failure('该导入任务没有错误数据');
        const name = `${task.fileName.replace(/\.xlsx$/i, '')}_错误报告.xlsx`;
        return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { status: 200, headers: { ...attachmentHeaders(name), 'content-length': String(statSync(file).size) } });
      },
    }),
  ];
  return { routes, stop, queue };
}
