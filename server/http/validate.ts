// Request validation with the shared vocabulary of schemas/keywords: the same rules and Chinese
// messages the renderer's forms use. The first error names the field and validation stops there:
// collecting every error (allErrors) made a body of 200,000 bad items cost seconds, and the browser
// runs the same schema with every error before it sends anything.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { addHuoyunVocabulary, messageFor } from '../../schemas/keywords/index.ts';
import { invalid } from './envelope.ts';

export function createAjv(): Ajv {
  return addHuoyunVocabulary(new Ajv({ allErrors: false, verbose: true, strict: false, coerceTypes: false }));
}

const shared = createAjv();
const compiled = new WeakMap<object, ValidateFunction>();

export interface FieldError {
  field: string;
  message: string;
}

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  if (error.keyword === 'required') return [path, error.params.missingProperty].filter(Boolean).join('.');
  if (error.keyword === 'additionalProperties') {
    return [path, error.params.additionalProperty].filter(Boolean).join('.');
  }
  return path;
}

function titleOf(error: ErrorObject, root: object): string | undefined {
  if (error.keyword === 'required' || error.keyword === 'additionalProperties') {
    const props = (error.parentSchema as { properties?: Record<string, { title?: string }> })?.properties;
    const name = error.params.missingProperty ?? error.params.additionalProperty;
    return props?.[name]?.title;
  }
  void root;
  return (error.parentSchema as { title?: string } | undefined)?.title;
}

export function describeErrors(errors: ErrorObject[], schema: object): FieldError[] {
  return errors.map((e) => {
    const field = fieldOf(e);
    const title = titleOf(e, schema);
    // messageFor puts the title in front itself; without a title the field name stands in.
    return { field, message: title ? messageFor(e, title) : `${field || '请求体'}：${messageFor(e)}` };
  });
}

/** Validates and returns the typed value, or throws code 100 naming the first bad field. */
export function validateOrThrow<T>(schema: object, value: unknown): T {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = shared.compile(schema);
    compiled.set(schema, fn);
  }
  if (fn(value)) return value as T;
  const errors = describeErrors(fn.errors ?? [], schema);
  throw invalid(errors[0]?.message ?? '参数错误', { field: errors[0]?.field, errors });
}
