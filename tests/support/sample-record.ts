// Valid and invalid values for any field of a resource file, read from its JSON Schema: the
// generic entity contract (tests/entity-contract.test.ts) saves, breaks and reads back every plain
// entity with them, so an entity added as one resource file is tested without writing a test.
import { idCardCheckChar } from '../../schemas/keywords/id-card.ts';
import type { FieldSchema, ResourceFile } from '../../server/registry/types.ts';
import { fieldsOfRule, type CrossFieldRule } from '../../schemas/keywords/cross-field.ts';

type Row = Record<string, unknown>;

const baseType = (f: FieldSchema) => (Array.isArray(f.type) ? f.type.find((t) => t !== 'null') : f.type) as string;

/** A valid 18-digit resident ID number, different for each n. */
function idCard(n: number): string {
  const first17 = `33010219900101${String(n % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** Text of at most maxLength characters that differs for each n and passes the field's format. */
function text(field: string, f: FieldSchema, n: number): string {
  const digits = String(100000 + n);
  switch (f.format) {
    case 'mobile': return `138${String(n).padStart(8, '0')}`;
    case 'phone': return `0571-8${String(n).padStart(7, '0')}`;
    case 'emails': return `user${n}@example.cn`;
    case 'digits': return digits;
    case 'letters': return `abc${'abcdefghij'[n % 10]}`;
    case 'idCard': return idCard(n);
    case 'terminalNo': return `T${digits}`;
    case 'plateNo': return `浙A${String(10000 + n).slice(-5)}`;
    case 'longitude': return `${100 + (n % 30)}.${String(n % 1000000).padStart(6, '0')}`;
    case 'latitude': return `${20 + (n % 30)}.${String(n % 1000000).padStart(6, '0')}`;
    case 'hourMinute': return `${String(n % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
    default: break;
  }
  if (typeof f.pattern === 'string') {
    if (/^\^\[A-Za-z\]/.test(f.pattern)) return `a${n}`;
    if (/\\d|0-9/.test(f.pattern)) return digits;
  }
  const value = `${f.title ?? field}${n}`;
  const max = typeof f.maxLength === 'number' ? f.maxLength : 50;
  return value.length <= max ? value : `${n}`.slice(-max);
}

function number(f: FieldSchema, n: number): number {
  const min = typeof f.minimum === 'number' ? f.minimum : typeof f.exclusiveMinimum === 'number' ? f.exclusiveMinimum + 1 : 0;
  const max = typeof f.maximum === 'number' ? f.maximum : min + 1000;
  const whole = Math.min(max, Math.max(min, 1 + (n % 5)));
  const rule = f['x-number'] as { decimals?: number } | undefined;
  return baseType(f) === 'number' && (rule?.decimals ?? 0) > 0 && whole + 0.5 <= max ? whole + 0.5 : whole;
}

/** The value a user would enter in this field for the n-th record. */
export function sampleValue(field: string, f: FieldSchema, n: number, referenced: (resource: string) => number | undefined, resource: ResourceFile): unknown {
  // An example of null leaves the field blank, a reference too: a fixed line's default vehicle must be its
  // carrier's, so a record points at one only where a test sets it (with a vehicle of that carrier).
  if (Array.isArray(f.examples) && f.examples.length === 1 && f.examples[0] === null) return null;
  const ref = resource.references?.[field];
  if (ref) return referenced(ref.resource);
  if (Array.isArray(f.enum)) return f.enum[n % f.enum.length];
  // A value the resource file gives as its example (a departure rule's conditions must ask for something).
  if (Array.isArray(f.examples) && f.examples.length) return f.examples[0];
  const type = baseType(f);
  if (f['x-time']) return Date.UTC(2026, 0, 1 + (n % 28), 8);
  if (type === 'integer' || type === 'number') return number(f, n);
  if (type === 'boolean') return n % 2 === 0;
  // A tiered range (x-tiered) is a first and a last tier at least (schemas/keywords/tiered.ts).
  if (type === 'array' && f['x-tiered']) return [{ scopeType: 1, high: 10 + n, unitPrice: 500 }, { scopeType: 3, low: 10 + n, unitPrice: 400 }];
  if (type === 'array') return [];
  return text(field, f, n);
}

/** A valid record, the unique keys made distinct by n: every field, or with `requiredOnly` the least a form accepts. */
export function sampleRecord(resource: ResourceFile, n: number, referenced: (resource: string) => number | undefined, requiredOnly = false): Row {
  const out: Row = {};
  const required = new Set(resource.schema.required ?? []);
  for (const [field, f] of Object.entries(resource.schema.properties)) {
    if (requiredOnly && !required.has(field) && !resource.references?.[field]) continue;
    const value = sampleValue(field, f, n, referenced, resource);
    if (value !== undefined) out[field] = value;
  }
  return fitChecks(resource, out, [], (field) => sampleValue(field, resource.schema.properties[field], n, referenced, resource));
}

/**
 * Makes a record keep the resource's rules between fields (x-checks), leaving the `keep` fields as
 * they are: a bound is raised to its pair, a field a type requires is filled, one it forbids is
 * cleared — or, when that field is kept, the type is changed to one that allows it.
 */
export function fitChecks(resource: ResourceFile, row: Row, keep: string[], fill: (field: string) => unknown = () => undefined, skip?: CrossFieldRule): Row {
  const out = { ...row };
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  // A null in a condition means "left blank", as schemas/keywords/cross-field.ts reads it.
  const holds = (when: Record<string, unknown>) => Object.entries(when).every(([f, v]) => (v === null ? blank(out[f]) : out[f] === v));
  const leave = (when: Record<string, unknown>) => {
    for (const [f, v] of Object.entries(when)) {
      const other = (resource.schema.properties[f]?.enum as unknown[] | undefined)?.find((e) => e !== v && e !== null);
      if (other !== undefined) out[f] = other;
    }
  };
  for (let pass = 0; pass < 3; pass++) {
    for (const rule of resource.schema['x-checks'] ?? []) {
      if (rule === skip) continue;
      const value = out[rule.field];
      if ('atLeast' in rule) {
        const low = out[rule.atLeast];
        if (typeof value === 'number' && typeof low === 'number' && value < low) {
          if (keep.includes(rule.field)) out[rule.atLeast] = value;
          else out[rule.field] = low;
        }
      } else if ('requiredWhen' in rule) {
        if (holds(rule.requiredWhen) && blank(value)) out[rule.field] = fill(rule.field);
      } else if ('allowedWhen' in rule) {
        if (holds(rule.allowedWhen) && !blank(value) && !rule.values.includes(value)) {
          if (keep.includes(rule.field)) leave(rule.allowedWhen);
          else out[rule.field] = rule.values[0];
        }
      } else if (holds(rule.emptyWhen) && !blank(value)) {
        if (keep.includes(rule.field)) leave(rule.emptyWhen);
        else out[rule.field] = null;
      }
    }
  }
  return out;
}

/** Wrong values for one field, each with what is wrong with it; empty for a field with no such case. */
export function badValues(f: FieldSchema): { why: string; value: unknown }[] {
  const type = baseType(f);
  const out: { why: string; value: unknown }[] = [];
  if (type === 'string') {
    out.push({ why: 'a number for text', value: 12345 });
    if (typeof f.maxLength === 'number') out.push({ why: `longer than ${f.maxLength}`, value: 'x'.repeat(f.maxLength + 1) });
  } else if (type === 'integer' || type === 'number') {
    out.push({ why: 'text for a number', value: 'abc' });
    if (typeof f.minimum === 'number') out.push({ why: `below ${f.minimum}`, value: f.minimum - 1 });
    if (typeof f.maximum === 'number') out.push({ why: `above ${f.maximum}`, value: f.maximum + 1 });
    if (type === 'integer' && !Array.isArray(f.enum)) out.push({ why: 'a fraction for a whole number', value: 1.5 });
  }
  if (Array.isArray(f.enum)) out.push({ why: 'a value outside the list', value: type === 'string' ? 'zz-not-an-option' : 987654 });
  return out;
}

/** A record that breaks one rule between fields and keeps every other one. */
export function breakRule(resource: ResourceFile, row: Row, rule: CrossFieldRule, fill: (field: string) => unknown): Row {
  let broken: Row;
  if ('atLeast' in rule) broken = { ...row, [rule.field]: (row[rule.atLeast] as number) - 1 };
  else if ('requiredWhen' in rule) broken = { ...row, ...rule.requiredWhen, [rule.field]: null };
  else if ('allowedWhen' in rule) {
    const refused = (resource.schema.properties[rule.field]?.enum as unknown[] | undefined)?.find((e) => !rule.values.includes(e));
    broken = { ...row, ...rule.allowedWhen, [rule.field]: refused };
  }
  else broken = { ...row, ...rule.emptyWhen, [rule.field]: row[rule.field] ?? fill(rule.field) };
  return fitChecks(resource, broken, fieldsOfRule(rule), fill, rule);
}
