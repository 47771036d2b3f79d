// Fields whose value is a list or an object (a rate rule's tiers and fee items): stored as JSON text
// in a text column on both engines, sent and read as the value itself. The engine's writes turn them
// into text (toColumn), its reads back into values (fromColumns); nothing else sees the text.
import type { ResourceFile } from '../registry/types.ts';

const jsonOf = new WeakMap<ResourceFile, string[]>();

const isStructured = (type: unknown) => (Array.isArray(type) ? type : [type]).some((t) => t === 'array' || t === 'object');

/** The fields of a resource held as JSON text (worked out once per loaded file). */
export function jsonFields(res: ResourceFile): string[] {
  let found = jsonOf.get(res);
  if (!found) {
    found = Object.entries({ ...res.readOnlyFields, ...res.schema.properties }).filter(([, s]) => !s['x-virtual'] && isStructured(s.type)).map(([f]) => f);
    jsonOf.set(res, found);
  }
  return found;
}

/** The value a column takes for a field. */
export function toColumn(res: ResourceFile, field: string, value: unknown): unknown {
  if (value === null || value === undefined || !jsonFields(res).includes(field)) return value;
  return JSON.stringify(value);
}

/** A record about to be written, its JSON fields as text (in place). */
export function toColumns(res: ResourceFile, record: Record<string, unknown>) {
  for (const f of jsonFields(res)) if (f in record) record[f] = toColumn(res, f, record[f]);
  return record;
}

/** Rows as read, their JSON fields back to values (in place; a value already parsed is left as it is). */
export function fromColumns<T extends Record<string, unknown> | undefined>(res: ResourceFile, rows: T[]): T[] {
  const fields = jsonFields(res);
  if (fields.length) for (const row of rows) for (const f of fields) if (row && typeof row[f] === 'string') row[f] = JSON.parse(row[f] as string);
  return rows;
}
