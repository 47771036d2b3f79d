// The upload centre (上传中心, 系统管理): POST /uploadCenter/list pages the caller's own uploads (view
// mine) or the corporation's (view corp, needing 企业文件); POST /uploadCenter/delete removes a file
// no record names. Preview and download use GET /file/download/:id (files.ts), which applies the file
// rules again. docs/api.md "Upload centre".
import type { Conn } from '../db/connection.ts';
import { forbidden } from '../http/envelope.ts';
import { route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { labelOf } from '../registry/labels.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import { deleteFile, FILE_SORTS, listFiles, type FileFilter } from '../domain/files/centre.ts';
import { mayReadFile } from '../domain/files/access.ts';

export const UPLOAD_CENTER_OPS = { list: 'uploadCenter3', corp: 'uploadCenterCorp3', delete: 'uploadCenterDelete3' } as const;
/** The stored file ids are random UUIDs (domain/files/store.ts). */
export const FILE_ID = { title: '文件', type: 'string', maxLength: 36, pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };
/** The latest time a range may name: year 9999. */
const MAX_TIME = 253_402_300_799_999;

export const uploadCenterListInput = {
  type: 'object', additionalProperties: false,
  properties: {
    ...pagingProperties(FILE_SORTS),
    view: { title: '文件范围', enum: ['mine', 'corp'] },
    fileName: searchText('文件名称', 100),
    fileKind: { title: '类型', type: 'array', maxItems: 2, items: { title: '类型', enum: ['image', 'pdf'] } },
    uploader: searchText('上传人', 50),
    createdAt: {
      title: '上传时间', type: 'array', minItems: 2, maxItems: 2,
      items: { title: '上传时间', type: ['integer', 'null'], minimum: 0, maximum: MAX_TIME },
    },
  },
};

type ListBody = Partial<Omit<FileFilter, 'view'>> & { view?: FileFilter['view'] };

export function uploadCenterRoutes(conn: Conn, filesDir: string, registry: () => Registry): RouteDef[] {
  const businessLabel = (key: string) => labelOf(registry(), 'uploadBusinessType', key);
  return [
    route<ListBody>({
      method: 'POST', path: '/uploadCenter/list', access: { anyOf: [UPLOAD_CENTER_OPS.list] }, input: uploadCenterListInput,
      handler: ({ user, body }) => {
        const view = body.view ?? 'mine';
        if (view === 'corp' && !user.operationIds.has(UPLOAD_CENTER_OPS.corp)) throw forbidden();
        return listFiles(conn, user, { ...body, view, curPage: body.curPage ?? 1, pageSize: body.pageSize ?? 20 },
          { businessLabel, corpOp: UPLOAD_CENTER_OPS.corp, deleteOp: UPLOAD_CENTER_OPS.delete });
      },
    }),
    route<{ id: string }>({
      method: 'POST', path: '/uploadCenter/delete', access: { anyOf: [UPLOAD_CENTER_OPS.delete] },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: FILE_ID } },
      handler: ({ user, body }) =>
        deleteFile(conn, filesDir, user, body.id, { corpOp: UPLOAD_CENTER_OPS.corp, readable: (row) => mayReadFile(conn, user, row) }),
    }),
  ];
}
