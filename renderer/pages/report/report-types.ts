// What a report page adds to a page (server/reports/page.ts builds it from the report file).
import type { Column } from '../page-types.ts';
import type { ListPageSchema } from '../list/list-types.ts';

export interface ReportChart {
  type: 'line' | 'bar' | 'pie';
  title?: string;
  /** The category axis: a dimension column. */
  x: string;
  /** Measure columns. */
  series: string[];
  /** One series per value of this dimension column (per measure). */
  seriesBy?: string;
  /** The x values are times: they ascend along the axis, whatever order the table shows. */
  xTime?: boolean;
  seriesByTime?: boolean;
}

/** axis right: the measure is drawn on the chart's second value axis (a rate beside counts). */
export type ReportColumn = Column & { linkId?: string; axis?: 'left' | 'right' };

export type ReportPageSchema = ListPageSchema & {
  columns?: ReportColumn[];
  report?: { totals?: { label: string; path: string }; chart?: ReportChart };
};

/** Business jump (spec: an order opens a page taking orderId, a waybill one taking waybillId). */
export function linkOf(column: ReportColumn, row: Record<string, unknown>): string | undefined {
  const id = column.linkId ? row[column.linkId] : undefined;
  if (id === undefined || id === null) return undefined;
  return column.link === 'order' ? `/orderDetail?orderId=${id}` : `/waybillDetails?waybillId=${id}`;
}
