// Uploaded files: checked against the shared upload rules and by their first bytes (a renamed
// script is not an image), written under the files folder, and served only to their corporation; to
// a partner user, only the files it uploaded or that its own records name (access.ts).
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
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
  constructor(private readonly db: Db, private readonly dir: string) {}

  /** `owner.userId` 0 is a terminal (terminal upload): no user, so no partner reads it by uploader. */
  save(user: Pick<SessionUser, 'corpId' | 'userId'>, uploads: Upload[], meta: { businessTypeKey?: string; customerId?: number }): StoredFile[] {
    if (uploads.length === 0) throw invalid('files：请选择要上传的文件', { field: 'files' });
    const rule = uploadRule(uploads.map((u) => ({ name: u.name, size: u.bytes.byteLength })));
    if (rule) throw invalid(rule, { field: 'files' });
    const bad = uploads.find((u) => !matches(u.bytes, extensionOf(u.name)));
    if (bad) throw invalid(`文件内容与格式不符：${bad.name}`, { field: 'files' });
    const folder = join(this.dir, String(user.corpId));
    mkdirSync(folder, { recursive: true });
    const insert = this.db.$client.prepare(
      `INSERT INTO files (id, corp_id, file_name, extension, size, business_type_key, customer_id, uploaded_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return uploads.map((u) => {
      const id = randomUUID();
      const ext = extensionOf(u.name);
      writeFileSync(join(folder, id + ext), u.bytes);
      insert.run(id, user.corpId, u.name, ext, u.bytes.byteLength, meta.businessTypeKey ?? null, meta.customerId ?? null, user.userId, Date.now());
      return { fileUrl: fileUrl(id), fileName: u.name, fileId: id };
    });
  }

  /** A file the user may read (domain/files/access.ts); any other reads exactly like a missing one. */
  open(user: SessionUser, id: string) {
    const row = this.db.$client
      .prepare('SELECT id, file_name AS fileName, extension, size, uploaded_by AS uploadedBy FROM files WHERE id = ? AND corp_id = ?')
      .get(id, user.corpId) as { id: string; fileName: string; extension: string; size: number; uploadedBy: number } | undefined;
    const readable = row && mayReadFile(this.db.$client, user, row);
    const path = readable && join(this.dir, String(user.corpId), row.id + row.extension);
    if (!row || !path || !existsSync(path)) throw failure('文件不存在或无权访问');
    return { id: row.id, fileName: row.fileName, extension: row.extension, size: row.size, contentType: CONTENT_TYPES[row.extension], stream: () => createReadStream(path) };
  }
}
