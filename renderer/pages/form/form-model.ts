// What a form page becomes for RJSF: the server's formSchema in the form's field order, a uiSchema
// naming the widget of each field, and the data moves around it (record → form, form → request).
// Pure, so the rules (which widget, what an update sends) are tested without a DOM.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldSchema, PageSchema } from '../page-types.ts';

export type FormData = Record<string, unknown>;

export interface FormModel {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  fields: string[];
  columns: number;
}

/** The detail record names a reference's label after the field: carrierId → carrierName. */
export function labelFieldOf(field: string): string {
  return field.replace(/Id$/, '') + 'Name';
}

const isObjectList = (schema: FieldSchema) => [((schema.items ?? {}) as FieldSchema).type ?? ''].flat().includes('object');

const typesOf = (schema: FieldSchema): string[] => [schema.type ?? 'string'].flat().filter((t) => t !== 'null');

/** A yes/no field: the yesNo dictionary or a plain boolean. */
export const isYesNo = (schema: FieldSchema) => schema['x-dictionary'] === 'yesNo' || (typesOf(schema).length === 1 && typesOf(schema)[0] === 'boolean');

/** Fields that take a whole row whatever the column count: long text, files, tiers. */
const WIDE_WIDGETS = new Set(['textarea', 'upload', 'tieredRange', 'conditions', 'checkQuestions', 'lineStops']);

/** The widget (or field) a schema calls for; the page's own uiSchema may still override it. */
export function widgetFor(field: string, schema: FieldSchema, page: PageSchema): UiSchema {
  const ref = page.references?.[field];
  const types = typesOf(schema);
  if (schema['x-tiered']) return { 'ui:field': 'tieredRange' };
  if (schema['x-conditions']) return { 'ui:field': 'conditions' };
  if (schema['x-check-questions']) return { 'ui:field': 'checkQuestions' };
  if (schema['x-line-stops']) return { 'ui:field': 'lineStops' };
  if (ref) {
    return {
      'ui:widget': 'reference',
      'ui:options': { list: ref.list, labelKey: ref.label ?? 'name', labelField: labelFieldOf(field) },
    };
  }
  if (isYesNo(schema)) return { 'ui:widget': 'yesNo' };
  if (schema['x-dictionary']) return { 'ui:widget': 'dictionary', 'ui:options': { dictionary: schema['x-dictionary'] } };
  if (schema['x-time'] === 'date') return { 'ui:widget': 'dateTime', 'ui:options': { dateOnly: true } };
  if (schema['x-time']) return { 'ui:widget': 'dateTime' };
  if (schema['x-money']) return { 'ui:widget': 'money' };
  if (schema['x-password'] || schema.format === 'password') return { 'ui:widget': 'password' };
  // Lists of scalars are typed as values; lists of objects (goods lines) get RJSF's rows of fields.
  if (types.includes('array')) return isObjectList(schema) ? {} : { 'ui:widget': 'valueList' };
  if (types.includes('number') || types.includes('integer')) return { 'ui:widget': 'number' };
  if (types.includes('string') && !schema.enum && (schema.maxLength ?? 0) >= 200) return { 'ui:widget': 'textarea' };
  return {};
}

function merge(base: UiSchema, own: unknown): UiSchema {
  if (!own || typeof own !== 'object') return base;
  const o = own as UiSchema;
  return { ...base, ...o, 'ui:options': { ...(base['ui:options'] ?? {}), ...(o['ui:options'] ?? {}) } };
}

export function buildFormModel(page: PageSchema): FormModel {
  const fields = page.form?.fields ?? [];
  const source = page.formSchema?.properties ?? {};
  const required = (page.formSchema?.required ?? []).filter((f) => fields.includes(f));
  const properties: Record<string, FieldSchema> = {};
  for (const f of fields) {
    const schema = source[f] ?? page.fields?.[f];
    // A yes/no question always has an answer: 否 until the user says 是 (a record's own value wins).
    if (schema) properties[f] = isYesNo(schema) && schema.default === undefined ? { ...schema, default: [schema.type].flat().includes('boolean') ? false : 0 } : schema;
    // The money widget hands on a typed text that is no amount, for x-money to word (not "请输入整数").
    // 'string' comes first: RJSF picks the field by the first type, and its number field would turn
    // '12.345' into 12.345 before any rule saw the text.
    if (schema?.['x-money']) properties[f] = { ...schema, type: ['string', ...[schema.type ?? 'integer'].flat().filter((t) => t !== 'string')] };
  }
  const own = (page.form?.uiSchema ?? {}) as UiSchema;
  const columns = Math.min(4, Math.max(1, page.form?.columns ?? 1));
  const uiSchema: UiSchema = {
    ...own,
    'ui:order': [...Object.keys(properties), '*'],
    'ui:options': { ...(own['ui:options'] ?? {}), columns },
    'ui:submitButtonOptions': { norender: true },
  };
  for (const [f, schema] of Object.entries(properties)) {
    let ui = merge(widgetFor(f, schema, page), own[f]);
    const widget = (ui['ui:widget'] ?? ui['ui:field']) as string | undefined;
    // Optional fields may be cleared, which must reach the server as null (the column is emptied).
    const nullOk = [schema.type].flat().includes('null') && (!Array.isArray(schema.enum) || schema.enum.includes(null));
    if (!required.includes(f) && nullOk) {
      ui = { ...ui, 'ui:emptyValue': null };
    }
    if (widget && WIDE_WIDGETS.has(widget)) ui = { ...ui, 'ui:options': { ...(ui['ui:options'] ?? {}), wide: true } };
    uiSchema[f] = ui;
  }
  const checks = page.formSchema?.['x-checks'];
  const schema: RJSFSchema = { type: 'object', properties: properties as RJSFSchema['properties'], required, ...(checks ? { 'x-checks': checks } : {}) };
  return { schema, uiSchema, fields: Object.keys(properties), columns };
}

/** The reference labels an update form starts with: `{carrierId: '顺丰'}` from the detail's carrierName. */
export function initialLabels(page: PageSchema, record: FormData | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!record) return out;
  // A page file's own picker names the detail's label field in its ui:options (customerId → customerName).
  const uiSchema = (page.form?.uiSchema ?? {}) as Record<string, { 'ui:options'?: { labelField?: unknown } } | undefined>;
  const fields = new Set([...Object.keys(page.references ?? {}), ...Object.keys(uiSchema)]);
  for (const field of fields) {
    const declared = uiSchema[field]?.['ui:options']?.labelField;
    const label = record[typeof declared === 'string' ? declared : labelFieldOf(field)];
    if (typeof label === 'string' && label && (typeof declared === 'string' || field in (page.references ?? {}))) out[field] = label;
  }
  return out;
}

/** The form's fields of a record; null becomes "no value" so inputs start empty. */
export function formDataFrom(record: FormData | undefined, fields: string[]): FormData {
  const out: FormData = {};
  for (const f of fields) {
    const v = record?.[f];
    if (v !== null && v !== undefined) out[f] = v;
  }
  return out;
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v === '');

function same(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An add sends only the form's fields that have a value. */
export function addPayload(data: FormData, fields: string[]): FormData {
  const out: FormData = {};
  for (const f of fields) if (!isEmpty(data[f])) out[f] = data[f];
  return out;
}

/** An update sends the record's id and version and only what changed; a cleared field is null. */
export function updatePayload(initial: FormData, data: FormData, fields: string[], id: unknown, version: unknown): FormData {
  const out: FormData = { id, version };
  for (const f of fields) {
    if (same(initial[f], data[f])) continue;
    out[f] = isEmpty(data[f]) ? null : data[f];
  }
  return out;
}
