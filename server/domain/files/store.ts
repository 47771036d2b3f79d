// Uploaded files: checked against the shared upload rules and by their first bytes (a renamed
// script is not an image), written under the files folder, and served only to their corporation; to
// a partner user, only the files it uploaded or that its own records name (access.ts).
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Conn } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { one, run } from '../../resources/statements.ts';
import { extensionOf, uploadRule } from '../../../schemas/keywords/index.ts';
import { fileUrl } from './image-files.ts';
import { mayReadFile } from './access.ts';

const SIGNATURES: Record<string, number[][]> = {
  '.jpg': [[0xff, 0xd8, 0xff]],
  '.jpeg': [[0xff, 0xd8, 0xff]],
  '.png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  '.bmp': [[0x42, 0x4d]],
  '.pdf': [[0x25, 0x50, 0x44, 0x46]],
};
export const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.bmp': 'image/bmp', '.pdf': 'application/pdf',
};

const matches = (bytes: Uint8Array, ext: string) => (SIGNATURES[ext] ?? []).some((sig) => sig.every((b, i) => bytes[i] === b));

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

export interface StoredFile {
  fileUrl: string;
  fileName: string;
  fileId: string;
}

export class FileStore {
  constructor(private readonly conn: Conn, private readonly dir: string) {}

  /** `owner.userId` 0 is a terminal (terminal upload): no user, so no partner reads it by uploader. */
  async save(user: Pick<SessionUser, 'corpId' | 'userId'>, uploads: Upload[], meta: { businessTypeKey?: string; customerId?: number }): Promise<StoredFile[]> {
    if (uploads.length === 0) throw invalid('files：请选择要上传的文件', { field: 'files' });
    const rule = uploadRule(uploads.map((u) => ({ name: u.name, size: u.bytes.byteLength })));
    if (rule) throw invalid(rule, { field: 'files' });
    const bad = uploads.find((u) => !matches(u.bytes, extensionOf(u.name)));
    if (bad) throw invalid(`文件内容与格式不符：${bad.name}`, { field: 'files' });
    const folder = join(this.dir, String(user.corpId));
    mkdirSync(folder, { recursive: true });
    const stored: StoredFile[] = [];
    for (const u of uploads) {
      const id = randomUUID();
      const ext = extensionOf(u.name);
      writeFileSync(join(folder, id + ext), u.bytes);
      await run(
        this.conn,
        `INSERT INTO files (id, corp_id, file_name, extension, size, business_type_key, customer_id, uploaded_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id, user.corpId, u.name, ext, u.bytes.byteLength, meta.businessTypeKey ?? null, meta.customerId ?? null, user.userId, Date.now(),
      );
      stored.push({ fileUrl: fileUrl(id), fileName: u.name, fileId: id });
    }
    return stored;
  }

  /** A file the user may read (domain/files/access.ts); any other reads exactly like a missing one. */
  async open(user: SessionUser, id: string) {
    const row = await one<{ id: string; fileName: string; extension: string; size: number; uploadedBy: number }>(
      this.conn,
      'SELECT id, file_name AS fileName, extension, size, uploaded_by AS uploadedBy FROM files WHERE id = ? AND corp_id = ?',
      id, user.corpId,
    );
    const readable = row && (await mayReadFile(this.conn, user, row));
    const path = readable && join(this.dir, String(user.corpId), row.id + row.extension);
    if (!row || !path || !existsSync(path)) throw failure('文件不存在或无权访问');
    return { id: row.id, fileName: row.fileName, extension: row.extension, size: row.size, contentType: CONTENT_TYPES[row.extension], stream: () => createReadStream(path) };
  }
}
