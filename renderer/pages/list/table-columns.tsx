// Column definitions for TanStack Table v9 from the page's columns: the selection checkbox, the
// data columns (dictionary labels, sortable headers, fixed sides) and the row actions (row-actions.tsx).
import { Checkbox, Link } from '@fluentui/react-components';
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
import { actionsWidth, RowActions } from './row-actions.tsx';

export { actionsWidth };

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
  /** A hierarchy list (page `tree`): the depth its tree column is indented by. */
  depthOf?: (row: Row) => number;
}

/** One level of a tree list's indent, in px. */
const TREE_INDENT = 20;

export function titleOfColumn(page: ListPageSchema, column: Column): string {
  return column.title ?? page.fields?.[column.field]?.title ?? column.field;
}

export function buildColumns({ page, columns, dictionaries, rowActions, onRowAction, selectable, linkOf, onLink, depthOf }: BuildColumnsInput): ListColumnDef[] {
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
        // Amounts line up by their decimal point, as on any statement.
        meta: { align: column.align ?? (schema?.['x-money'] || column.format === 'money' ? 'right' : undefined) },
        cell: (info) => {
          const text = cellText(info.getValue(), { column, schema, dictionary: dict ? (dictionaries[dict] ?? []) : undefined });
          const href = column.link && linkOf?.(column, info.row.original);
          const shown =
            href && onLink ? (
              <Link href={href} onClick={(e) => (e.preventDefault(), onLink(href))}>
                {text}
              </Link>
            ) : (
              text
            );
          const depth = depthOf && page.tree?.column === column.field ? depthOf(info.row.original) : 0;
          return depth ? (
            <span style={{ paddingLeft: (depth - 1) * TREE_INDENT }} data-depth={depth}>
              <span aria-hidden>└ </span>
              {shown}
            </span>
          ) : (
            shown
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
