/**
 * The vocabulary as ajv sees it: formats and x-* keywords built from the rule modules, for the
 * server's ajv (`addHuoyunVocabulary`) and for RJSF's validator-ajv8
 * (`customizeValidator({ customFormats: huoyunFormats, ajvOptionsOverrides: { keywords: huoyunKeywords } })`).
 * Errors carry the Chinese message in `params.message`, so it survives any ajv error pipeline.
 * Create instances with `verbose: true`: messageFor reads `parentSchema` for per-field overrides.
 */
import type AjvCore from 'ajv/dist/core';
import type { AnySchemaObject, ErrorObject, FuncKeywordDefinition, KeywordDefinition, SchemaValidateFunction } from 'ajv';
import { formatRules, radiusRule, type FormatName } from './rules.ts';
import { numberRule, type NumberRuleOptions } from './number-rule.ts';
import { passwordRule } from './password.ts';
import { validateTiers, type TierEntry } from './tiered.ts';
import { moneyRule } from './money.ts';
import { crossFieldErrors, type CrossFieldRule } from './cross-field.ts';
export { errorRank, fieldNameOf, messageFor } from './messages.ts';

export const huoyunFormats: Record<string, (v: string) => boolean> = {
  ...Object.fromEntries((Object.keys(formatRules) as FormatName[]).map((name) => [name, formatRules[name].test])),
  // Registered after ajv-formats, this replaces its no-op 'password' format with the real rules.
  password: (v: string) => passwordRule(v) === null,
};

type DataCxt = Parameters<SchemaValidateFunction>[3];
type Found = Array<{ message: string; instancePath?: string; params?: Record<string, unknown> }>;
type Check = (schema: any, data: any, cxt: DataCxt) => Found;

/**
 * Adapts a check to ajv's validate-function protocol (errors on the function object). ajv fills in
 * instancePath (unless set), schemaPath and, when verbose, schema and data; it does not add
 * parentSchema to custom errors, so we do, for messageFor's overrides.
 */
function keyword(name: string, check: Check, def: Omit<FuncKeywordDefinition, 'keyword'>): FuncKeywordDefinition {
  const validate: SchemaValidateFunction = (schema, data, parentSchema?: AnySchemaObject, cxt?: DataCxt) => {
    const found = check(schema, data, cxt);
    validate.errors = found.map(({ message, instancePath, params }): Partial<ErrorObject> => ({
      keyword: name, message, params: { ...params, message }, parentSchema,
      ...(instancePath === undefined ? {} : { instancePath }),
    }));
    return found.length === 0;
  };
  return { ...def, keyword: name, validate, errors: true };
}

const single = (message: string | null): Found => (message === null ? [] : [{ message }]);

// Numbers are checked through their shortest decimal form, numeric strings as typed.
const xNumber = keyword('x-number', (schema: NumberRuleOptions, data) => single(numberRule(schema)(data)), {
  type: ['number', 'string'],
  metaSchema: {
    type: 'object',
    properties: {
      intDigits: { type: 'integer', minimum: 1 },
      decimals: { type: 'integer', minimum: 0 },
      allowNegative: { type: 'boolean' },
    },
    required: ['decimals'],
    additionalProperties: false,
  },
});

const xPassword = keyword('x-password', (on: boolean, data: string) => single(on ? passwordRule(data) : null), {
  type: 'string',
  schemaType: 'boolean',
});

const xRadius = keyword('x-radius', (on: boolean, data) => single(on ? radiusRule(data) : null), {
  type: ['number', 'string'],
  schemaType: 'boolean',
});

// Money is integer fen on the wire; in a form, the money widget passes on a typed text that is no
// valid amount (three decimals, a minus sign) so that its reason is the message shown.
const xMoney = keyword('x-money', (on: boolean, data) => single(on ? moneyRule(data) : null), {
  type: ['number', 'string'],
  schemaType: 'boolean',
});

// Tier errors point at the offending cell (`.../<index>/<low|high>`) so forms show them in place.
const xTiered = keyword(
  'x-tiered',
  (on: boolean, data: TierEntry[], cxt) =>
    (on ? validateTiers(data) : []).map(({ index, field, message }) => ({
      message,
      instancePath: `${cxt?.instancePath ?? ''}/${index}/${field}`,
      params: { index, field },
    })),
  { type: 'array', schemaType: 'boolean' },
);

// Rules between fields (cross-field.ts), on the object: each error points at its field and carries
// that field's schema as parentSchema, so the message is titled as the field's own errors are.
const xChecks: FuncKeywordDefinition = {
  keyword: 'x-checks',
  type: 'object',
  schemaType: 'array',
  errors: true,
  validate: function validate(rules: CrossFieldRule[], data: Record<string, unknown>, parentSchema?: AnySchemaObject, cxt?: DataCxt) {
    const found = crossFieldErrors(rules, data);
    (validate as SchemaValidateFunction).errors = found.map(({ field, message }): Partial<ErrorObject> => ({
      keyword: 'x-checks', message, params: { message, field },
      parentSchema: parentSchema?.properties?.[field],
      instancePath: `${cxt?.instancePath ?? ''}/${field}`,
    }));
    return found.length === 0;
  } as SchemaValidateFunction,
};

// Annotation only: per-field message overrides read by messageFor (ajv-errors is not used).
const errorMessage: KeywordDefinition = { keyword: 'errorMessage', schemaType: ['string', 'object'] };

export const huoyunKeywords: KeywordDefinition[] = [xNumber, xPassword, xRadius, xMoney, xTiered, xChecks, errorMessage];

/** Registers every format and keyword (call after ajv-formats so our 'password' wins). */
export function addHuoyunVocabulary<A extends AjvCore>(ajv: A): A {
  for (const [name, test] of Object.entries(huoyunFormats)) ajv.addFormat(name, test);
  for (const def of huoyunKeywords) ajv.addKeyword(def);
  return ajv;
}
