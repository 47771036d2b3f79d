// Turns what the search bar holds into the list body the resource engine reads
// (`<field>: value` with like → string, eq → scalar, in → array, range → [from, to] epoch ms).
// Pure, so the mapping is tested without rendering anything.
import type { FieldSchema } from '../page-types.ts';
import type { ListCondition, ListPageSchema, Operator, SearchValue, SearchValues, Sort } from './list-types.ts';

/**
 * The operator of a condition. Pages do not name it yet (the resource file does), so without
 * `operator` or `searchOperators` it is guessed from the widget: dictionary selects are status
 * catalogues, which every resource so far filters with `in`.
 */
export function operatorOf(page: ListPageSchema, cond: ListCondition): Operator {
  const known = cond.operator ?? page.searchOperators?.[cond.field];
  if (known) return known;
  const schema = page.fields?.[cond.field];
  switch (cond.widget) {
    case 'date':
    case 'dateRange':
      return 'range';
    case 'multi':
      return 'in';
    case 'number':
      return 'eq';
    case 'select':
      return cond.dictionary || schema?.['x-dictionary'] ? 'in' : 'eq';
    default:
      return schema?.['x-time'] ? 'range' : 'like';
  }
}

export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.every(isBlank));

function isNumeric(schema: FieldSchema | undefined): boolean {
  const types = [schema?.type ?? []].flat();
  return types.includes('integer') || types.includes('number');
}

/** Numbers typed or pasted as text go to numeric fields as numbers, or the server refuses them. */
function coerce(v: unknown, schema: FieldSchema | undefined): unknown {
  if (typeof v === 'string') {
    const text = v.trim();
    return isNumeric(schema) && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  return v;
}

/** One condition's body value, or undefined when it is empty and must be left out. */
export function bodyValue(op: Operator, value: SearchValue, schema?: FieldSchema): unknown {
  if (isBlank(value)) return undefined;
  const list = (Array.isArray(value) ? value : [value]) as unknown[];
  switch (op) {
    case 'range': {
      const [from, to] = list.length === 1 ? [list[0], list[0]] : list;
      return [isBlank(from) ? null : coerce(from, schema), isBlank(to) ? null : coerce(to, schema)];
    }
    case 'in': {
      const values = list.filter((v) => !isBlank(v)).map((v) => coerce(v, schema));
      return values.length ? values : undefined;
    }
    case 'eq':
      // A multi-valued input on a field compared with '=' searches for its first value.
      return coerce(list.find((v) => !isBlank(v)), schema);
    case 'like':
      return String(list.find((v) => !isBlank(v))).trim();
  }
}

export function buildSearchBody(page: ListPageSchema, conditions: ListCondition[], values: SearchValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const cond of conditions) {
    const value = bodyValue(operatorOf(page, cond), values[cond.field], page.fields?.[cond.field]);
    if (value !== undefined) body[cond.field] = value;
  }
  return body;
}

/** The status tab's filter, or nothing for the 'all' tab. */
export function tabFilter(page: ListPageSchema, conditions: ListCondition[], tabValue: SearchValue): Record<string, unknown> {
  if (!page.tabs || isBlank(tabValue)) return {};
  const field = page.tabs.field;
  // Without a search condition on the field, a tab is a catalogue value, filtered with `in` like
  // every status select (unless the page's operators say otherwise).
  const cond: ListCondition = conditions.find((c) => c.field === field) ?? { field, widget: 'select', operator: page.searchOperators?.[field] ?? 'in' };
  const value = bodyValue(operatorOf(page, { ...cond, widget: cond.widget ?? 'select' }), tabValue, page.fields?.[field]);
  return value === undefined ? {} : { [field]: value };
}

/** `updatedAtStr` is shown, `updatedAt` is what the server sorts by. */
export function sortFieldOf(page: ListPageSchema, field: string): string {
  const base = field.replace(/Str$/, '');
  return base !== field && page.fields?.[base] ? base : field;
}

export interface ListBodyInput {
  search: Record<string, unknown>;
  curPage: number;
  pageSize: number;
  sorts: Sort[];
}

export function listBody({ search, curPage, pageSize, sorts }: ListBodyInput): Record<string, unknown> {
  return { ...search, curPage, pageSize, ...(sorts.length ? { sorts } : {}) };
}
