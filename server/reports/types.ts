// Shape of a report file (its exact definition is schemas/meta/report.schema.json).
import type { DurationUnit } from '../../schemas/keywords/duration.ts';

export type Scalar = string | number;
export type FixedOp = 'eq' | 'ne' | 'in' | 'notIn' | 'gt' | 'gte' | 'lt' | 'lte' | 'isNull' | 'notNull' | 'gtField' | 'lteField';

export interface FixedCondition {
  field: string;
  op: FixedOp;
  value?: Scalar;
  values?: Scalar[];
  other?: string;
}

export interface ReportTable {
  table: string;
  alias: string;
}
export interface ReportJoin extends ReportTable {
  type?: 'inner' | 'left';
  on: Record<string, string>;
  /** Fixed conditions on the join's own columns, in its ON. */
  where?: FixedCondition[];
}

export interface Dimension {
  id: string;
  title: string;
  field: string;
  grain?: 'day' | 'month' | 'year';
  format?: 'datetime' | 'date' | 'number' | 'text';
  dictionary?: string;
  link?: 'order' | 'waybill';
  linkId?: string;
  width?: number;
  hidden?: boolean;
  /** Values are times or periods in text order (a text month): charts order them ascending. */
  time?: boolean;
  /** Shown for a group whose value is empty (未指定承运商). */
  emptyText?: string;
}

export type Aggregate = 'count' | 'countDistinct' | 'sum' | 'avg' | 'min' | 'max' | 'ratio';
export interface Measure {
  id: string;
  title: string;
  agg: Aggregate;
  field?: string;
  minus?: string;
  divideBy?: number;
  where?: FixedCondition[];
  numerator?: string;
  denominator?: string;
  percent?: boolean;
  decimals?: number;
  format?: 'datetime' | 'date' | 'number' | 'text' | 'duration' | 'money';
  /** duration: the unit of the value after divideBy (minute when left out). */
  unit?: DurationUnit;
  /** right: drawn on the chart's second value axis. */
  axis?: 'left' | 'right';
  width?: number;
  hidden?: boolean;
}

export type FilterOp = 'eq' | 'like' | 'in' | 'range';
export interface Filter {
  id: string;
  label: string;
  field: string;
  op: FilterOp;
  valueType?: 'integer' | 'number' | 'string';
  widget?: 'text' | 'number' | 'select' | 'date' | 'dateRange' | 'multi';
  dictionary?: string;
  lookup?: string;
  hidden?: boolean;
  /** With op range on a column of day starts: both bounds are taken as their whole days (UTC+8). */
  grain?: 'day';
}

export interface SortSpec {
  field: string;
  order?: 'asc' | 'desc';
}

export interface ReportFile {
  id: string;
  title: string;
  operationId: string;
  source: ReportTable;
  joins?: ReportJoin[];
  scope: { by: 'waybill' | 'order' | 'resource' | 'alarm' | 'summary' | 'settlement'; alias: string; resource?: string };
  where?: FixedCondition[];
  dimensions: Dimension[];
  measures: Measure[];
  filters?: Filter[];
  sort?: { fields?: string[]; default?: SortSpec[] };
  totals?: { label?: string };
  chart?: ReportChart;
}

export interface ReportChart {
  type: 'line' | 'bar' | 'pie';
  title?: string;
  /** The category axis: a dimension id. */
  x: string;
  /** Measure ids. */
  series: string[];
  /** One series per value of this dimension (per measure). */
  seriesBy?: string;
}

/** Whether a dimension's values are times (ascending on a chart's axis). */
export const isTimeDimension = (d: Dimension) => Boolean(d.time || d.grain || d.format === 'date' || d.format === 'datetime');

/** The table a scope kind applies to. */
export const SCOPE_TABLE = { waybill: 'waybills', order: 'orders', alarm: 'alarms' } as const;
