// Shape of a report file (its exact definition is schemas/meta/report.schema.json).
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
  format?: 'datetime' | 'date' | 'number' | 'text';
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
  scope: { by: 'waybill' | 'order' | 'resource' | 'alarm' | 'summary'; alias: string; resource?: string };
  where?: FixedCondition[];
  dimensions: Dimension[];
  measures: Measure[];
  filters?: Filter[];
  sort?: { fields?: string[]; default?: SortSpec[] };
  totals?: { label?: string };
  chart?: { type: 'line' | 'bar' | 'pie'; title?: string; x: string; series: string[] };
}

/** The table a scope kind applies to. */
export const SCOPE_TABLE = { waybill: 'waybills', order: 'orders', alarm: 'alarms' } as const;
