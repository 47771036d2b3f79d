// Options of a reference field: POST <list> {curPage: 1, pageSize: 50, <label>: text}. Whether the
// label field is searchable is the referenced resource's business, not the page's: the server says
// so by refusing the filter (code 100), after which that list is filtered here instead.
import { ApiError, type ApiClient } from '../env/api-client.ts';

export interface RefOption {
  id: string | number;
  label: string;
}

export const REFERENCE_PAGE_SIZE = 50;

const unsearchable = new Set<string>();

function toOptions(result: unknown, labelKey: string): RefOption[] {
  const rows = (result as { data?: Record<string, unknown>[] } | null)?.data ?? [];
  return rows
    .filter((r) => r.id !== undefined && r.id !== null)
    .map((r) => ({ id: r.id as string | number, label: String(r[labelKey] ?? r.id) }));
}

export async function fetchReferenceOptions(api: ApiClient, list: string, labelKey: string, text: string): Promise<RefOption[]> {
  const page = { curPage: 1, pageSize: REFERENCE_PAGE_SIZE };
  const filter = text.trim();
  const key = `${list}#${labelKey}`;
  if (filter && !unsearchable.has(key)) {
    try {
      return toOptions(await api.post(list, { ...page, [labelKey]: filter }, { silent: true }), labelKey);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 100) throw err;
      unsearchable.add(key);
    }
  }
  const all = toOptions(await api.post(list, page), labelKey);
  return filter ? all.filter((o) => o.label.includes(filter)) : all;
}
