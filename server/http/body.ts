// Reads a JSON request body with a size limit and shape limits (json-limits.ts). Every malformed
// body becomes a code-100 refusal, never a 5xx: the client always learns what was wrong with what it sent.
import type { Context } from 'hono';
import { ApiError, Code } from './envelope.ts';
import { checkJsonShape } from './json-limits.ts';
import { declaredOver, readLimitedBytes } from './limited-read.ts';

export const MAX_JSON_BYTES = 1024 * 1024;

const tooLarge = () => new ApiError(Code.INVALID, '请求体过大，不能超过1MB', null, 413);

async function readLimited(c: Context, limit: number): Promise<string> {
  if (declaredOver(c.req.header('content-length'), limit)) throw tooLarge();
  return Buffer.from(await readLimitedBytes(c.req.raw.body, limit, tooLarge)).toString('utf8');
}

/** An empty body reads as {} so that list calls may post nothing. */
export async function readJsonBody(c: Context, limit = MAX_JSON_BYTES): Promise<unknown> {
  const text = await readLimited(c, limit);
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(Code.INVALID, '请求内容类型必须为 application/json', null, 415);
  }
  // Before parsing: a body too wide or too deep never becomes a value anyone walks.
  checkJsonShape(text);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(Code.INVALID, '请求体不是有效的JSON');
  }
}
