// Options of a select condition: a dictionary (read once per page through the cache) or the
// records of a lookup list (`lookup`, or the reference's own list), shown by their label field.
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { callApi } from './call-api.ts';
import { optionsOf, useDictionaries, type DictionaryCache } from './dictionary-cache.ts';
import { FILTER_LIST_PAGE_SIZE, type ListCondition, type ListPageSchema, type ListResult, type Option, type Row } from './list-types.ts';

/** The dictionary a condition or column reads its labels from, if any. */
export function dictionaryOf(page: ListPageSchema, field: string, own?: string): string | undefined {
  return own ?? page.fields?.[field]?.['x-dictionary'];
}

function lookupOf(page: ListPageSchema, cond: ListCondition): { path: string; label: string } | undefined {
  const ref = page.references?.[cond.field];
  const path = cond.lookup ?? ref?.list;
  if (!path) return undefined;
  // `carrierId` is labelled by the carrier's `carrierName`; a lookup without a reference uses the
  // same naming rule the server uses for reference labels.
  return { path, label: ref?.label ?? cond.field.replace(/Id$/, '') + 'Name' };
}

export function useLookupOptions(env: Env, lookup: { path: string; label: string } | undefined): Option[] | undefined {
  const [options, setOptions] = useState<Option[]>();
  const path = lookup?.path;
  const label = lookup?.label;
  useEffect(() => {
    if (!path || !label) return;
    let live = true;
    callApi<ListResult | Row[]>(env, { method: 'POST', path }, { curPage: 1, pageSize: FILTER_LIST_PAGE_SIZE })
      .then((result) => {
        const rows = Array.isArray(result) ? result : (result?.data ?? []);
        if (live) setOptions(rows.map((r) => ({ value: r.id as number, label: String(r[label] ?? r.id) })));
      })
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [env, path, label]);
  return options;
}

export function useConditionOptions(env: Env, cache: DictionaryCache, page: ListPageSchema, cond: ListCondition): Option[] {
  const dict = cond.widget === 'select' ? dictionaryOf(page, cond.field, cond.dictionary) : undefined;
  const dictionaries = useDictionaries(cache, dict ? [dict] : []);
  const lookup = useLookupOptions(env, cond.widget === 'select' && !dict ? lookupOf(page, cond) : undefined);
  if (dict) return optionsOf(dictionaries[dict]);
  return lookup ?? [];
}
