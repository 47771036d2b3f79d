// How a value reads in an exported cell: as the console's table shows it (renderer/pages/list/
// cell-text.ts): dictionary ids as labels, epoch times as Shanghai date-times, booleans as 是/否.
// Numbers stay numbers so that the spreadsheet can sum them. A duration is written twice: as the
// table reads it (134天14小时5分), and beside it as a number in its unit ("晚点总时长(分钟)") to sum.
// Money (x-money, integer fen) is written as a number of yuan (123450 → 1234.5), made from the exact
// decimal text, so that the sheet sums 元 like the titles say.
import type { Column, PageFile, Registry } from '../registry/types.ts';
import { formatTime } from '../resources/time.ts';
import { durationText, type DurationUnit } from '../../schemas/keywords/duration.ts';
import { fenToYuan, isFen } from '../../schemas/keywords/money.ts';

const UNIT_NAMES: Record<DurationUnit, string> = { ms: '毫秒', second: '秒', minute: '分钟', hour: '小时' };

export interface ExportColumn {
  field: string;
  title: string;
  cell(value: unknown): string | number | null;
}

type FieldMap = Record<string, { title?: string; 'x-dictionary'?: string; 'x-time'?: boolean | 'date'; 'x-money'?: boolean } | undefined>;

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
  return columns.flatMap((c): ExportColumn[] => {
    if (c.format === 'duration') {
      const unit = (c.unit as DurationUnit | undefined) ?? 'minute';
      const title = c.title ?? c.field;
      const number = (v: unknown) => (typeof v === 'number' ? v : null);
      return [
        { field: c.field, title, cell: (v) => (typeof v === 'number' ? durationText(v, unit) : null) },
        { field: c.field, title: `${title}(${UNIT_NAMES[unit]})`, cell: number },
      ];
    }
    const schema = fields[c.field];
    const dictKey = (c.dictionary as string | undefined) ?? schema?.['x-dictionary'];
    const dict = dictKey ? reg.dictionaries.get(dictKey) : undefined;
    const labels = dict ? new Map(dict.items.map((i) => [String(i.id), i.label])) : undefined;
    // A page column `format: "money"` (a page without a resource) is money like an x-money field.
    if ((schema?.['x-money'] || c.format === 'money') && !dict) {
      const yuan = (v: unknown) => (isFen(v) ? Number(fenToYuan(v)) : text(v, undefined, undefined));
      return [{ field: c.field, title: c.title ?? schema?.title ?? c.field, cell: yuan }];
    }
    const time = c.format === 'date' || (schema?.['x-time'] === 'date' && !c.format) ? 'date' : c.format === 'datetime' || (schema?.['x-time'] && c.format !== 'number') ? 'datetime' : undefined;
    return [{ field: c.field, title: c.title ?? schema?.title ?? c.field, cell: (v: unknown) => text(v, labels, time) }];
  });
}
