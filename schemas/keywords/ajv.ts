/**
 * The vocabulary as ajv sees it: formats and x-* keywords built from the rule modules, for the
 * server's ajv (`addHuoyunVocabulary`) and for RJSF's validator-ajv8
 * (`customizeValidator({ customFormats: huoyunFormats, ajvOptionsOverrides: { keywords: huoyunKeywords } })`).
 * Errors carry the Chinese message in `params.message`, so it survives any ajv error pipeline.
 * Create instances with `verbose: true`: messageFor reads `parentSchema` for per-field overrides.
 */
import type { Ajv, AnySchemaObject, DataValidationCxt, FuncKeywordDefination } from './ajv-types.ts';
import { formatRules, radiusRule, type FormatName } from './rules.ts';
import { numberRule, type NumberRuleOptions } from './number-rule.ts';
import { passwordRule } from './password.ts';
import { validateTiers, type TierEntry } from './tiered.ts';
export { messageFor } from './messages.ts';

export const huoyunFormats: Record<string, (v: string) => boolean> = {
  ...Object.fromEntries(
    (Object.keys(formatRules) as FormatName[]).map((name) => [name, formatRules[name].test]),
  ),
  // Registered after ajv-formats, this replaces its no-op 'password' format with the real rules.
  password: (v: string) => passwordRule(v) === null,
};

type Check = (schema: any, data: any) => string | null;

/** Wraps a single-message check as an ajv validate function that reports `params.message`. */
function keyword(name: string, check: Check, def: Partial<FuncKeywordDefination>): FuncKeywordDefination {
  const validate = (schema: any, data: any, parentSchema?: AnySchemaObject): boolean => {
    const message = check(schema, data);
    validate.errors = message === null ? [] : [{ keyword: name, message, params: { message }, parentSchema }];
    return message === null;
  };
  validate.errors = [] as NonNullable<FuncKeywordDefination['errors']> extends never ? never : any[];
  return { keyword: name, validate, errors: true, ...def };
}

// Numbers are checked by their shortest decimal form; numeric strings as typed.
const xNumber = keyword(
  'x-number',
  (schema: NumberRuleOptions, data: string | number) => numberRule(schema)(data),
  {
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
  },
);

const xPassword = keyword('x-password', (on: boolean, data: string) => (on ? passwordRule(data) : null), {
  type: 'string',
  schemaType: 'boolean',
});

const xRadius = keyword('x-radius', (on: boolean, data: string | number) => (on ? radiusRule(data) : null), {
  type: ['number', 'string'],
  schemaType: 'boolean',
});

/** Tier errors point at the offending cell (`/<index>/<low|high>`) so forms show them in place. */
function validateTiered(on: boolean, data: TierEntry[], parentSchema?: AnySchemaObject, cxt?: DataValidationCxt): boolean {
  const found = on ? validateTiers(data) : [];
  validateTiered.errors = found.map(({ index, field, message }) => ({
    keyword: 'x-tiered',
    instancePath: `${cxt?.instancePath ?? ''}/${index}/${field}`,
    message,
    params: { message, index, field },
    parentSchema,
  }));
  return found.length === 0;
}
validateTiered.errors = [] as any[];

const xTiered: FuncKeywordDefination = {
  keyword: 'x-tiered', type: 'array', schemaType: 'boolean', errors: true, validate: validateTiered,
};

// Annotation only: holds per-field message overrides read by messageFor (ajv-errors is not used).
const errorMessage: FuncKeywordDefination = { keyword: 'errorMessage', schemaType: ['string', 'object'] };

export const huoyunKeywords = [xNumber, xPassword, xRadius, xTiered, errorMessage];

/** Registers every format and keyword; call after ajv-formats so our 'password' wins. */
export function addHuoyunVocabulary(ajv: Ajv): Ajv {
  for (const [name, test] of Object.entries(huoyunFormats)) ajv.addFormat(name, test);
  for (const def of huoyunKeywords) ajv.addKeyword(def);
  return ajv;
}
