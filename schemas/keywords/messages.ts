/**
 * Turns any ajv error into the Chinese text shown to users (and put in code-100 responses).
 * Precedence: the schema node's own `errorMessage`, then our vocabulary's message, then a wording
 * of ajv's built-in keyword. Needs ajv `verbose: true` for `parentSchema` (overrides only).
 */
import type { ErrorObject } from 'ajv';
import { formatRules, REQUIRED_MESSAGE, type FormatName } from './rules.ts';
import { PASSWORD_STRENGTH_MESSAGE } from './password.ts';
import { yuanLimitText } from './money.ts';

const GENERIC = '格式不正确';

/**
 * A wrong type said as what to do, in the user's words: "请输入数字", never the schema's "类型错误，应为
 * 数字或空值" (null only means the field may stay empty; object and array are no words for a user).
 */
function typeMessage(type: unknown): string {
  const list = (Array.isArray(type) ? type : String(type).split(',')).filter((t) => t !== 'null');
  if (list.includes('number')) return '请输入数字';
  if (list.includes('integer')) return '请输入整数';
  if (list.includes('string')) return '请输入文字';
  if (list.includes('boolean')) return '请选择是或否';
  if (list.includes('array')) return '请重新选择';
  return GENERIC;
}

/** Our formats' messages, plus 'password' whose detailed reason only x-password can give. */
function formatMessage(format: unknown): string {
  if (format === 'password') return PASSWORD_STRENGTH_MESSAGE;
  const rule = Object.hasOwn(formatRules, String(format)) ? formatRules[format as FormatName] : undefined;
  return rule?.message ?? GENERIC;
}

function builtinMessage(error: ErrorObject): string {
  const p = error.params as Record<string, any>;
  if (typeof p?.message === 'string') return p.message; // x-* keywords
  // A money field's bounds are fen in the schema, and yuan to the user who typed yuan.
  const parent = error.parentSchema as Record<string, unknown> | undefined;
  const money = parent?.['x-money'] === true;
  // A scaled field (x-scale) is stored in small units and typed in big ones: its bounds are said in the big.
  const scale = parent?.['x-scale'] as { factor: number; unit: string } | undefined;
  const limit = typeof p?.limit !== 'number' ? p?.limit
    : money ? yuanLimitText(p.limit)
      : scale ? `${Number((p.limit / scale.factor).toFixed(2))}${scale.unit}` : p.limit;
  switch (error.keyword) {
    case 'format': return formatMessage(p.format);
    case 'required': return REQUIRED_MESSAGE;
    case 'additionalProperties': return '不是可以填写的项目';
    case 'type': return typeMessage(p.type);
    case 'maxLength': return `长度不能超过${p.limit}个字符`;
    case 'minLength': return p.limit === 1 ? REQUIRED_MESSAGE : `长度不能少于${p.limit}个字符`;
    case 'minimum': return `不能小于${limit}`;
    case 'maximum': return `不能大于${limit}`;
    case 'exclusiveMinimum': return `必须大于${limit}`;
    case 'exclusiveMaximum': return `必须小于${limit}`;
    case 'enum': case 'const': return '请从选项中选择';
    case 'maxItems': return `最多${p.limit}项`;
    case 'minItems': return `至少${p.limit}项`;
    default: return GENERIC; // pattern and anything without a better wording
  }
}

function pick(override: unknown, keyword: string): string | undefined {
  if (typeof override === 'string') return override;
  if (override && typeof override === 'object') {
    const value = (override as Record<string, unknown>)[keyword];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * `errorMessage` on the failing node: a string for every keyword, or an object keyed by keyword.
 * A 'required' error belongs to the parent object, so the missing property's own node is consulted
 * first, then the parent's `errorMessage.required` (string, or object keyed by property name).
 */
function overrideFor(error: ErrorObject): string | undefined {
  const parent = error.parentSchema as Record<string, any> | undefined;
  if (!parent) return undefined;
  if (error.keyword === 'required') {
    const prop = String((error.params as { missingProperty?: string }).missingProperty);
    const own = pick(parent.properties?.[prop]?.errorMessage, 'required');
    if (own) return own;
    const byParent = parent.errorMessage?.required;
    if (byParent && typeof byParent === 'object') return typeof byParent[prop] === 'string' ? byParent[prop] : undefined;
    return typeof byParent === 'string' ? byParent : undefined;
  }
  return pick(parent.errorMessage, error.keyword);
}

/**
 * The field's name as a user says it: a label's unit in brackets is left out, "载重(吨)" is 载重
 * (the unit helps in the label, not in "载重：请输入数字").
 */
export function fieldNameOf(title: string): string {
  return title.replace(/\s*[(（][^()（）]*[)）]\s*$/, '') || title;
}

/**
 * With a field title the message names the field, as code-100 responses must: "内容不能为空"
 * becomes "订单号不能为空" (the spec's own wording, e.g. '经度不能为空'); a message that starts with
 * the name stays as it is; others get "名称：" ("车牌号：请输入正确的车牌号").
 */
export function messageFor(error: ErrorObject, fieldTitle?: string): string {
  const message = overrideFor(error) ?? builtinMessage(error);
  if (!fieldTitle) return message;
  const name = fieldNameOf(fieldTitle);
  if (message.startsWith(name)) return message;
  if (message.startsWith('内容')) return name + message.slice(2);
  return `${name}：${message}`;
}

/**
 * Which of a field's errors its one message is: what to type first (missing, wrong type), then the
 * field's own rule (its format, x-* keyword or errorMessage), then generic bounds. One field, one
 * message: "载重：不能小于0" beside "载重：请输入…正数" said the same thing twice.
 */
export function errorRank(error: Pick<ErrorObject, 'keyword'> & { parentSchema?: unknown }): number {
  const k = error.keyword;
  if (k === 'required') return 0;
  if (k === 'type') return 1;
  if (k === 'format' || k.startsWith('x-') || k === 'errorMessage') return 2;
  if (k === 'minLength' || k === 'maxLength') return 3;
  return 4;
}
