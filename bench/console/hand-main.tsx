// Bench entry 2: the fair peer. The same 1000×30 rows written directly in React with TanStack
// Table v9 and TanStack Virtual: checkbox column, fixed left column, sortable headers (server-side
// sorting, so only the indicator changes), dictionary labels, row actions, 26 px virtual rows.
// Like any real page it loads rows and dictionaries in an effect, from the same instant fake API.
// Around the table it has what the generic page shows (hand-chrome.tsx): the search bar with the
// same five conditions, the toolbar and the pager, so the two first renders carry the same content.
// It carries the same ARIA roles as the generic table so one probe measures both.
import { Checkbox, FluentProvider, Link, makeStyles, mergeClasses, tokens, webLightTheme } from '@fluentui/react-components';
import { ArrowSortDownRegular, ArrowSortUpRegular } from '@fluentui/react-icons';
import {
  columnPinningFeature,
  columnSizingFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Cell,
  type ColumnDef,
  type Header,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { benchApi } from './bench-api.ts';
import { HandPager, HandSearchBar, HandToolbar, type Choice, type HandFilters } from './hand-chrome.tsx';
import { COLUMNS, ROW_ACTIONS, type BenchRow, type DictItem } from './bench-data.ts';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnSizingFeature, columnPinningFeature });
type F = typeof features;
const helper = createColumnHelper<F, BenchRow>();
type Labels = Record<string, Map<unknown, string>>;
const DICT_KEYS = [...new Set(COLUMNS.flatMap((c) => (c.dictionary ? [c.dictionary] : [])))];
const NO_ROWS: BenchRow[] = [];

/** Rows for the current query, dictionary labels and the carrier lookup, read like a real page would. */
function useVehicles(query: { filters: HandFilters; page: number; size: number }) {
  const [{ rows, total }, setList] = useState({ rows: NO_ROWS, total: 0 });
  const [labels, setLabels] = useState<Labels>({});
  const [carriers, setCarriers] = useState<Choice[]>([]);
  useEffect(() => {
    Promise.all(DICT_KEYS.map((k) => benchApi.get<DictItem[]>('/baseDictionary/findByDicTypeKey', { dicTypeKey: k }))).then((items) =>
      setLabels(Object.fromEntries(DICT_KEYS.map((k, i) => [k, new Map(items[i].map((d) => [d.id, d.label]))]))),
    );
    benchApi
      .post<{ data: { id: number; carrierName: string }[] }>('/customerCarrier/findAllCarrierByPage', { curPage: 1, pageSize: 1000 })
      .then((r) => setCarriers(r.data.map((c) => ({ id: c.id, label: c.carrierName }))));
  }, []);
  useEffect(() => {
    benchApi
      .post<{ data: BenchRow[]; totalRecords: number }>('/res/vehicle/list', { ...query.filters, curPage: query.page, pageSize: query.size })
      .then((r) => setList({ rows: r.data, total: r.totalRecords }));
  }, [query]);
  return { rows, total, labels, carriers };
}

const choicesOf = (labels: Map<unknown, string> | undefined): Choice[] => [...(labels ?? [])].map(([id, label]) => ({ id: id as number, label }));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', height: '100%', boxSizing: 'border-box', padding: '12px', rowGap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  scroll: { position: 'relative', overflow: 'auto', flexGrow: 1, border: `1px solid ${tokens.colorNeutralStroke2}`, fontSize: tokens.fontSizeBase200 },
  head: { position: 'sticky', top: 0, zIndex: 2, display: 'flex', height: '32px' },
  row: { position: 'absolute', left: 0, display: 'flex', height: '26px', backgroundColor: tokens.colorNeutralBackground1 },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  cell: {
    display: 'flex', alignItems: 'center', flexShrink: 0, boxSizing: 'border-box', padding: `0 ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, overflow: 'hidden', whiteSpace: 'nowrap', backgroundColor: 'inherit',
  },
  th: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  sortable: { cursor: 'pointer' },
  pinned: { position: 'sticky', zIndex: 1 },
  filler: { flexGrow: 1, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  actions: { display: 'flex', columnGap: tokens.spacingHorizontalS },
});

const columnsOf = (labels: Labels) => [
  helper.display({
    id: 'select',
    size: 36,
    header: ({ table }) => <Checkbox aria-label="全选" checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'mixed' : false} onChange={table.getToggleAllRowsSelectedHandler()} />,
    cell: ({ row }) => <Checkbox aria-label="选择" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
  }),
  ...COLUMNS.map((c) =>
    helper.accessor((r) => r[c.field], {
      id: c.field,
      header: c.title,
      size: c.width ?? 120,
      enableSorting: Boolean(c.sortable),
      cell: (info) => (c.dictionary ? (labels[c.dictionary]?.get(info.getValue()) ?? String(info.getValue())) : String(info.getValue())),
    }),
  ),
  helper.display({ id: 'actions', header: '操作', size: 160, cell: () => <RowActions /> }),
] as ColumnDef<F, BenchRow, unknown>[];
const pinning = { start: ['select', 'vehicleNo'], end: ['actions'] };

function RowActions() {
  const styles = useStyles();
  return (
    <span className={styles.actions}>
      {ROW_ACTIONS.map((a) => <Link key={a.id} as="button">{a.label}</Link>)}
    </span>
  );
}

type Col = Header<F, BenchRow, unknown>['column'];
const place = (col: Col): CSSProperties => ({
  width: col.getSize(),
  justifyContent: COLUMNS.find((c) => c.field === col.id)?.align === 'right' ? 'flex-end' : undefined,
  ...(col.getIsPinned() === 'start' ? { left: col.getStart('start') } : col.getIsPinned() === 'end' ? { right: col.getAfter('end') } : {}),
});

interface TableProps {
  rows: BenchRow[];
  labels: Labels;
  rowSelection: RowSelectionState;
  onRowSelection: OnChangeFn<RowSelectionState>;
}

function VehicleTable({ rows, labels, rowSelection, onRowSelection }: TableProps) {
  const styles = useStyles();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(() => columnsOf(labels), [labels]);
  const table = useTable({
    features, columns, data: rows, getRowId: (r) => String(r.id), manualSorting: true, enableMultiSort: false,
    state: { sorting, rowSelection, columnPinning: pinning }, onSortingChange: setSorting, onRowSelectionChange: onRowSelection,
  });
  const model = table.getRowModel().rows;
  const virtualizer = useVirtualizer({ count: model.length, getScrollElement: () => scrollRef.current, estimateSize: () => 26, overscan: 10 });
  const width = table.getTotalSize();
  const th = (h: Header<F, BenchRow, unknown>) => (
    <div key={h.id} role="columnheader" style={place(h.column)} onClick={h.column.getToggleSortingHandler()}
      className={mergeClasses(styles.cell, styles.th, h.column.getCanSort() && styles.sortable, h.column.getIsPinned() && styles.pinned)}>
      <table.FlexRender header={h} />
      {h.column.getIsSorted() === 'asc' && <ArrowSortUpRegular />}
      {h.column.getIsSorted() === 'desc' && <ArrowSortDownRegular />}
    </div>
  );
  const td = (cell: Cell<F, BenchRow, unknown>) => (
    <div key={cell.id} role="cell" style={place(cell.column)} className={mergeClasses(styles.cell, cell.column.getIsPinned() && styles.pinned)}>
      <table.FlexRender cell={cell} />
    </div>
  );
  const fixedHeight = new URLSearchParams(location.search).get('h');
  return (
    <div ref={scrollRef} role="table" className={styles.scroll} style={fixedHeight ? { flexGrow: 0, height: Number(fixedHeight) } : undefined}>
      <div role="row" className={styles.head} style={{ width }}>
        {table.getStartHeaderGroups()[0].headers.map(th)}
        {table.getCenterHeaderGroups()[0].headers.map(th)}
        <div className={mergeClasses(styles.filler, styles.th)} />
        {table.getEndHeaderGroups()[0].headers.map(th)}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: width }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = model[item.index];
          return (
            <div key={row.id} role="row" aria-rowindex={item.index + 2} style={{ width, transform: `translateY(${item.start}px)` }}
              className={mergeClasses(styles.row, row.getIsSelected() && styles.selected)}>
              {row.getStartVisibleCells().map(td)}
              {row.getCenterVisibleCells().map(td)}
              <div className={styles.filler} />
              {row.getEndVisibleCells().map(td)}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function HandPage() {
  const styles = useStyles();
  const [query, setQuery] = useState({ filters: {} as HandFilters, page: 1, size: 20 });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const { rows, total, labels, carriers } = useVehicles(query);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>车辆管理</h1>
      <HandSearchBar carriers={carriers} status={choicesOf(labels.enableStatus)} yesNo={choicesOf(labels.yesNo)} onSearch={(filters) => setQuery({ ...query, filters, page: 1 })} />
      <HandToolbar selectedCount={Object.keys(rowSelection).length} />
      <VehicleTable rows={rows} labels={labels} rowSelection={rowSelection} onRowSelection={setRowSelection} />
      <HandPager total={total} page={query.page} size={query.size} onPage={(page) => setQuery({ ...query, page })} onSize={(size) => setQuery({ ...query, size, page: 1 })} />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme} style={{ height: '100%' }}>
    <HandPage />
  </FluentProvider>,
);
