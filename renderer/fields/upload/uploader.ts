// Sends picked files to the public file service. Multipart cannot go through the JSON API client
// (and the service lives outside /api), so this is the one place of the console that posts a form
// itself; it reads the same {code, message, result} envelope and speaks through env.notify.
import type { Env } from '../../env/env-context.tsx';
import type { UploadedFile, UploadFn } from './upload-rules.ts';

export const UPLOAD_PATH = '/api3/COMMON-MODULE-BASE-FILE-PROCESSOR-WEB/api/upload/fildUploadPublicByInputStream';
export const UPLOAD_FAILED = '上传失败';

export interface UploaderOptions {
  customerId?: string | number;
  businessTypeKey?: string;
  /** Tests pass a fake; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

export class UploadError extends Error {
  override name = 'UploadError';
}

export function createUploader(env: Pick<Env, 'notify'>, options: UploaderOptions = {}): UploadFn {
  return async (files: File[]): Promise<UploadedFile[]> => {
    const body = new FormData();
    for (const file of files) body.append('files', file, file.name);
    const query = new URLSearchParams({
      customerId: String(options.customerId ?? ''),
      businessTypeKey: options.businessTypeKey ?? '',
    });
    // The session cookie (HttpOnly) goes with the request; script never sees the token.
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: { code?: number; message?: string; result?: UploadedFile[] } | undefined;
    try {
      const response = await (options.fetch ?? globalThis.fetch)(`${UPLOAD_PATH}?${query}`, {
        method: 'POST',
        headers, // no Content-Type: the browser writes the multipart boundary itself
        body,
        credentials: 'same-origin',
      });
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    if (payload?.code === 1 && Array.isArray(payload.result) && payload.result.length > 0) return payload.result;
    // Spec section 8: a failed upload shows the server's message as a warning and ends the loading.
    const message = payload?.message || UPLOAD_FAILED;
    env.notify.info(message);
    throw new UploadError(message);
  };
}
