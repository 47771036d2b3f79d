// Downloads a generated export. The API client speaks JSON envelopes only, so this one call reads the
// response itself: an attachment is saved under the name its content-disposition gives (RFC 5987
// filename* first); any other answer is an error (spec section 8), with the server's message if any.
export const NO_ATTACHMENT = '下载失败：服务器没有返回导出文件';

/** The file name of a content-disposition header, or undefined when it is not an attachment. */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition || !/^\s*attachment/i.test(disposition)) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim());
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : 'export.xlsx';
}

/** Fetches `path` (under /api) and saves the attachment it answers with; any other answer throws. */
export async function downloadAttachment(path: string, doFetch: typeof fetch = globalThis.fetch): Promise<void> {
  // The HttpOnly session cookie is the credential (credentials: 'same-origin').
  const res = await doFetch(`/api${path}`, { credentials: 'same-origin' });
  const name = attachmentName(res.headers.get('content-disposition'));
  if (!name) {
    const message = await res.json().then((j: { message?: string }) => j.message).catch(() => undefined);
    throw new Error(message || NO_ATTACHMENT);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const downloadExport = (id: number, doFetch: typeof fetch = globalThis.fetch) => downloadAttachment(`/exportCenter/download/${id}`, doFetch);
