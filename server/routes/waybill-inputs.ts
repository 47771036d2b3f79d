// Input schemas shared by the waybill routes: every POST body is closed (additionalProperties:
// false), every property has its Chinese title, every string is bounded. Actions carry the id
// and the version the user read.
import { UPLOAD_MAX_FILES } from '../../schemas/keywords/index.ts';

const MAX_ID = Number.MAX_SAFE_INTEGER;
export const idOf = (title: string) => ({ title, type: 'integer', minimum: 1, maximum: MAX_ID });
export const ID = idOf('运单ID');
export const VERSION = { title: '版本号', type: 'integer', minimum: 1, maximum: MAX_ID };

/** Free text up to `max` characters (the spec's opinions and reasons: 256). */
export const text = (title: string, max = 256) => ({ title, type: 'string', maxLength: max });
/** Required free text: blank is refused as empty. */
export const requiredText = (title: string, max = 256) => ({ ...text(title, max), pattern: '\\S', errorMessage: { pattern: `${title}不能为空` } });

/** Quantities: not negative, below 10^12, at most three decimals (spec section 5). */
export const quantity = (title: string) => ({ title, type: 'number', minimum: 0, 'x-number': { intDigits: 12, decimals: 3 } });

export const goodsList = (title: string) => ({
  title,
  type: 'array',
  minItems: 1,
  maxItems: 500,
  items: {
    title,
    type: 'object',
    additionalProperties: false,
    required: ['goodsId', 'quantity'],
    properties: { goodsId: idOf('货物'), quantity: quantity('数量') },
  },
});

/** An epoch-ms time given instead of now (never in the future: checked by the action). */
export const pastTime = (title: string) => ({ title, type: 'integer', minimum: 0, maximum: 253402300799999 });

export const FILE_IDS = {
  title: '回单文件',
  type: 'array',
  minItems: 1,
  maxItems: UPLOAD_MAX_FILES,
  items: { title: '回单文件', type: 'string', maxLength: 64, pattern: '^[0-9a-fA-F-]{1,64}$' },
};

/** {id, version, ...fields}: the body of every waybill write. */
export function writeInput(properties: Record<string, object> = {}, required: string[] = []) {
  return { type: 'object', additionalProperties: false, required: ['id', 'version', ...required], properties: { id: ID, version: VERSION, ...properties } };
}

/** {id}: the body of the "before" calls. */
export const idInput = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: ID } };

/** ?id= of the GET reads. */
export const idQuery = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title: '运单ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } };
