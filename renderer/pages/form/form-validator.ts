// The browser half of "one rule, one message": RJSF validates with the same formats and x-* keywords
// as the server's ajv, and every error is worded by the same messageFor with the same field title,
// so the text under a field is exactly what a code-100 answer would say.
import type { ErrorObject } from 'ajv';
import type { ErrorTransformer, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { errorRank, huoyunFormats, huoyunKeywords, messageFor } from '../../../schemas/keywords/index.ts';

// Like the server (server/http/validate.ts): no ajv-formats, no type coercion, every error reported.
export const huoyunValidator = customizeValidator({
  customFormats: huoyunFormats,
  ajvOptionsOverrides: { keywords: huoyunKeywords, allErrors: true, verbose: true, strict: false, coerceTypes: false },
  ajvFormatOptions: false,
});

type Node = Record<string, any> | undefined;

/** The schema node holding the failing keyword: `#/properties/vehicleNo/format` → properties.vehicleNo. */
function parentOf(root: RJSFSchema, schemaPath: string | undefined): Node {
  const parts = (schemaPath ?? '').replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1);
  let node: Node = root as Node;
  for (const raw of parts) node = node?.[decodeURIComponent(raw.replace(/~1/g, '/').replace(/~0/g, '~'))];
  return node;
}

/** The top-level form field an error belongs to ('.tiers.1.low' → 'tiers'; required errors lack the dot). */
export function fieldOfError(error: RJSFValidationError): string {
  return (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

/** The Chinese message of one RJSF error, titled as the server titles it. */
export function chineseMessage(root: RJSFSchema, error: RJSFValidationError): string {
  const parentSchema = parentOf(root, error.schemaPath);
  const params = (error.params ?? {}) as Record<string, any>;
  const adapted = {
    keyword: error.name ?? '',
    params,
    parentSchema,
    schemaPath: error.schemaPath ?? '',
    instancePath: (error.property ?? '').replace(/\./g, '/'),
    message: error.message,
  } as ErrorObject;
  // Tier errors are shown in the offending cell, where the field's name would only repeat itself.
  if (adapted.keyword === 'x-tiered') return messageFor(adapted);
  const title =
    adapted.keyword === 'required' || adapted.keyword === 'additionalProperties'
      ? parentSchema?.properties?.[params.missingProperty ?? params.additionalProperty]?.title
      : parentSchema?.title;
  return messageFor(adapted, typeof title === 'string' ? title : undefined);
}

/** Where RJSF shows an error ('.loadWeight' and a required 'loadWeight' are the same place). */
const placeOf = (error: RJSFValidationError) => (error.property ?? '').replace(/^\./, '');

/**
 * Words every error in Chinese and keeps only those of fields the user has left (blur) or of every
 * field once a submit was tried, so typing in one field does not flag the empty ones below it.
 * Each place gets one message, the most useful of its errors (errorRank).
 */
export function createTransformErrors(root: RJSFSchema, shown: (field: string) => boolean = () => true): ErrorTransformer {
  return (errors) => {
    const best = new Map<string, RJSFValidationError>();
    for (const e of errors) {
      if (!shown(fieldOfError(e))) continue;
      const place = placeOf(e);
      const kept = best.get(place);
      if (!kept || errorRank({ keyword: e.name ?? '' }) < errorRank({ keyword: kept.name ?? '' })) best.set(place, e);
    }
    return errors
      .filter((e) => best.get(placeOf(e)) === e)
      .map((e) => {
        const message = chineseMessage(root, e);
        return { ...e, message, stack: message };
      });
  };
}
