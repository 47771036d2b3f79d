// Where a list was left: its status tab, page and page size, kept per page in the browser tab's
// session storage. A list that unmounts (a new record's form replaced it, another menu was opened)
// comes back where the user left it, and the form needs to know nothing about the list.
import type { Scalar } from './list-types.ts';

export interface KeptListState {
  tab?: Scalar;
  curPage: number;
  pageSize: number;
}

const keyOf = (pageId: string) => `huoyun.list.${pageId}`;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage refused (privacy settings): the list simply starts afresh.
    return undefined;
  }
}

const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;

/** The kept state, or undefined when none was kept or what was kept is not a state a list can take. */
export function readKeptState(pageId: string, sizes: readonly number[]): KeptListState | undefined {
  const raw = storage()?.getItem(keyOf(pageId));
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (!isPositiveInt(v.curPage) || !isPositiveInt(v.pageSize) || !sizes.includes(v.pageSize)) return undefined;
    if (v.tab !== undefined && v.tab !== null && !isScalar(v.tab)) return undefined;
    return { curPage: v.curPage, pageSize: v.pageSize, ...(isScalar(v.tab) ? { tab: v.tab } : {}) };
  } catch {
    return undefined;
  }
}

export function writeKeptState(pageId: string, state: KeptListState) {
  try {
    storage()?.setItem(keyOf(pageId), JSON.stringify({ tab: state.tab ?? null, curPage: state.curPage, pageSize: state.pageSize }));
  } catch {
    // A full or refused storage only costs the memory of where the list was.
  }
}
