// How a record's value reads on a detail or history screen: dictionary ids as their labels, epoch
// times as Asia/Shanghai text, money (integer fen) as ¥1,234.50, arrays joined, nothing as '—'. Pure, so detail, history and the
// contrast dialog all show a value the same way.
import type { PageSchema } from '../page-types.ts';
import { formatYuan, isFen } from '../../../schemas/keywords/money.ts';

export const EMPTY_TEXT = '—';

/** Dictionary key → (value as string → label). */
export type DictionaryLabels = Map<string, Map<string, string>>;

export interface FormatContext {
  page: Pick<PageSchema, 'fields' | 'columns'>;
  dictionaries: DictionaryLabels;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (UTC+8 all year, no daylight saving since 1991). */
export function formatTime(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** The field's Chinese title: the resource's field schema first, then the page's column. */
export function fieldLabel(page: FormatContext['page'], field: string, fallback?: string): string {
  return page.fields?.[field]?.title ?? page.columns?.find((c) => c.field === field)?.title ?? fallback ?? field;
}

/** The dictionary whose labels a field's values show, if any. */
export function dictionaryOf(page: FormatContext['page'], field: string): string | undefined {
  return page.fields?.[field]?.['x-dictionary'] ?? page.columns?.find((c) => c.field === field)?.dictionary;
}

/** Every dictionary the given fields need, each once. */
export function dictionariesFor(page: FormatContext['page'], fields: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const f of fields) {
    const key = dictionaryOf(page, f);
    if (key) keys.add(key);
  }
  return [...keys].sort();
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function one(value: unknown, labels: Map<string, string> | undefined, time: boolean | 'date', money = false): string {
  if (isEmpty(value)) return EMPTY_TEXT;
  if (labels) return labels.get(String(value)) ?? String(value);
  if (time && typeof value === 'number') return time === 'date' ? formatTime(value).slice(0, 10) : formatTime(value);
  if (money && isFen(value)) return formatYuan(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function formatValue(ctx: FormatContext, field: string, value: unknown): string {
  if (isEmpty(value)) return EMPTY_TEXT;
  // The server already wrote these in the user's time zone and wording.
  if (field.endsWith('Str')) return String(value);
  const dict = dictionaryOf(ctx.page, field);
  const labels = dict ? ctx.dictionaries.get(dict) : undefined;
  const time = ctx.page.fields?.[field]?.['x-time'] ?? false;
  // An x-money field of the resource, or a page column declared `format: "money"` (pages without a resource).
  const money = ctx.page.fields?.[field]?.['x-money'] === true || ctx.page.columns?.find((c) => c.field === field)?.format === 'money';
  if (Array.isArray(value)) return value.map((v) => one(v, labels, time, money)).join('、');
  return one(value, labels, time, money);
}
