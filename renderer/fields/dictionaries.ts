// Dictionary options (GET /baseDictionary/findByDicTypeKey), fetched once per env and key: a form
// with ten yes/no fields asks the server once.
import { useEffect, useState } from 'react';
import type { Env } from '../env/env-context.tsx';

export interface DictItem {
  id: string | number;
  label: string;
  disabled?: boolean;
}

const cache = new WeakMap<Env['api'], Map<string, Promise<DictItem[]>>>();

export function loadDictionary(env: Env, key: string): Promise<DictItem[]> {
  let byKey = cache.get(env.api);
  if (!byKey) cache.set(env.api, (byKey = new Map()));
  let pending = byKey.get(key);
  if (!pending) {
    pending = env.api.get<DictItem[]>('/baseDictionary/findByDicTypeKey', { dicTypeKey: key }).then((r) => r ?? []);
    // A failed load is forgotten so the next form tries again.
    pending.catch(() => byKey.delete(key));
    byKey.set(key, pending);
  }
  return pending;
}

export function useDictionary(env: Env, key: string): DictItem[] {
  const [items, setItems] = useState<DictItem[]>([]);
  useEffect(() => {
    let live = true;
    if (key) loadDictionary(env, key).then((r) => live && setItems(r), () => undefined);
    return () => {
      live = false;
    };
  }, [env, key]);
  return items;
}
