// How a value reads in an exported cell: as the console's table shows it (renderer/pages/list/
// cell-text.ts): dictionary ids as labels, epoch times as Shanghai date-times, booleans as 是/否.
// Numbers stay numbers so that the spreadsheet can sum them.
import type { Column, PageFile, Registry } from '../registry/types.ts';
import { formatTime } from '../resources/time.ts';

export interface ExportColumn {
  field: string;
  title: string;
  cell(value: unknown): string | number | null;
}

type FieldMap = Record<string, { title?: string; 'x-dictionary'?: string; 'x-time'?: boolean } | undefined>;

function text(value: unknown, labels: Map<string, string> | undefined, time: 'date' | 'datetime' | undefined): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map((v) => text(v, labels, time)).filter((v) => v !== null).join('、');
  if (labels) return labels.get(String(value)) ?? String(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') {
    if (time === 'datetime') return formatTime(value);
    if (time === 'date') return formatTime(value).slice(0, 10);
    return value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function exportColumns(reg: Registry, page: PageFile, columns: Column[]): ExportColumn[] {
  const fields = (page.fields ?? {}) as FieldMap;
  return columns.map((c) => {
    const schema = fields[c.field];
    const dictKey = (c.dictionary as string | undefined) ?? schema?.['x-dictionary'];
    const dict = dictKey ? reg.dictionaries.get(dictKey) : undefined;
    const labels = dict ? new Map(dict.items.map((i) => [String(i.id), i.label])) : undefined;
    const time = c.format === 'date' ? 'date' : c.format === 'datetime' || (schema?.['x-time'] && c.format !== 'number') ? 'datetime' : undefined;
    return { field: c.field, title: c.title ?? schema?.title ?? c.field, cell: (v: unknown) => text(v, labels, time) };
  });
}
