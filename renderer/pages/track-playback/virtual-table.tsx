// A table that renders only the rows in view (row height 26, spec section 9), so a 100,000-point
// track table stays responsive; the highlighted row follows the replay.
import { makeStyles, tokens } from '@fluentui/react-components';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';

export const ROW_HEIGHT = 26;

export interface TableColumn {
  field: string;
  title: string;
  width?: number;
  /** The cell's text when it is not the field as it is (e.g. a place name looked up later). */
  text?: (row: Record<string, unknown>) => string;
  /** The cell's tooltip (e.g. the coordinates behind a place name). */
  tip?: (row: Record<string, unknown>) => string;
}

const useStyles = makeStyles({
  // Contained: a replay frame's row changes are laid out and painted inside the table alone. No scroll
  // anchoring: the spacer above the rows changes height as the window moves, and the browser would
  // answer each change with a scroll of its own (and a scroll event, and another render).
  scroll: { overflow: 'auto', position: 'relative', height: '100%', fontSize: tokens.fontSizeBase200, contain: 'content', overflowAnchor: 'none' },
  table: { borderCollapse: 'collapse', tableLayout: 'fixed', minWidth: '100%' },
  th: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground3, height: `${ROW_HEIGHT}px`, textAlign: 'left', padding: '0 6px', whiteSpace: 'nowrap' },
  td: { height: `${ROW_HEIGHT}px`, padding: '0 6px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  current: { backgroundColor: tokens.colorBrandBackground2 },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

export interface VirtualTableProps {
  label: string;
  columns: readonly TableColumn[];
  rows: readonly Record<string, unknown>[];
  current?: number;
  onRowClick?: (index: number) => void;
  /** The rows rendered changed: [first, last). */
  onRange?: (first: number, last: number) => void;
}

interface TableRowProps {
  index: number;
  row: Record<string, unknown>;
  columns: readonly TableColumn[];
  selected: boolean;
  cellClass: string;
  selectedClass: string;
}

/** One row; during a replay only the rows whose selection changed render again (clicks are the body's). */
const TableRow = memo(function TableRow({ index, row, columns, selected, cellClass, selectedClass }: TableRowProps) {
  return (
    <tr aria-rowindex={index + 2} data-row={index} className={selected ? selectedClass : undefined} aria-selected={selected}>
      {columns.map((c) => <td key={c.field} className={cellClass} title={c.tip?.(row)}>{c.text ? c.text(row) : row[c.field] === null || row[c.field] === undefined ? '' : String(row[c.field])}</td>)}
    </tr>
  );
});

export const VirtualTable = memo(function VirtualTable({ label, columns, rows, current = -1, onRowClick, onRange }: VirtualTableProps) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(200);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight || 200));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // Keep the replayed row in view. The scroll position and height are this component's own state, so
  // a replay frame reads no layout (reading scrollTop after the rows changed forced one per frame), and
  // the rows of the new position are rendered before the frame is painted, not after the scroll event.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || current < 0) return;
    const y = current * ROW_HEIGHT;
    if (y >= top && y <= top + height - 2 * ROW_HEIGHT) return;
    const next = Math.max(0, y - ROW_HEIGHT);
    el.scrollTop = next;
    setTop(next);
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps -- top and height are read as of this render
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - 5);
  const last = Math.min(rows.length, first + Math.ceil(height / ROW_HEIGHT) + 10);
  useEffect(() => onRange?.(first, last), [first, last, onRange]);
  if (rows.length === 0) return <div className={styles.empty}>暂无数据</div>;
  return (
    <div ref={box} className={styles.scroll} onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
      <table className={styles.table} aria-label={label} aria-rowcount={rows.length + 1}>
        <thead>
          <tr>{columns.map((c) => <th key={c.field} className={styles.th} style={{ width: c.width ?? 120 }}>{c.title}</th>)}</tr>
        </thead>
        <tbody onClick={onRowClick ? (e) => {
          const tr = (e.target as HTMLElement).closest('tr[data-row]');
          if (tr) onRowClick(Number(tr.getAttribute('data-row')));
        } : undefined}>
          {first > 0 ? <tr style={{ height: first * ROW_HEIGHT }} aria-hidden /> : null}
          {rows.slice(first, last).map((r, k) => (
            <TableRow key={first + k} index={first + k} row={r} columns={columns} selected={first + k === current}
              cellClass={styles.td} selectedClass={styles.current} />
          ))}
          {last < rows.length ? <tr style={{ height: (rows.length - last) * ROW_HEIGHT }} aria-hidden /> : null}
        </tbody>
      </table>
    </div>
  );
});
