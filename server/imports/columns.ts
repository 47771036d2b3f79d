// The columns of an import template and of an uploaded file, derived from the resource file: one
// column per writable (non-virtual) field, titled with its Chinese title, required ones marked with
// a leading '*'. A dictionary field is typed by label, a reference by the referenced record's label
// (the values the user may see, so a carrier user lists only its own carrier), an x-money field in
// 元, an x-time field as an Excel date or 'YYYY-MM-DD [HH:mm]'. `toValue` turns a cell into what
// the save route's body would carry, or an error text; the save's own validators check the rest.
import type { SessionUser } from '../http/context.ts';
import type { FieldSchema, Registry, ResourceFile } from '../registry/types.ts';
import { columnOf, ident } from '../resources/naming.ts';
import { scopeWhere } from '../resources/scope.ts';
import { all, type Conn } from '../resources/statements.ts';
import { yuanToFen } from './money.ts';
import { cellTime } from './times.ts';

/** Resources imported besides those whose pages are derived: the hand-paged base data. */
const HAND_PAGED = ['vehicle', 'driver', 'carrier', 'customer'];
export const REQUIRED_MARK = '*';

export function importable(reg: Registry, id: string): ResourceFile | undefined {
  const res = reg.resources.get(id);
  return res && (res.pages || HAND_PAGED.includes(id)) ? res : undefined;
}

export interface ImportColumn {
  field: string;
  title: string;
  required: boolean;
  /** The allowed labels, for the template's list sheet and its drop-downs. */
  options?: string[];
  /** The options are suggestions: other text is taken too (a goods typed by hand where free text is allowed). */
  openList?: boolean;
  /** A hint under the header: the unit or the format expected. */
  note?: string;
  toValue(cell: unknown): { value: unknown } | { error: string };
}

/** Labels mapped to ids; a label two records share maps to AMBIGUOUS. */
const AMBIGUOUS = -1;

function labelMap(pairs: { id: number | string; label: string }[]): Map<string, number | string> {
  const map = new Map<string, number | string>();
  for (const p of pairs) map.set(p.label, map.has(p.label) ? AMBIGUOUS : p.id);
  return map;
}

/** Cell text as typed: rich text joined, a formula's result, a hyperlink's text; an exported ' quote dropped. */
export function cellText(cell: unknown): string | number | Date | boolean | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'object' && !(cell instanceof Date)) {
    const o = cell as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellText(o.result);
    if (typeof o.text === 'string') return o.text;
    return undefined;
  }
  if (typeof cell === 'string') {
    const trimmed = cell.trim();
    // The export quotes a text that would start a formula (exports/sheet-value.ts): read back as typed.
    return trimmed === '' ? undefined : /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
  }
  return cell as number | boolean;
}

function scalar(schema: FieldSchema, cell: string | number | Date | boolean): unknown {
  const types = [schema.type].flat();
  if (types.includes('integer') || types.includes('number')) {
    if (typeof cell === 'number') return cell;
    if (typeof cell === 'string' && /^-?\d+(\.\d+)?$/.test(cell)) return Number(cell);
    return String(cell); // the schema then says it is not a number, in its own words
  }
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return cell ? '是' : '否';
  return cell;
}

async function referenceLabels(conn: Conn, reg: Registry, user: SessionUser, ref: { resource: string; label?: string }) {
  const target = reg.resources.get(ref.resource);
  if (!target || !ref.label) return [];
  const where = scopeWhere(target, user);
  return all<{ id: number; label: string }>(conn,
    `SELECT t.id, t.${ident(columnOf(ref.label))} AS label FROM ${ident(target.table)} t WHERE ${where.sql.join(' AND ')} ORDER BY t.id`, ...where.params);
}

type ColumnBase = Pick<ImportColumn, 'field' | 'title' | 'required'>;

/** A column typed by a record's label (a reference): the labels offered, each mapped to its id. */
export function labelColumn(base: ColumnBase, pairs: { id: number | string; label: string }[], targetTitle: string): ImportColumn {
  const byLabel = labelMap(pairs);
  const { title } = base;
  return {
    ...base, options: [...new Set(pairs.map((p) => p.label))], note: `填写${targetTitle}名称`,
    toValue: (cell) => {
      const text = String(cellText(cell));
      const id = byLabel.get(text);
      if (id === undefined) return { error: `${title}：${targetTitle}“${text}”不存在` };
      if (id === AMBIGUOUS) return { error: `${title}：有多个${targetTitle}名为“${text}”，无法确定` };
      return { value: id };
    },
  };
}

/** A column typed by a dictionary item's label. */
export function dictionaryColumn(base: ColumnBase, items: { id: number | string; label: string }[]): ImportColumn {
  const byLabel = labelMap(items);
  return {
    ...base, options: items.map((i) => i.label),
    toValue: (cell) => {
      const id = byLabel.get(String(cellText(cell)));
      return id === undefined ? { error: `${base.title}：只能填写 ${items.map((i) => i.label).join('、')}` } : { value: id };
    },
  };
}

/** A time column: an Excel date or 'YYYY-MM-DD [HH:mm]', to epoch milliseconds. */
export function timeColumn(base: ColumnBase): ImportColumn {
  return {
    ...base, note: '日期，或 YYYY-MM-DD HH:mm',
    toValue: (cell) => {
      const ms = cellTime(cellText(cell));
      return ms === undefined ? { error: `${base.title}：日期格式不正确，请填写 YYYY-MM-DD 或 YYYY-MM-DD HH:mm` } : { value: ms };
    },
  };
}

/** A column whose cell goes to the save as typed (a number where the schema wants one); the schema checks it. */
export function plainColumn(base: ColumnBase, schema: FieldSchema, note?: string): ImportColumn {
  return { ...base, ...(note ? { note } : {}), toValue: (cell) => ({ value: scalar(schema, cellText(cell)!) }) };
}

export async function importColumns(conn: Conn, reg: Registry, res: ResourceFile, user: SessionUser): Promise<ImportColumn[]> {
  const required = res.schema.required ?? [];
  const out: ImportColumn[] = [];
  for (const [field, schema] of Object.entries(res.schema.properties)) {
    if (schema['x-virtual'] || [schema.type].flat().some((t) => t === 'array' || t === 'object')) continue;
    const title = schema.title;
    const base = { field, title, required: required.includes(field) };
    const ref = res.references?.[field];
    const dictKey = schema['x-dictionary'] as string | undefined;
    const dict = dictKey ? reg.dictionaries.get(dictKey) : undefined;
    if (ref) {
      out.push(labelColumn(base, await referenceLabels(conn, reg, user, ref), reg.resources.get(ref.resource)?.title ?? title));
    } else if (dict) {
      out.push(dictionaryColumn(base, dict.items.filter((i) => !i.disabled && (!schema.enum || (schema.enum as unknown[]).includes(i.id)))));
    } else if (schema['x-money']) {
      out.push({
        ...base, title: title.replace(/\(分\)$/, '(元)'), note: '单位：元，最多两位小数',
        toValue: (cell) => {
          const v = cellText(cell);
          const fen = typeof v === 'number' || typeof v === 'string' ? yuanToFen(v) : undefined;
          return fen === undefined ? { error: `${title.replace(/\(分\)$/, '(元)')}：请填写金额（元），最多两位小数` } : { value: fen };
        },
      });
    } else if (schema['x-time']) {
      out.push(timeColumn(base));
    } else {
      out.push(plainColumn(base, schema));
    }
  }
  return out;
}

/** The header a template writes for a column: the title, marked when required. */
export const headerOf = (c: Pick<ImportColumn, 'title' | 'required'>) => (c.required ? `${REQUIRED_MARK}${c.title}` : c.title);
/** A header cell read back: the mark and blanks dropped. */
export const titleOfHeader = (text: string) => text.trim().replace(/^\*\s*/, '').trim();
