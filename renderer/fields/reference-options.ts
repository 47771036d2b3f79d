// Options of a reference field: POST <list> {curPage: 1, pageSize: 50, ...params, <label>: text}. Whether the
// label field is searchable is the referenced resource's business, not the page's: the server says
// so by refusing the filter (code 100), after which that list is filtered here instead.
import { ApiError, type ApiClient } from '../env/api-client.ts';

export interface RefOption {
  id: string | number;
  label: string;
  /** A second line under the label (ui:options.descriptionKey): a vehicle's model, capacity, state. */
  description?: string;
  /** The record as the list answered it, for fields that follow this one (see reference-links.ts). */
  row: Record<string, unknown>;
}

export const REFERENCE_PAGE_SIZE = 50;

const unsearchable = new Set<string>();

function toOptions(result: unknown, labelKey: string, descriptionKey?: string): RefOption[] {
  const rows = (result as { data?: Record<string, unknown>[] } | null)?.data ?? [];
  return rows
    .filter((r) => r.id !== undefined && r.id !== null)
    .map((r) => ({
      id: r.id as string | number,
      label: String(r[labelKey] ?? r.id),
      ...(descriptionKey && r[descriptionKey] ? { description: String(r[descriptionKey]) } : {}),
      row: r,
    }));
}

export interface ReferenceQuery {
  list: string;
  labelKey: string;
  descriptionKey?: string;
  /** Filters sent with every request (a driver list narrowed to one carrier). */
  params?: Record<string, unknown>;
  /** A lookup the user did not ask for (a label by id): a refusal is not shown. */
  silent?: boolean;
}

export async function fetchReferenceOptions(api: ApiClient, q: ReferenceQuery, text: string): Promise<RefOption[]> {
  const page = { curPage: 1, pageSize: REFERENCE_PAGE_SIZE, ...q.params };
  const filter = text.trim();
  const key = `${q.list}#${q.labelKey}`;
  if (filter && !unsearchable.has(key)) {
    try {
      return toOptions(await api.post(q.list, { ...page, [q.labelKey]: filter }, { silent: true }), q.labelKey, q.descriptionKey);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 100) throw err;
      unsearchable.add(key);
    }
  }
  const all = toOptions(await api.post(q.list, page, q.silent ? { silent: true } : undefined), q.labelKey, q.descriptionKey);
  return filter ? all.filter((o) => o.label.includes(filter)) : all;
}
