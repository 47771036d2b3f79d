// Dialog forms of workflow actions (the waybill and order dialogs): the before call's answer fills
// the form (`form.initial` maps lists and totals onto the submit's fields), what is sent is pruned
// to the submit route's schema, and the body is {id, version, ...every field}. Pure, so the
// mapping rules are tested without a DOM.
import type { FieldSchema, InitialFrom, PageSchema } from '../page-types.ts';
import type { FormData } from './form-model.ts';

/** Ids travel as numbers in JSON bodies (the routes declare integer ids); query strings keep text. */
export function idValue(id: string | undefined): string | number | undefined {
  return id !== undefined && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : id;
}

/** A record key in a JSON body: ids (id, orderId...) as numbers, other keys (orderNo) as the text they are. */
export function keyValue(key: string, id: string | undefined): string | number | undefined {
  return key === 'id' || key.endsWith('Id') ? idValue(id) : id;
}

/** The body of a before call: the record id under the call's idParam, and the address keys it names. */
export function beforeBody(page: PageSchema, id: string | undefined, method: 'GET' | 'POST' = 'GET', query = new URLSearchParams()): Record<string, unknown> {
  const fromAddress = Object.fromEntries((page.api?.before?.query ?? []).filter((k) => query.get(k)).map((k) => [k, query.get(k)]));
  if (page.api?.before?.recordless) return fromAddress;
  const key = page.api?.before?.idParam ?? 'id';
  return { ...fromAddress, [key]: method === 'POST' ? keyValue(key, id) : id };
}

export const pathValue = (record: FormData, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as FormData)[k] : undefined), record);

function initialValue(record: FormData, rule: InitialFrom, query: URLSearchParams): unknown {
  if (typeof rule === 'object' && 'query' in rule) return queryValue(query.get(rule.query));
  if (typeof rule === 'string') return pathValue(record, rule);
  if ('first' in rule) return rule.first.map((path) => pathValue(record, path)).find((v) => v !== undefined && v !== null);
  if ('value' in rule) return rule.value;
  const list = pathValue(record, rule.from);
  if (!Array.isArray(list)) return undefined;
  return list
    .filter((item) => !rule.where || Boolean((item as FormData)[rule.where]))
    .map((item) => (rule.pick ? Object.fromEntries(Object.entries(rule.pick).map(([to, from]) => [to, (item as FormData)[from]])) : item));
}

/** A value carried in the page's query (the business type the confirm dialog chose): numbers as numbers. */
function queryValue(text: string | null): unknown {
  if (text === null || text === '') return undefined;
  return /^-?[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : text;
}

/** Keeps only what the schema declares (objects and arrays of objects), so no unknown field is sent. */
export function prune(value: unknown, schema: FieldSchema | undefined): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => prune(v, schema.items as FieldSchema | undefined));
  const props = schema.properties as Record<string, FieldSchema> | undefined;
  if (!props) return value;
  return Object.fromEntries(Object.entries(value as FormData).filter(([k]) => k in props).map(([k, v]) => [k, prune(v, props[k])]));
}

/** The form's starting data: the record's own fields, then the page's `initial` mapping, pruned. */
export function initialData(page: PageSchema, record: FormData | undefined, base: FormData, query = new URLSearchParams()): FormData {
  const out: FormData = { ...base };
  const rules = page.form?.initial ?? {};
  for (const [field, rule] of Object.entries(rules)) {
    const v = initialValue(record ?? {}, rule, query);
    if (v !== undefined && v !== null) out[field] = v;
  }
  const props = page.formSchema?.properties ?? {};
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, prune(v, props[k])]));
}

/** The route of a `next` page with the carried fields in its query (?businessType=9). */
export function nextHref(route: string, carry: string[], data: FormData): string {
  const q = new URLSearchParams();
  for (const f of carry) if (data[f] !== undefined && data[f] !== null && data[f] !== '') q.set(f, String(data[f]));
  const text = q.toString();
  return text ? `${route}?${text}` : route;
}

/** {id (under the submit's idParam), version, ...every field with a value}. */
export function actionPayload(page: PageSchema, data: FormData, fields: string[], id: string | undefined, record: FormData | undefined): FormData {
  const key = page.api?.submit?.idParam ?? 'id';
  const out: FormData = {};
  if (id !== undefined) out[key] = keyValue(key, id);
  const props = page.formSchema?.properties ?? {};
  // A settings record's version counts its saves (服务评价设置); only a record's action sends it back, as its lock.
  const locks = !page.api?.before?.recordless || 'version' in props;
  if (locks && record?.version !== undefined && record.version !== null) out.version = record.version;
  for (const f of fields) {
    const v = data[f];
    if (v === undefined || v === null || v === '') continue;
    out[f] = prune(v, props[f]);
  }
  return out;
}
