// The list's query state (applied search, status tab, page, size, sorts) and the rows it loads.
// Each change reloads; an answer that arrives after a newer request started is dropped. A route's
// list keeps its tab, page and size (kept-state.ts), so it comes back to them after a form.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { callApi, listCallOf } from './call-api.ts';
import { readKeptState, writeKeptState } from './kept-state.ts';
import { pageCountOf } from './pager-model.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListCondition, type ListPageSchema, type ListResult, type Row, type Scalar, type SearchValues, type Sort } from './list-types.ts';
import { buildSearchBody, listBody, tabFilter } from './search-body.ts';
import type { UrlPreset } from './url-preset.ts';

export interface ListData {
  rows: Row[];
  total: number;
  loading: boolean;
  curPage: number;
  pageSize: number;
  sorts: Sort[];
  tab: Scalar | undefined;
  /** The applied search without tab and paging: what counts and exports filter by. */
  searchBody: Record<string, unknown>;
  /** The search plus the selected tab: what the list itself filters by. */
  filterBody: Record<string, unknown>;
  search: (values: SearchValues) => void;
  setTab: (tab: Scalar | undefined) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSorts: (sorts: Sort[]) => void;
  reload: () => void;
  /** Bumped by every search and reload, so tab counts refresh with the list. */
  version: number;
}

const EMPTY: Row[] = [];

/**
 * `keep`: remember tab, page and size for the page (a route's list; not a picker inside a dialog).
 * `preset`: where a link asked the list to start (url-preset.ts); it wins over the kept tab, from page 1.
 */
export function useListData(env: Env, page: ListPageSchema, conditions: ListCondition[], keep = false, preset?: UrlPreset): ListData {
  const [kept] = useState(() => (keep ? readKeptState(page.id, PAGE_SIZES) : undefined));
  const [applied, setApplied] = useState<SearchValues>(() => preset?.search ?? {});
  const [tab, setTabState] = useState<Scalar | undefined>(preset ? preset.tab : kept?.tab);
  const [curPage, setCurPage] = useState(preset ? 1 : kept?.curPage ?? 1);
  const [pageSize, setSize] = useState(kept?.pageSize ?? DEFAULT_PAGE_SIZE);
  const [sorts, setSortState] = useState<Sort[]>([]);
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<{ rows: Row[]; total: number; loading: boolean }>({ rows: EMPTY, total: 0, loading: true });
  const seq = useRef(0);

  // The page's fixed filter (a business line's business types) goes last: no search can widen it.
  const searchBody = useMemo(() => ({ ...buildSearchBody(page, conditions, applied), ...page.filter }), [page, conditions, applied]);
  const filterBody = useMemo(() => ({ ...searchBody, ...tabFilter(page, conditions, tab) }), [page, conditions, searchBody, tab]);

  useEffect(() => {
    const call = listCallOf(page, 'list');
    if (!call) {
      setResult({ rows: EMPTY, total: 0, loading: false });
      return;
    }
    const mine = ++seq.current;
    setResult((prev) => ({ ...prev, loading: true }));
    callApi<ListResult>(env, call, listBody({ search: filterBody, curPage, pageSize, sorts }))
      .then((r) => mine === seq.current && setResult({ rows: r?.data ?? EMPTY, total: r?.totalRecords ?? 0, loading: false }))
      // The client has shown the server's message; the table shows what it had, no longer loading.
      .catch(() => mine === seq.current && setResult((prev) => ({ ...prev, loading: false })));
  }, [env, page, filterBody, curPage, pageSize, sorts, version]);

  useEffect(() => {
    if (keep) writeKeptState(page.id, { tab, curPage, pageSize });
  }, [keep, page.id, tab, curPage, pageSize]);
  // A kept page beyond the end (records were deleted meanwhile) moves to the last page there is.
  useEffect(() => {
    const last = pageCountOf(result.total, pageSize);
    if (!result.loading && result.total > 0 && curPage > last) setCurPage(last);
  }, [result, curPage, pageSize]);

  const search = useCallback((values: SearchValues) => {
    setApplied(values);
    setCurPage(1);
    setVersion((v) => v + 1);
  }, []);
  const setTab = useCallback((next: Scalar | undefined) => {
    setTabState(next);
    setCurPage(1);
  }, []);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setCurPage(1);
  }, []);
  const setSorts = useCallback((next: Sort[]) => {
    setSortState(next);
    setCurPage(1);
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return {
    ...result,
    curPage,
    pageSize,
    sorts,
    tab,
    searchBody,
    filterBody,
    search,
    setTab,
    setPage: setCurPage,
    setPageSize,
    setSorts,
    reload,
    version,
  };
}
