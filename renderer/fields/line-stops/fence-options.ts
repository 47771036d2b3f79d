// The fences a stop may be: the user's fences by name (the fence list the reference pickers read),
// and the names of the fences already chosen (asked by id, so a saved line shows names, never ids).
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';

export interface FenceOption {
  id: number;
  areaName: string;
}

const LIST = '/electronic/getAreaLablePositionNew';
const rowsOf = (r: unknown) => ((r as { data?: { areaId: number; areaName: string }[] } | null)?.data ?? []).map((a) => ({ id: a.areaId, areaName: a.areaName }));

/** The first fences matching `text` (every fence's first page without it), plus the chosen ones. */
export function useFenceOptions(env: Env, text: string, chosen: readonly number[]): FenceOption[] {
  const [found, setFound] = useState<FenceOption[]>([]);
  const [named, setNamed] = useState<FenceOption[]>([]);
  const chosenKey = [...new Set(chosen)].sort().join(',');
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      env.api.post(LIST, { curPage: 1, pageSize: 50, ...(text.trim() ? { areaName: text.trim() } : {}) }, { silent: true })
        .then((r) => live && setFound(rowsOf(r))).catch(() => undefined);
    }, text ? 300 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [env, text]);
  useEffect(() => {
    if (!chosenKey) return;
    let live = true;
    const areaIds = chosenKey.split(',').map(Number);
    env.api.post(LIST, { curPage: 1, pageSize: areaIds.length, areaIds }, { silent: true }).then((r) => live && setNamed(rowsOf(r))).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [env, chosenKey]);
  const byId = new Map([...named, ...found].map((f) => [f.id, f]));
  return [...byId.values()];
}
