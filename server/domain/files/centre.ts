// The upload centre (上传中心): the caller's own uploads (我的文件) and the corporation's (企业文件), and
// the delete of a file no record names. What a user sees here is never more than the file rules of
// access.ts let it download: staff, any file of the corporation; a partner, the files of its partner's
// accounts and those its own waybills' receipts and alarms name (a subset of what access.ts opens:
// snapshots reach partners through track playback only). docs/security.md "Files".
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionUser } from '../../http/context.ts';
import { failure, forbidden } from '../../http/envelope.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { likePattern } from '../../resources/like.ts';
import { formatTime } from '../../resources/time.ts';
import { alarmScope } from '../../alarms/scope.ts';
import { waybillScope } from '../waybills/scope.ts';
import { attachedSql, attachmentsOf } from './attachments.ts';
import { IMAGE_EXTENSIONS } from './image-files.ts';

export const FILE_MISSING = '文件不存在或无权访问';
export const FILE_ATTACHED = '文件已关联业务记录，不能删除';
export const NOT_OWN_FILE = '只能删除自己上传的文件';

/** 我的文件: uploaded by the caller; 企业文件: every file the caller may read in its corporation. */
export type FileView = 'mine' | 'corp';
/** The 类型 filter: images (.jpg .jpeg .png .bmp) or PDFs. */
export type FileKind = 'image' | 'pdf';
export const FILE_SORTS = ['createdAt', 'fileName', 'size'] as const;
const SORT_COLUMNS: Record<(typeof FILE_SORTS)[number], string> = { createdAt: 'f.created_at', fileName: 'f.file_name', size: 'f.size' };
const KIND_EXTENSIONS: Record<FileKind, readonly string[]> = { image: IMAGE_EXTENSIONS, pdf: ['.pdf'] };

export interface FileFilter {
  view: FileView;
  curPage: number;
  pageSize: number;
  sorts?: { field: (typeof FILE_SORTS)[number]; order?: 'asc' | 'desc' }[] | null;
  /** Contains, in the file name. */
  fileName?: string | null;
  fileKind?: FileKind[] | null;
  /** Contains, in the uploader's account or name. */
  uploader?: string | null;
  /** [from, to] epoch ms, both ends included, either null. */
  createdAt?: (number | null)[] | null;
}

interface Where {
  sql: string[];
  params: unknown[];
}

/** Which of the corporation's files `user` may list in the 企业文件 view. */
function corpView(user: SessionUser): Where {
  if (user.userType === 0) return { sql: ['f.corp_id = ?'], params: [user.corpId] };
  const ws = waybillScope(user);
  const as = alarmScope(user);
  return {
    sql: ['f.corp_id = ?', `(f.uploaded_by IN (SELECT pu.id FROM users pu WHERE pu.corp_id = ? AND pu.user_type = ? AND pu.partner_id = ?)
      OR f.id IN (SELECT r.file_id FROM waybill_receipts r JOIN waybills w ON w.id = r.waybill_id WHERE ${ws.sql.join(' AND ')})
      OR f.id IN (SELECT m.file_id FROM alarm_media m JOIN alarms a ON a.id = m.alarm_id WHERE ${as.sql}))`],
    params: [user.corpId, user.corpId, user.userType, user.partnerId ?? -1, ...ws.params, ...as.params],
  };
}

function filterOf(user: SessionUser, f: FileFilter): Where {
  const where: Where = f.view === 'mine' ? { sql: ['f.corp_id = ?', 'f.uploaded_by = ?'], params: [user.corpId, user.userId] } : corpView(user);
  if (f.fileName) {
    where.sql.push("f.file_name LIKE ? ESCAPE '\\'");
    where.params.push(likePattern(f.fileName, '文件名称'));
  }
  if (f.fileKind?.length) {
    const extensions = [...new Set(f.fileKind.flatMap((k) => KIND_EXTENSIONS[k]))];
    where.sql.push(`f.extension IN (${extensions.map(() => '?').join(', ')})`);
    where.params.push(...extensions);
  }
  if (f.uploader) {
    where.sql.push("f.uploaded_by IN (SELECT su.id FROM users su WHERE su.corp_id = ? AND (su.user_name LIKE ? ESCAPE '\\' OR su.real_name LIKE ? ESCAPE '\\'))");
    const p = likePattern(f.uploader, '上传人');
    where.params.push(user.corpId, p, p);
  }
  const [from, to] = f.createdAt ?? [];
  if (from !== null && from !== undefined) {
    where.sql.push('f.created_at >= ?');
    where.params.push(from);
  }
  if (to !== null && to !== undefined) {
    where.sql.push('f.created_at <= ?');
    where.params.push(to);
  }
  return where;
}

/** 12.3 KB, 4.56 MB: what the list shows for a size in bytes. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

const KIND_LABELS: Record<string, string> = { '.pdf': 'PDF文档' };
const fileKindText = (extension: string) => KIND_LABELS[extension] ?? (IMAGE_EXTENSIONS.includes(extension) ? '图片' : '其他');

/** Whether `user` may delete a file uploaded by `uploadedBy`: its own, or, for staff holding 企业文件, any. */
export const mayDeleteUpload = (user: SessionUser, uploadedBy: number, corpOp: string) =>
  uploadedBy === user.userId || (user.userType === 0 && user.operationIds.has(corpOp));

export interface FileListOptions {
  /** The dictionary label of a businessTypeKey ('' when the key is not listed). */
  businessLabel: (key: string) => string;
  corpOp: string;
  deleteOp: string;
}

export async function listFiles(conn: Conn, user: SessionUser, f: FileFilter, o: FileListOptions) {
  const where = filterOf(user, f);
  const filter = where.sql.join(' AND ');
  const total = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM files f WHERE ${filter}`, ...where.params))!.n;
  const order = (f.sorts ?? []).map((s) => `${SORT_COLUMNS[s.field]} ${s.order === 'asc' ? 'ASC' : 'DESC'}`);
  const rows = await all<{ id: string; fileName: string; extension: string; size: number; businessTypeKey: string | null; uploadedBy: number;
    createdAt: number; attached: number; userName: string | null; realName: string | null }>(conn,
    `SELECT f.id, f.file_name AS fileName, f.extension, f.size, f.business_type_key AS businessTypeKey, f.uploaded_by AS uploadedBy,
            f.created_at AS createdAt, CASE WHEN ${attachedSql('f')} THEN 1 ELSE 0 END AS attached, u.user_name AS userName, u.real_name AS realName
       FROM files f LEFT JOIN users u ON u.id = f.uploaded_by AND u.corp_id = f.corp_id
      WHERE ${filter} ORDER BY ${[...order, 'f.created_at DESC', 'f.id DESC'].join(', ')} LIMIT ? OFFSET ?`,
    ...where.params, f.pageSize, (f.curPage - 1) * f.pageSize);
  const attachments = await attachmentsOf(conn, user, rows.map((r) => r.id));
  const canDelete = user.operationIds.has(o.deleteOp);
  const data = rows.map((r) => {
    const attachment = attachments.get(r.id);
    const attached = Number(r.attached) === 1;
    return {
      id: r.id,
      fileName: r.fileName,
      extension: r.extension,
      fileKindStr: fileKindText(r.extension),
      isImage: IMAGE_EXTENSIONS.includes(r.extension),
      size: Number(r.size),
      sizeStr: sizeText(Number(r.size)),
      businessTypeStr: (r.businessTypeKey && o.businessLabel(r.businessTypeKey)) || (attachment && o.businessLabel(attachment.kind)) || o.businessLabel('other'),
      // uploaded_by 0: a terminal's upload (POST /terminal/upload), no user.
      uploaderStr: r.uploadedBy === 0 ? '车载终端' : r.realName || r.userName || '',
      createdAt: Number(r.createdAt),
      createdAtStr: formatTime(Number(r.createdAt)),
      attachedStr: attachment?.label ?? (attached ? '已关联业务记录' : '未关联'),
      attached,
      deletable: canDelete && !attached && mayDeleteUpload(user, r.uploadedBy, o.corpOp),
      fileUrl: `/api/file/download/${r.id}`,
    };
  });
  return { data, totalRecords: total, curPage: f.curPage, pageSize: f.pageSize };
}

/**
 * Deletes a file no record names, from the database and the disk. A file the caller may not read
 * answers like a missing one; one it may read but did not upload (staff without 企业文件, a partner
 * looking at another account's upload) is refused; one a record names stays (FILE_ATTACHED).
 */
export async function deleteFile(conn: Conn, filesDir: string, user: SessionUser, id: string, o: { corpOp: string; readable: (row: { id: string; uploadedBy: number }) => Promise<boolean> }) {
  const row = await one<{ id: string; extension: string; uploadedBy: number }>(conn,
    'SELECT id, extension, uploaded_by AS uploadedBy FROM files WHERE id = ? AND corp_id = ?', id, user.corpId);
  if (!row || !(await o.readable(row))) throw failure(FILE_MISSING);
  if (!mayDeleteUpload(user, row.uploadedBy, o.corpOp)) throw forbidden(NOT_OWN_FILE);
  // One statement decides: a record naming the file in the meantime keeps it.
  const { changes } = await conn.run(`DELETE FROM files WHERE id = ? AND corp_id = ? AND NOT ${attachedSql('files')}`, [id, user.corpId]);
  if (changes === 0) throw failure(FILE_ATTACHED);
  try {
    unlinkSync(join(filesDir, String(user.corpId), row.id + row.extension));
  } catch {
    // Already gone from the disk: the row was the last trace.
  }
  return { id };
}
