// A small paged call for screens that are not schema lists (export centre, message centre): the
// page, the page size, the rows of one POST, and the footer ('暂无数据' and the console's one pager).
import { Text } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { DEFAULT_PAGE_SIZE } from './list-types.ts';

export interface Paged<T> {
  data: T[];
  totalRecords: number;
  /** Reads the current page again (after a change, or to follow progress). */
  load: () => void;
  /** Back to page 1, e.g. when a filter changes. */
  firstPage: () => void;
  footer: React.ReactNode;
}

/** POSTs `path` with `{curPage, pageSize, ...body}` whenever the page, the size or `body` changes. */
export function usePagedList<T>(path: string, body: object = {}): Paged<T> {
  const env = useEnv();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [state, setState] = useState<{ data: T[]; totalRecords: number }>({ data: [], totalRecords: 0 });
  const bodyKey = JSON.stringify(body);
  const load = useCallback(() => {
    env.api.post<{ data: T[]; totalRecords: number }>(path, { curPage: page, pageSize, ...JSON.parse(bodyKey) }).then(setState).catch(() => undefined);
  }, [env, path, page, pageSize, bodyKey]);
  useEffect(load, [load]);
  const footer = (
    <>
      {state.data.length === 0 && <Text>暂无数据</Text>}
      <PaginationBar total={state.totalRecords} curPage={page} pageSize={pageSize} onPage={setPage} onPageSize={(size) => { setPageSize(size); setPage(1); }} />
    </>
  );
  return { ...state, load, firstPage: () => setPage(1), footer };
}
