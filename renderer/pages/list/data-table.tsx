// The list's table: TanStack Table v9 for columns, sorting, selection and pinning; TanStack
// Virtual for the rows, so a 1000-row page scrolls smoothly (row height 26, spec section 9).
// Sorting is the server's (manualSorting): the table only reports which header was clicked.
import { Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowSortDownRegular, ArrowSortUpRegular } from '@fluentui/react-icons';
import { useTable, type Cell, type Header, type OnChangeFn, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type CSSProperties } from 'react';
import { LOADING_TEXT } from '../loading-text.ts';
import { EMPTY_TEXT, type Row } from './list-types.ts';
import { listFeatures, type ListColumnDef, type ListFeatures } from './table-columns.tsx';

export const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 32;

const useStyles = makeStyles({
  scroll: {
    position: 'relative',
    overflow: 'auto',
    flexGrow: 1,
    minHeight: '240px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
  },
  head: { position: 'sticky', top: 0, zIndex: 2, display: 'flex', minWidth: '100%', height: `${HEADER_HEIGHT}px` },
  row: { position: 'absolute', left: 0, display: 'flex', minWidth: '100%', height: `${ROW_HEIGHT}px` },
  cell: {
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    boxSizing: 'border-box',
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
    backgroundColor: 'inherit',
  },
  th: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  sortable: { cursor: 'pointer', userSelect: 'none', ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover } },
  bodyRow: { backgroundColor: tokens.colorNeutralBackground1, ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  filler: { flexGrow: 1, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  pinned: { position: 'sticky', zIndex: 1 },
  message: { position: 'sticky', left: 0, padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  overlay: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 3, backgroundColor: 'rgba(255,255,255,0.6)' },
});

export interface DataTableProps {
  columns: ListColumnDef[];
  rows: Row[];
  loading: boolean;
  pinning: { start: string[]; end: string[] };
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
}

/** Row ids for selection: the record's id; a record without one is known by its position. */
export const rowIdOf = (row: Row, index: number) => (row.id === undefined || row.id === null ? `#${index}` : String(row.id));

type AnyColumn = Header<ListFeatures, Row, unknown>['column'];

/** Width, alignment and the sticky offset of a fixed column (v9 pins to logical start/end). */
function placeOf(column: AnyColumn): CSSProperties {
  const pinned = column.getIsPinned();
  const align = column.columnDef.meta?.align;
  return {
    width: column.getSize(),
    justifyContent: align === 'center' ? 'center' : align === 'right' ? 'flex-end' : 'flex-start',
    ...(pinned === 'start' ? { insetInlineStart: column.getStart('start') } : {}),
    ...(pinned === 'end' ? { insetInlineEnd: column.getAfter('end') } : {}),
  };
}

export function DataTable({ columns, rows, loading, pinning, sorting, onSortingChange, rowSelection, onRowSelectionChange }: DataTableProps) {
  const styles = useStyles();
  const scrollRef = useRef<HTMLDivElement>(null);
  const table = useTable({
    features: listFeatures,
    columns,
    data: rows,
    getRowId: rowIdOf,
    manualSorting: true,
    enableMultiSort: false,
    enableRowSelection: true,
    state: { sorting, rowSelection, columnPinning: pinning },
    onSortingChange,
    onRowSelectionChange,
  });
  const modelRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const width = table.getTotalSize();

  const headerCell = (header: Header<ListFeatures, Row, unknown>) => {
    const column = header.column;
    const sorted = column.getIsSorted();
    const canSort = column.getCanSort();
    return (
      <div
        key={header.id}
        role="columnheader"
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
        className={mergeClasses(styles.cell, styles.th, canSort && styles.sortable, column.getIsPinned() && styles.pinned)}
        style={placeOf(column)}
        onClick={canSort ? column.getToggleSortingHandler() : undefined}
      >
        <table.FlexRender header={header} />
        {sorted === 'asc' && <ArrowSortUpRegular aria-hidden />}
        {sorted === 'desc' && <ArrowSortDownRegular aria-hidden />}
      </div>
    );
  };
  const bodyCell = (cell: Cell<ListFeatures, Row, unknown>) => (
    <div key={cell.id} role="cell" className={mergeClasses(styles.cell, cell.column.getIsPinned() && styles.pinned)} style={placeOf(cell.column)}>
      <table.FlexRender cell={cell} />
    </div>
  );
  const headers = (groups: { headers: Header<ListFeatures, Row, unknown>[] }[]) => groups[0]?.headers.map(headerCell);

  return (
    <div ref={scrollRef} className={styles.scroll} role="table" aria-rowcount={modelRows.length + 1} aria-busy={loading}>
      <div role="row" className={styles.head} style={{ width }}>
        {headers(table.getStartHeaderGroups())}
        {headers(table.getCenterHeaderGroups())}
        <div className={mergeClasses(styles.filler, styles.th)} />
        {headers(table.getEndHeaderGroups())}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: width }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = modelRows[item.index];
          return (
            <div
              key={row.id}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={row.getIsSelected()}
              className={mergeClasses(styles.row, styles.bodyRow, row.getIsSelected() && styles.selected)}
              style={{ width, transform: `translateY(${item.start}px)` }}
            >
              {row.getStartVisibleCells().map(bodyCell)}
              {row.getCenterVisibleCells().map(bodyCell)}
              <div className={styles.filler} />
              {row.getEndVisibleCells().map(bodyCell)}
            </div>
          );
        })}
      </div>
      {!loading && modelRows.length === 0 && <div className={styles.message}>{EMPTY_TEXT}</div>}
      {loading && (
        <div className={styles.overlay}>
          <Spinner size="small" label={LOADING_TEXT} />
        </div>
      )}
    </div>
  );
}
