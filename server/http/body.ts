// Reads a JSON request body with a size limit. Every malformed body becomes a code-100 refusal,
// never a 5xx: the client always learns what was wrong with what it sent.
import type { Context } from 'hono';
import { ApiError, Code } from './envelope.ts';

export const MAX_JSON_BYTES = 1024 * 1024;

const tooLarge = () => new ApiError(Code.INVALID, '请求体过大，不能超过1MB', null, 413);

async function readLimited(c: Context, limit: number): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An empty body reads as {} so that list calls may post nothing. */
export async function readJsonBody(c: Context, limit = MAX_JSON_BYTES): Promise<unknown> {
  const text = await readLimited(c, limit);
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(Code.INVALID, '请求内容类型必须为 application/json', null, 415);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(Code.INVALID, '请求体不是有效的JSON');
  }
}
