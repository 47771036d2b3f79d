// Column definitions for TanStack Table v9 from the page's columns: the selection checkbox, the
// data columns (dictionary labels, sortable headers, fixed sides) and the row actions.
import { Checkbox, Link, makeStyles, tokens } from '@fluentui/react-components';
import {
  columnPinningFeature,
  columnSizingFeature,
  createColumnHelper,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
} from '@tanstack/react-table';
import type { Action, Column } from '../page-types.ts';
import { cellText } from './cell-text.ts';
import { dictionaryOf } from './condition-options.ts';
import type { DictItem } from './dictionary-cache.ts';
import type { ListPageSchema, Row } from './list-types.ts';
import { actionAvailable } from './row-rules.ts';

export interface CellMeta {
  align?: 'left' | 'center' | 'right';
}

// Registered once at module scope: v9 needs a stable feature registry for the table's lifetime.
export const listFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  columnSizingFeature,
  columnPinningFeature,
  columnMeta: metaHelper<CellMeta>(),
});
export type ListFeatures = typeof listFeatures;
export type ListColumnDef = ColumnDef<ListFeatures, Row, unknown>;

export const SELECT_COLUMN_ID = '__select__';
export const ACTIONS_COLUMN_ID = '__actions__';
export const DEFAULT_COLUMN_WIDTH = 120;
const SELECT_COLUMN_WIDTH = 36;

const helper = createColumnHelper<ListFeatures, Row>();

const useStyles = makeStyles({
  actions: { display: 'flex', columnGap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
});

function RowActions({ actions, row, onAction }: { actions: Action[]; row: Row; onAction: (action: Action, row: Row) => void }) {
  const styles = useStyles();
  // Each row shows only the actions its state allows now (row-rules.ts).
  return (
    <span className={styles.actions}>
      {actions.filter((a) => actionAvailable(a, row)).map((a) => (
        <Link key={a.id} as="button" onClick={() => onAction(a, row)}>
          {a.label ?? a.id}
        </Link>
      ))}
    </span>
  );
}

const labelsWidth = (actions: Action[]) => actions.reduce((w, a) => w + (a.label ?? a.id).length * 13 + 12, 16);

/**
 * Wide enough for the labels side by side (about 13 px per Chinese character plus gaps). State-gated
 * actions are counted as a row shows them: the ungated ones plus those one record state offers at
 * once (a waybill list declares twenty steps but a row offers three or four).
 */
export function actionsWidth(actions: Action[]): number {
  const always = actions.filter((a) => !a.state || !a.availableWhen);
  const gated = actions.filter((a) => a.state && a.availableWhen);
  const states = gated.flatMap((a) => a.availableWhen!.map((gate) => Object.fromEntries(Object.entries(gate).map(([f, v]) => [f, v[0]]))));
  const widest = states.reduce((w, row) => Math.max(w, labelsWidth(gated.filter((a) => actionAvailable(a, row))) - 16), 0);
  return labelsWidth(always) + widest;
}

export interface BuildColumnsInput {
  page: ListPageSchema;
  columns: Column[];
  dictionaries: Record<string, DictItem[]>;
  rowActions: Action[];
  onRowAction: (action: Action, row: Row) => void;
  selectable: boolean;
  /** Business jump: the address a `link` column's cell opens, and how to go there. */
  linkOf?: (column: Column, row: Row) => string | undefined;
  onLink?: (href: string) => void;
}

export function titleOfColumn(page: ListPageSchema, column: Column): string {
  return column.title ?? page.fields?.[column.field]?.title ?? column.field;
}

export function buildColumns({ page, columns, dictionaries, rowActions, onRowAction, selectable, linkOf, onLink }: BuildColumnsInput): ListColumnDef[] {
  const defs: ListColumnDef[] = [];
  if (selectable) {
    defs.push(
      helper.display({
        id: SELECT_COLUMN_ID,
        size: SELECT_COLUMN_WIDTH,
        enableSorting: false,
        meta: { align: 'center' },
        header: ({ table }) => (
          <Checkbox
            aria-label="全选"
            checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'mixed' : false}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => <Checkbox aria-label="选择" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
      }) as ListColumnDef,
    );
  }
  for (const column of columns) {
    const dict = dictionaryOf(page, column.field, column.dictionary);
    const schema = page.fields?.[column.field];
    defs.push(
      helper.accessor((row: Row) => row[column.field], {
        id: column.field,
        header: titleOfColumn(page, column),
        size: column.width ?? DEFAULT_COLUMN_WIDTH,
        enableSorting: Boolean(column.sortable),
        sortDescFirst: false,
        meta: { align: column.align },
        cell: (info) => {
          const text = cellText(info.getValue(), { column, schema, dictionary: dict ? (dictionaries[dict] ?? []) : undefined });
          const href = column.link && linkOf?.(column, info.row.original);
          return href && onLink ? (
            <Link href={href} onClick={(e) => (e.preventDefault(), onLink(href))}>
              {text}
            </Link>
          ) : (
            text
          );
        },
      }) as ListColumnDef,
    );
  }
  if (rowActions.length) {
    defs.push(
      helper.display({
        id: ACTIONS_COLUMN_ID,
        header: '操作',
        size: actionsWidth(rowActions),
        enableSorting: false,
        cell: ({ row }) => <RowActions actions={rowActions} row={row.original} onAction={onRowAction} />,
      }) as ListColumnDef,
    );
  }
  return defs;
}

/** Fixed columns stay in view while the rest scroll: selection first, actions last. */
export function pinningOf(columns: Column[], selectable: boolean, hasActions: boolean) {
  const start = columns.filter((c) => c.fixed === 'left').map((c) => c.field);
  const end = columns.filter((c) => c.fixed === 'right').map((c) => c.field);
  return {
    start: selectable ? [SELECT_COLUMN_ID, ...start] : start,
    end: hasActions ? [...end, ACTIONS_COLUMN_ID] : end,
  };
}
