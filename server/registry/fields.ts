// The fields a resource exposes: its writable schema, its read-only columns, the audit columns
// every table has, and the display names joined from referenced records.
import type { FieldSchema, ResourceFile } from './types.ts';

export const AUDIT_FIELDS: Record<string, FieldSchema> = {
  id: { title: 'ID', type: 'integer' },
  version: { title: '版本', type: 'integer' },
  createdAt: { title: '创建时间', type: 'integer', 'x-time': true },
  updatedAt: { title: '更新时间', type: 'integer', 'x-time': true },
  createdBy: { title: '创建人', type: 'integer' },
  updatedBy: { title: '更新人', type: 'integer' },
};

/** `carrierId` with label `carrierName` is returned as `carrierName`. */
export function labelFieldOf(field: string): string {
  return field.replace(/Id$/, '') + 'Name';
}

/** Columns of the table; virtual fields (a password to hash, role ids) are consumed by hooks. */
export function storedFields(res: ResourceFile): Record<string, FieldSchema> {
  const writable = Object.entries(res.schema.properties).filter(([, s]) => !s['x-virtual']);
  return { ...AUDIT_FIELDS, ...res.readOnlyFields, ...Object.fromEntries(writable) };
}

/** Every name a read may return, with its schema; `...Str` fields are derived from x-time fields. */
export function readableFields(res: ResourceFile): Record<string, FieldSchema> {
  const out: Record<string, FieldSchema> = { ...storedFields(res), ...res.derivedFields };
  for (const [field, ref] of Object.entries(res.references ?? {})) {
    if (ref.label) out[labelFieldOf(field)] = { title: out[field]?.title?.replace(/ID$/, '') ?? field, type: 'string' };
  }
  for (const [field, schema] of Object.entries(storedFields(res))) {
    if (schema['x-time']) out[`${field}Str`] = { title: schema.title, type: 'string' };
  }
  return out;
}
