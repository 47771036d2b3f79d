// Runs a schema-declared call ({method, path}) through the env's client; pages never call fetch.
import type { Env } from '../../env/env-context.tsx';
import type { QueryValue } from '../../env/api-client.ts';
import type { Call } from '../page-types.ts';

export function callApi<T>(env: Env, call: Call, body: Record<string, unknown> = {}, silent = false): Promise<T> {
  if (call.method === 'GET') return env.api.get<T>(call.path, body as Record<string, QueryValue>, { silent });
  return env.api.post<T>(call.path, body, { silent });
}

/** The list and count calls: the page's own, or the resource engine's. */
export function listCallOf(page: { resource?: string; api?: { list?: Call; count?: Call } }, verb: 'list' | 'count'): Call | undefined {
  const own = page.api?.[verb];
  if (own) return own;
  return page.resource ? { method: 'POST', path: `/res/${page.resource}/${verb}` } : undefined;
}
