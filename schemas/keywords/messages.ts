/**
 * Turns any ajv error into the Chinese text shown to users (and put in code-100 responses).
 * Precedence: the schema node's own `errorMessage`, then our vocabulary's message, then a wording
 * of ajv's built-in keyword. Needs ajv `verbose: true` for `parentSchema` (overrides only).
 */
import type { ErrorObject } from 'ajv';
import { formatRules, REQUIRED_MESSAGE, type FormatName } from './rules.ts';
import { PASSWORD_STRENGTH_MESSAGE } from './password.ts';

const GENERIC = '格式不正确';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串', number: '数字', integer: '整数', boolean: '布尔值', object: '对象', array: '数组', null: '空值',
};

function typeNames(type: unknown): string {
  const list = Array.isArray(type) ? type : String(type).split(',');
  return list.map((t) => TYPE_NAMES[t] ?? String(t)).join('或');
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
  switch (error.keyword) {
    case 'format': return formatMessage(p.format);
    case 'required': return REQUIRED_MESSAGE;
    case 'additionalProperties': return '不允许的字段';
    case 'type': return `类型错误，应为${typeNames(p.type)}`;
    case 'maxLength': return `长度不能超过${p.limit}个字符`;
    case 'minLength': return p.limit === 1 ? REQUIRED_MESSAGE : `长度不能少于${p.limit}个字符`;
    case 'minimum': return `不能小于${p.limit}`;
    case 'maximum': return `不能大于${p.limit}`;
    case 'exclusiveMinimum': return `必须大于${p.limit}`;
    case 'exclusiveMaximum': return `必须小于${p.limit}`;
    case 'enum': return '取值不在允许范围内';
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
 * With a field title the message names the field, as code-100 responses must: "内容不能为空"
 * becomes "订单号不能为空" (the spec's own wording, e.g. '经度不能为空'); others get "标题：".
 */
export function messageFor(error: ErrorObject, fieldTitle?: string): string {
  const message = overrideFor(error) ?? builtinMessage(error);
  if (!fieldTitle || message.startsWith(fieldTitle)) return message;
  if (message.startsWith('内容')) return fieldTitle + message.slice(2);
  return `${fieldTitle}：${message}`;
}
