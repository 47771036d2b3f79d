// Loads the dictionaries a screen shows labels from. A dictionary that fails to load leaves its raw
// values on screen rather than blocking the page: the record itself is what the user came for.
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { DictionaryLabels } from './format-value.ts';

interface DictionaryItem {
  id: string | number;
  label: string;
}

export async function loadDictionaries(env: Env, keys: readonly string[]): Promise<DictionaryLabels> {
  const entries = await Promise.all(
    keys.map(async (key) => {
      try {
        const items = await env.api.get<DictionaryItem[]>('/baseDictionary/findByDicTypeKey', { dicTypeKey: key }, { silent: true });
        return [key, new Map((items ?? []).map((i) => [String(i.id), i.label]))] as const;
      } catch {
        return [key, new Map<string, string>()] as const;
      }
    }),
  );
  return new Map(entries);
}

/** The labels of `keys`; empty until loaded, and `ready` once every dictionary answered. */
export function useDictionaries(env: Env, keys: readonly string[]): { dictionaries: DictionaryLabels; ready: boolean } {
  const signature = keys.join('|');
  const [state, setState] = useState<{ signature: string; dictionaries: DictionaryLabels } | null>(null);
  useEffect(() => {
    let live = true;
    loadDictionaries(env, signature ? signature.split('|') : []).then((dictionaries) => {
      if (live) setState({ signature, dictionaries });
    });
    return () => {
      live = false;
    };
  }, [env, signature]);
  const ready = state?.signature === signature;
  return { dictionaries: ready ? state.dictionaries : new Map(), ready };
}
