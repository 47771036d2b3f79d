// The fake API both bench pages read from: every call answers at once (a resolved promise), so
// the pages differ only in how they render, not in what they wait for.
import { DICTIONARIES, ROW_COUNT, benchRows } from './bench-data.ts';

const rows = benchRows();
const carriers = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, carrierName: `承运商${i + 1}` }));

function answer(path: string, body: Record<string, unknown>): unknown {
  // The list call returns the whole 1000-row page whatever page size the pager asks for.
  if (path === '/res/vehicle/list') return { data: rows, totalRecords: ROW_COUNT, curPage: 1, pageSize: ROW_COUNT };
  if (path === '/res/vehicle/count') return ROW_COUNT;
  if (path === '/baseDictionary/findByDicTypeKey') return DICTIONARIES[String(body.dicTypeKey)] ?? [];
  if (path === '/customerCarrier/findAllCarrierByPage') return { data: carriers, totalRecords: carriers.length };
  throw new Error(`bench api: no answer for ${path}`);
}

export const benchApi = {
  get: <T>(path: string, query?: Record<string, unknown>) => Promise.resolve(answer(path, query ?? {}) as T),
  post: <T>(path: string, body?: unknown) => Promise.resolve(answer(path, (body ?? {}) as Record<string, unknown>) as T),
};
