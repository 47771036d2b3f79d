// Dictionaries (GET /baseDictionary/findByDicTypeKey) are read once per page: the search bar's
// selects, the status tabs and the table's labels share one request per dictionary.
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { Option, Scalar } from './list-types.ts';

export interface DictItem {
  id: Scalar;
  label: string;
  disabled?: boolean;
}

export interface DictionaryCache {
  load(key: string): Promise<DictItem[]>;
}

export function createDictionaryCache(env: Env): DictionaryCache {
  const loads = new Map<string, Promise<DictItem[]>>();
  return {
    load(key) {
      let found = loads.get(key);
      if (!found) {
        // A failed read is forgotten so that the next page visit can try again; the client has
        // already shown the server's message.
        found = env.api.get<DictItem[]>('/baseDictionary/findByDicTypeKey', { dicTypeKey: key }).then(
          (items) => (Array.isArray(items) ? items : []),
          () => {
            loads.delete(key);
            return [];
          },
        );
        loads.set(key, found);
      }
      return found;
    },
  };
}

/** The items of each named dictionary once loaded; missing keys are still loading. */
export function useDictionaries(cache: DictionaryCache, keys: string[]): Record<string, DictItem[]> {
  const [loaded, setLoaded] = useState<Record<string, DictItem[]>>({});
  const wanted = [...new Set(keys)].sort().join('\n');
  useEffect(() => {
    let live = true;
    for (const key of wanted ? wanted.split('\n') : []) {
      cache.load(key).then((items) => live && setLoaded((prev) => (prev[key] === items ? prev : { ...prev, [key]: items })));
    }
    return () => {
      live = false;
    };
  }, [cache, wanted]);
  return loaded;
}

export const optionsOf = (items: DictItem[] | undefined): Option[] =>
  (items ?? []).map((i) => ({ value: i.id, label: i.label, disabled: i.disabled }));

/** The label of a stored value; ids may arrive as numbers or strings, so both compare as text. */
export function labelOf(items: DictItem[] | undefined, value: unknown): string | undefined {
  if (value === null || value === undefined || !items) return undefined;
  return items.find((i) => String(i.id) === String(value))?.label;
}
