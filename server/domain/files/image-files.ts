// Uploaded files named by a record: their download URL, and the check that a record naming images
// (a snapshot, an event's photos) names files of the caller's corporation that are images (the upload
// endpoint also stores PDFs).
import { invalid } from '../../http/envelope.ts';
import { all, type Conn } from '../../resources/statements.ts';

export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.bmp'];

/** Refuses with code 100 naming the field and the first file that is missing or not an image. */
export async function checkImageFiles(conn: Conn, corpId: number, fileIds: readonly string[], title: string, field: string): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (!ids.length) return;
  const found = await all<{ id: string; extension: string }>(conn, `SELECT id, extension FROM files WHERE corp_id = ? AND id IN (${ids.map(() => '?')})`, corpId, ...ids);
  const images = new Set(found.filter((f) => IMAGE_EXTENSIONS.includes(f.extension)).map((f) => f.id));
  const bad = ids.find((id) => !images.has(id));
  if (bad) throw invalid(`${title}：文件不存在或不是图片：${bad}`, { field });
}

export const fileUrl = (fileId: string) => `/api/file/download/${fileId}`;
