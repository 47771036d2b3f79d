// The response envelope {code, message, result} and the codes of docs/api.md.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { heldText } from './compress.ts';

export const Code = {
  SUCCESS: 1,
  FAILURE: 0,
  INVALID: 100,
  NOT_LOGGED_IN: 103,
  FORBIDDEN: 104,
  BATCH_DELETE: 105,
  BATCH_SUMMARY: 107,
} as const;
export type ApiCode = (typeof Code)[keyof typeof Code];

export interface Envelope<T = unknown> {
  code: ApiCode;
  message: string;
  result: T;
}

/** HTTP status sent with each code, so proxies and logs see failures without reading bodies. */
const httpStatusOf: Record<ApiCode, ContentfulStatusCode> = {
  1: 200, 0: 200, 100: 400, 103: 401, 104: 403, 105: 200, 107: 200,
};

/** A refusal that the client is meant to show: thrown anywhere, turned into an envelope once. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiCode,
    message: string,
    readonly result: unknown = null,
    readonly httpStatus: ContentfulStatusCode = httpStatusOf[code],
  ) {
    super(message);
  }
}

export const invalid = (message: string, result: unknown = null) => new ApiError(Code.INVALID, message, result);
export const failure = (message: string, result: unknown = null) => new ApiError(Code.FAILURE, message, result);
export const forbidden = (message = '没有操作权限') => new ApiError(Code.FORBIDDEN, message);
export const notLoggedIn = (message = '登录已失效，请重新登录') => new ApiError(Code.NOT_LOGGED_IN, message);

/**
 * The envelope as bytes with their length declared: the compression step then neither re-reads a
 * small answer's stream to learn its size nor a large one's to compress it (compress.ts heldText).
 */
function answer(c: Context, envelope: Envelope, status: ContentfulStatusCode) {
  // A string body: undici builds a Response of a string faster than one of a Buffer.
  const text = JSON.stringify(envelope);
  return heldText(c.body(text, status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }), text);
}

export function reply<T>(c: Context, result: T, message = '操作成功', code: ApiCode = Code.SUCCESS) {
  return answer(c, { code, message, result } satisfies Envelope<T>, httpStatusOf[code]);
}

export function replyError(c: Context, err: ApiError) {
  return answer(c, { code: err.code, message: err.message, result: err.result } satisfies Envelope, err.httpStatus);
}
