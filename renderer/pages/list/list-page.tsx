// The generic list page: search bar, status tabs, toolbar, table and pager, all from the page
// schema (kind 'list'); no page has code of its own here.
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { RowSelectionState, SortingState, Updater } from '@tanstack/react-table';
import { functionalUpdate } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SETTINGS_TITLES, type SavedSettings, type SettingsMode } from '../../components/column-settings/settings-model.ts';
import type { Action, Column, PageRendererProps } from '../page-types.ts';
import { applyFieldSettings } from './apply-settings.ts';
import { dictionaryOf } from './condition-options.ts';
import { DataTable, rowIdOf } from './data-table.tsx';
import { createDictionaryCache, useDictionaries } from './dictionary-cache.ts';
import { ListToolbar } from './list-toolbar.tsx';
import type { ListCondition, ListContext, ListPageSchema, Row } from './list-types.ts';
import { PaginationBar } from './pagination-bar.tsx';
import { SearchBar } from './search-bar.tsx';
import { sortFieldOf } from './search-body.ts';
import { buildColumns, pinningOf } from './table-columns.tsx';
import { routeFor, useActionRunner } from './use-action-runner.ts';
import { linkHref } from './row-rules.ts';
import { useListData } from './use-list-data.ts';
import { urlPreset } from './url-preset.ts';
import { treeOrder } from './tree-rows.ts';

// What a list shows only on demand loads on demand, so the first render carries the table alone
// (bench: npm run bench -- console).
const ColumnSettingsDialog = lazy(() => import('../../components/column-settings/column-settings-dialog.tsx').then((m) => ({ default: m.ColumnSettingsDialog })));
const ActionPageDialog = lazy(() => import('./action-page-dialog.tsx').then((m) => ({ default: m.ActionPageDialog })));
const ImportDialog = lazy(() => import('../import-center/import-dialog.tsx').then((m) => ({ default: m.ImportDialog })));
/** 车辆管理 → 车辆: what the import dialog imports. */
const resourceTitle = (title: string | undefined) => (title ?? '').replace(/管理$/, '');
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));
const RowDialog = lazy(() => import('./row-dialogs.tsx').then((m) => ({ default: m.RowDialog })));
const StatusTabs = lazy(() => import('./status-tabs.tsx').then((m) => ({ default: m.StatusTabs })));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, height: '100%', minHeight: 0 },
  title: { display: 'block' },
});

export type ListPageProps = Omit<PageRendererProps, 'context'> & { context: ListContext };

/** A children list opened for one record (page `parentField`) filters by that record: its fixed filter gains it. */
export function withParent(page: ListPageSchema, id: string | undefined): ListPageSchema {
  if (!page.parentField || id === undefined || !/^[1-9][0-9]*$/.test(id)) return page;
  return { ...page, filter: { ...page.filter, [page.parentField]: Number(id) } };
}

export function ListPage({ page: served, env, context }: ListPageProps) {
  const styles = useStyles();
  const page = useMemo(() => withParent(served as ListPageSchema, context.id), [served, context.id]);
  const cache = useMemo(() => createDictionaryCache(env), [env]);
  const [saved, setSaved] = useState<SavedSettings>({});
  const columns = useMemo(() => applyFieldSettings(page.columns ?? [], saved.columns), [page.columns, saved.columns]);
  const conditions = useMemo(() => applyFieldSettings((page.search ?? []) as ListCondition[], saved.searches), [page.search, saved.searches]);
  const shownColumns = useMemo(() => columns.filter((c) => !c.hidden), [columns]);

  // A route's list comes back to its tab, page and size after a form; a picker in a dialog starts afresh.
  // A link may say where the route's list starts (the dashboard's numbers: a tab and a creation period).
  const [preset] = useState(() => (context.inDialog || typeof window === 'undefined' ? undefined : urlPreset(page, conditions, window.location.search)));
  const data = useListData(env, page, conditions, !context.inDialog, preset);
  // A hierarchy list shows each row under its parent (page `tree`).
  const tree = useMemo(() => (page.tree ? treeOrder(data.rows, page.tree.parent) : undefined), [page.tree, data.rows]);
  // A live screen (page refreshSeconds) reads again on its own, keeping its search, tab and page.
  const { reload } = data;
  useEffect(() => {
    if (!page.refreshSeconds) return;
    const timer = setInterval(reload, page.refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [page.refreshSeconds, reload]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Selection belongs to the rows on screen: a new page, search or reload starts without one. It is
  // reset while rendering, not in an effect: a late effect would also clear a click made just after
  // the rows arrived. Keeping the same empty object when nothing is selected spares a re-render of every row.
  const [selectionRows, setSelectionRows] = useState(data.rows);
  if (selectionRows !== data.rows) {
    setSelectionRows(data.rows);
    if (Object.keys(rowSelection).length) setRowSelection({});
  }

  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = functionalUpdate(updater, sorting);
    setSorting(next);
    data.setSorts(next.map((s) => ({ field: sortFieldOf(page, s.id), order: s.desc ? 'desc' : 'asc' })));
  };

  const { toolbarActions, rowActions, batchActions } = useMemo(() => {
    const actions = (page.actions ?? []).filter((a) => !a.hidden);
    const by = (p: 'toolbar' | 'row' | 'batch') => actions.filter((a) => (a.placement ?? 'toolbar') === p);
    return { toolbarActions: by('toolbar'), rowActions: by('row'), batchActions: by('batch') };
  }, [page.actions]);
  const selectedRows = (): Row[] => data.rows.filter((r, i) => rowSelection[rowIdOf(r, i)]);
  const runner = useActionRunner({
    env,
    context,
    filterBody: () => ({ ...data.filterBody, ...(data.sorts.length ? { sorts: data.sorts } : {}) }),
    carry: page.parentField && page.filter?.[page.parentField] !== undefined ? { [page.parentField]: String(page.filter[page.parentField]) } : undefined,
    selectedRows,
    reload: data.reload,
    clearSelection: () => setRowSelection({}),
  });

  const dictKeys = shownColumns.map((c) => dictionaryOf(page, c.field, c.dictionary)).filter((k): k is string => Boolean(k));
  const dictionaries = useDictionaries(cache, dictKeys);
  // Rows are selectable only when the user has a batch action to apply to them.
  const selectable = batchActions.length > 0;
  // Columns are rebuilt only when what they show changes; the row action handler goes through a
  // ref so that a new render does not rebuild every column.
  const runRow = useRef(runner.runRow);
  runRow.current = runner.runRow;
  const onRowAction = useCallback((a: Action, r: Row) => runRow.current(a, r), []);
  const linkOf = useCallback((column: Column, row: Row) => linkHref(page, column, row, (id) => routeFor(context, id)), [page, context]);
  const onLink = useCallback((href: string) => env.navigate(href), [env]);
  const tableColumns = useMemo(
    () => buildColumns({ page, columns: shownColumns, dictionaries, rowActions, onRowAction, selectable, linkOf, onLink, depthOf: tree?.depthOf }),
    [page, shownColumns, dictionaries, rowActions, onRowAction, selectable, linkOf, onLink, tree],
  );
  const pinning = useMemo(() => pinningOf(shownColumns, selectable, rowActions.length > 0), [shownColumns, selectable, rowActions.length]);

  const settingsMode: SettingsMode | undefined = page.columns?.length ? (conditions.length ? 'both' : 'column') : conditions.length ? 'search' : undefined;
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <div className={styles.root}>
      {!context.inDialog && (
        <Text as="h1" weight="semibold" size={400} className={styles.title}>
          {page.title}
        </Text>
      )}
      <SearchBar env={env} cache={cache} page={page} conditions={conditions} onSearch={data.search} initial={preset?.search} />
      {page.tabs && (
        <Suspense fallback={null}>
          <StatusTabs
            env={env}
            cache={cache}
            page={page}
            conditions={conditions}
            searchBody={data.searchBody}
            version={data.version}
            value={data.tab}
            onChange={data.setTab}
          />
        </Suspense>
      )}
      <ListToolbar
        pageId={page.id}
        toolbar={toolbarActions}
        batch={batchActions}
        selectedCount={Object.keys(rowSelection).length}
        settingsTitle={settingsMode && SETTINGS_TITLES[settingsMode]}
        onToolbar={runner.runToolbar}
        onBatch={runner.runBatch}
        onSettings={settingsMode ? () => setSettingsOpen(true) : undefined}
      />
      <DataTable
        columns={tableColumns}
        rows={tree?.rows ?? data.rows}
        loading={data.loading}
        pinning={pinning}
        sorting={sorting}
        onSortingChange={onSortingChange}
        rowSelection={rowSelection}
        onRowSelectionChange={setRowSelection}
      />
      <PaginationBar total={data.total} curPage={data.curPage} pageSize={data.pageSize} onPage={data.setPage} onPageSize={data.setPageSize} />
      <Suspense fallback={null}>
        {runner.confirm && <ConfirmDialog request={runner.confirm} onClose={runner.closeConfirm} />}
        {runner.importing && <ImportDialog resourceId={runner.importing.resourceId} title={runner.importing.title || resourceTitle(page.title)} onClose={runner.closeImport} />}
        {runner.rowDialog && <RowDialog kind={runner.rowDialog.kind} row={runner.rowDialog.row} onDone={runner.closeRowDialog} />}
        {runner.dialog && <ActionPageDialog request={runner.dialog} onDone={runner.closeDialog} routeOf={context.routeOf} />}
      </Suspense>
      {settingsMode && settingsOpen && (
        <Suspense fallback={null}>
          <ColumnSettingsDialog
            env={env}
            pageId={page.id}
            mode={settingsMode}
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            onSaved={(s) => setSaved((prev) => ({ ...prev, ...s }))}
          />
        </Suspense>
      )}
    </div>
  );
}
