// How one stored value reads in a table cell: dictionary ids as their labels, epoch times as
// Shanghai date-times, booleans as 是/否, money (integer fen) as ¥1,234.50. `...Str` fields arrive formatted and are shown as text.
import type { Column, FieldSchema } from '../page-types.ts';
import { formatDateTime, toDateText } from './date-shortcuts.ts';
import { labelOf, type DictItem } from './dictionary-cache.ts';
import { durationText } from '../../../schemas/keywords/duration.ts';
import { formatYuan, isFen } from '../../../schemas/keywords/money.ts';

export interface CellTextOptions {
  column?: Column;
  schema?: FieldSchema;
  dictionary?: DictItem[];
}

export function cellText(value: unknown, { column, schema, dictionary }: CellTextOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => cellText(v, { column, schema, dictionary })).join('、');
  if (dictionary) return labelOf(dictionary, value) ?? String(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') {
    if (column?.format === 'date' || (schema?.['x-time'] === 'date' && !column?.format)) return toDateText(value);
    if (column?.format === 'duration') return durationText(value, column.unit);
    if ((schema?.['x-money'] || column?.format === 'money') && isFen(value)) return formatYuan(value);
    if (column?.format === 'datetime' || (schema?.['x-time'] && column?.format !== 'number')) return formatDateTime(value);
  }
  return String(value);
}
