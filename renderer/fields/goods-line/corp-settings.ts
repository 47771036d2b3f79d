// The corporation settings a goods line needs (weightUnit, volumeUnit, goodsSetting), read once per
// env from the call the shell makes at login. Widgets stay free of the shell's session module, which
// would import the page registry back into the form.
import { useEffect, useState } from 'react';
import type { CorpSettings } from '../../env/api-types.ts';
import type { Env } from '../../env/env-context.tsx';

const cache = new WeakMap<Env['api'], Promise<CorpSettings | null>>();

function load(env: Env): Promise<CorpSettings | null> {
  let pending = cache.get(env.api);
  if (!pending) {
    pending = env.api.get<CorpSettings>('/personalSet/getCorpPersonalSet').catch(() => {
      cache.delete(env.api);
      return null;
    });
    cache.set(env.api, pending);
  }
  return pending;
}

/** Null until the settings arrive. */
export function useCorpSettings(env: Env): CorpSettings | null {
  const [settings, setSettings] = useState<CorpSettings | null>(null);
  useEffect(() => {
    let live = true;
    void load(env).then((s) => live && setSettings(s));
    return () => {
      live = false;
    };
  }, [env]);
  return settings;
}
