// JSON Schemas of the requests the resource engine accepts, derived from the resource file so
// that the browser's forms and the server check exactly the same rules.
import type { FieldSchema, ResourceFile } from '../registry/types.ts';
import { storedFields } from '../registry/fields.ts';
import { searchText } from './like.ts';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
/** Strings without a declared maxLength are still bounded, so no field takes a megabyte. */
const DEFAULT_MAX_LENGTH = 200;
const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, title: 'ID' };

function bounded(schema: FieldSchema): FieldSchema {
  const types = [schema.type].flat();
  if (types.includes('string') && schema.maxLength === undefined) return { ...schema, maxLength: DEFAULT_MAX_LENGTH };
  return schema;
}

/** An optional field may be cleared: null joins its types, and its enum when it has one. */
function nullable(schema: FieldSchema): FieldSchema {
  const types = [schema.type ?? 'string'].flat();
  const values = schema.enum as unknown[] | undefined;
  return { ...schema, type: [...new Set([...types, 'null'])], ...(values && !values.includes(null) ? { enum: [...values, null] } : {}) };
}

function scalarOf(schema: FieldSchema): FieldSchema {
  const { title, type, maxLength } = schema;
  return { title, type, ...(maxLength ? { maxLength } : { maxLength: DEFAULT_MAX_LENGTH }) };
}

/** Paging and sorting of every list request: curPage from 1, pageSize 1–1000, up to 3 sorts on the given fields. */
export function pagingProperties(sortFields: readonly string[]): Record<string, object> {
  return {
    curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
    sorts: {
      title: '排序',
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field'],
        properties: {
          field: { title: '排序字段', enum: [...sortFields] },
          order: { title: '排序方向', enum: ['asc', 'desc'] },
        },
      },
    },
  };
}

export function listSchema(res: ResourceFile) {
  const fields = storedFields(res);
  const properties = pagingProperties(res.sort ?? []);
  for (const [field, op] of Object.entries(res.search ?? {})) {
    const scalar = scalarOf(fields[field]);
    if (op === 'like') properties[field] = searchText(scalar.title ?? field, 100, true);
    else if (op === 'eq') properties[field] = nullable(scalar);
    else if (op === 'in') properties[field] = { title: scalar.title, type: ['array', 'null'], maxItems: 1000, items: scalar };
    else properties[field] = { title: scalar.title, type: ['array', 'null'], maxItems: 2, items: nullable(scalar) };
  }
  return { type: 'object', additionalProperties: false, properties };
}

/** Required strings may not be blank; optional fields may be cleared with null. */
export function saveSchema(res: ResourceFile) {
  const required = res.schema.required ?? [];
  const properties = Object.fromEntries(
    Object.entries(res.schema.properties).map(([k, v]) => {
      const field = bounded(v);
      if (!required.includes(k)) return [k, nullable(field)];
      const isString = [field.type].flat().includes('string');
      return [k, isString && field.minLength === undefined ? { ...field, minLength: 1 } : field];
    }),
  );
  const checks = res.schema['x-checks'];
  return { type: 'object', additionalProperties: false, required, properties, ...(checks ? { 'x-checks': checks } : {}) };
}

/**
 * An update names the record and the version it was read at; other fields are optional. The rules
 * between fields are left to the write (writes.ts), which sees the record whole: a body holding one
 * field of a pair says nothing about the pair.
 */
export function updateSchema(res: ResourceFile) {
  const { 'x-checks': _checks, ...save } = saveSchema(res) as ReturnType<typeof saveSchema> & { 'x-checks'?: unknown };
  return {
    ...save,
    required: ['id', 'version'],
    properties: { ...save.properties, id: ID, version: { title: '版本', type: 'integer', minimum: 1 } },
  };
}

export const batchDeleteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: { ids: { title: 'ID列表', type: 'array', minItems: 1, maxItems: 1000, items: ID } },
};

export const detailSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { title: 'ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
};

export const historySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: ID,
    curPage: { title: '页码', type: 'integer', minimum: 1 },
    pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  },
};
