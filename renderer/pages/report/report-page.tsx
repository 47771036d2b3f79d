// The report page (kind report): the list page's search bar, data table and pager over the report
// endpoint, plus the totals over the whole result and the declared chart, loaded on demand. Its
// export button is the lists' own (list toolbar and action runner: one confirmation, one call).
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { SortingState, Updater } from '@tanstack/react-table';
import { functionalUpdate } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { ListToolbar } from '../list/list-toolbar.tsx';
import { useActionRunner } from '../list/use-action-runner.ts';
import type { PageRendererProps } from '../page-types.ts';
import { callApi } from '../list/call-api.ts';
import { cellText } from '../list/cell-text.ts';
import { dictionaryOf } from '../list/condition-options.ts';
import { DataTable } from '../list/data-table.tsx';
import { createDictionaryCache, useDictionaries } from '../list/dictionary-cache.ts';
import type { ListCondition } from '../list/list-types.ts';
import { PaginationBar } from '../list/pagination-bar.tsx';
import { SearchBar } from '../list/search-bar.tsx';
import { buildColumns, pinningOf } from '../list/table-columns.tsx';
import { useListData } from '../list/use-list-data.ts';
import { linkOf, type ReportPageSchema } from './report-types.ts';
import { TotalsRow } from './totals-row.tsx';

// echarts weighs about 170 KB gzipped: only a report with a chart loads it, after its first render.
const ReportChartView = lazy(() => import('./report-chart.tsx').then((m) => ({ default: m.ReportChartView })));
const ConfirmDialog = lazy(() => import('../list/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, height: '100%', minHeight: 0 },
});

const NO_ACTIONS: never[] = [];

export function ReportPage({ page: served, env, context }: PageRendererProps) {
  const styles = useStyles();
  const page = served as ReportPageSchema;
  const cache = useMemo(() => createDictionaryCache(env), [env]);
  const columns = useMemo(() => (page.columns ?? []).filter((c) => !c.hidden), [page.columns]);
  const conditions = (page.search ?? []) as ListCondition[];
  const data = useListData(env, page, conditions);
  const [sorting, setSorting] = useState<SortingState>([]);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = functionalUpdate(updater, sorting);
    setSorting(next);
    data.setSorts(next.map((s) => ({ field: s.id, order: s.desc ? 'desc' : 'asc' })));
  };

  // Only the export toolbar action: reports have no row selection and nothing to reload after it.
  const runner = useActionRunner({
    env,
    context,
    filterBody: () => ({ ...data.filterBody, ...(data.sorts.length ? { sorts: data.sorts } : {}) }),
    selectedRows: () => [],
    reload: data.reload,
    clearSelection: () => {},
  });

  const totalsCall = page.report?.totals;
  const [totals, setTotals] = useState<Record<string, unknown>>();
  // Totals depend on the search only, not on the page or sort shown.
  useEffect(() => {
    if (!totalsCall) return;
    let live = true;
    callApi<Record<string, unknown>>(env, { method: 'POST', path: totalsCall.path }, data.searchBody)
      .then((t) => live && setTotals(t))
      .catch(() => live && setTotals(undefined));
    return () => {
      live = false;
    };
  }, [env, totalsCall, data.searchBody, data.version]);

  const dictKeys = columns.map((c) => dictionaryOf(page, c.field, c.dictionary)).filter((k): k is string => Boolean(k));
  const dictionaries = useDictionaries(cache, dictKeys);
  const tableColumns = useMemo(
    () => buildColumns({ page, columns, dictionaries, rowActions: NO_ACTIONS, onRowAction: () => {}, selectable: false, linkOf, onLink: (href) => env.navigate(href) }),
    [page, columns, dictionaries, env],
  );
  const pinning = useMemo(() => pinningOf(columns, false, false), [columns]);

  const chart = page.report?.chart;
  // Stable between renders, so the chart redraws (and animates) only when its rows or labels change.
  const labelOf = useCallback(
    (row: Record<string, unknown>, field: string) => {
      const column = (page.columns ?? []).find((c) => c.field === field);
      const dict = column && dictionaryOf(page, column.field, column.dictionary);
      return cellText(row[field], { column, dictionary: dict ? dictionaries[dict] ?? [] : undefined });
    },
    [page, dictionaries],
  );

  return (
    <div className={styles.root}>
      <Text as="h1" weight="semibold" size={400}>
        {page.title}
      </Text>
      <SearchBar env={env} cache={cache} page={page} conditions={conditions} onSearch={data.search} />
      {chart && data.rows.length > 0 && (
        <Suspense fallback={null}>
          <ReportChartView chart={chart} columns={page.columns ?? []} rows={data.rows} labelOf={labelOf} />
        </Suspense>
      )}
      <ListToolbar pageId={page.id} toolbar={NO_ACTIONS} batch={NO_ACTIONS} selectedCount={0} onToolbar={runner.runToolbar} onBatch={() => {}} />
      <DataTable columns={tableColumns} rows={data.rows} loading={data.loading} pinning={pinning} sorting={sorting} onSortingChange={onSortingChange} rowSelection={{}} onRowSelectionChange={() => {}} />
      {totalsCall && <TotalsRow label={totalsCall.label} columns={page.columns ?? []} totals={totals} />}
      <PaginationBar total={data.total} curPage={data.curPage} pageSize={data.pageSize} onPage={data.setPage} onPageSize={data.setPageSize} />
      {runner.confirm && (
        <Suspense fallback={null}>
          <ConfirmDialog request={runner.confirm} onClose={runner.closeConfirm} />
        </Suspense>
      )}
    </div>
  );
}
