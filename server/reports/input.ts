// The JSON Schema of a report request: paging, sorting by the report's columns, and one property
// per declared filter typed by its operator. Anything else is refused with code 100.
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import { sortableFields } from './compile.ts';
import type { Filter, ReportFile } from './types.ts';

function scalar(f: Filter): object {
  const type = f.valueType ?? 'integer';
  if (type === 'string') return { title: f.label, type: 'string', maxLength: 200 };
  return { title: f.label, type, minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
}

function filterSchema(f: Filter): object {
  switch (f.op) {
    case 'like': return searchText(f.label, 100, true);
    case 'eq': return { ...scalar(f), type: [(f.valueType ?? 'integer'), 'null'] };
    case 'in': return { title: f.label, type: ['array', 'null'], maxItems: 1000, items: scalar(f) };
    case 'range': return { title: f.label, type: ['array', 'null'], maxItems: 2, items: { ...scalar(f), type: [(f.valueType ?? 'integer'), 'null'] } };
  }
}

const cache = new WeakMap<ReportFile, object>();

/** Cached per loaded report, so its validator is compiled once (validate.ts caches by schema object). */
export function requestSchema(report: ReportFile): object {
  let schema = cache.get(report);
  if (!schema) {
    const properties: Record<string, object> = pagingProperties(sortableFields(report));
    for (const f of report.filters ?? []) properties[f.id] = filterSchema(f);
    schema = { type: 'object', additionalProperties: false, properties };
    cache.set(report, schema);
  }
  return schema;
}
