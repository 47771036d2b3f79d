// A meta-schema error said to a configurator in Chinese, naming what is allowed: npm run
// check:schemas and the server's start refusal print these, never ajv's English.
import type { ErrorObject } from 'ajv';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串', number: '数字', integer: '整数', boolean: '布尔值(true/false)', object: '对象({...})', array: '数组([...])', null: 'null',
};

const list = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join('、');

/** The properties a schema object allows, for "不允许的属性" (needs ajv's verbose option). */
function allowedProperties(parent: unknown): string[] {
  const props = (parent as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props).filter((k) => k !== '$schema') : [];
}

export function metaMessage(e: ErrorObject): string {
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'enum': return `取值 ${JSON.stringify(e.data)} 不在允许的值中，应为以下之一: ${list(p.allowedValues ?? [])}`;
    case 'const': return `应为 ${JSON.stringify(p.allowedValue)}`;
    case 'required': return `缺少必填属性: ${p.missingProperty}`;
    case 'additionalProperties': {
      const allowed = allowedProperties(e.parentSchema);
      return `不允许的属性: ${p.additionalProperty}${allowed.length ? `（允许的属性: ${allowed.join('、')}）` : ''}`;
    }
    case 'type': return `类型应为${String(p.type).split(',').map((t) => TYPE_NAMES[t] ?? t).join('或')}`;
    case 'minLength': return p.limit === 1 ? '不能为空' : `长度不能少于${p.limit}个字符`;
    case 'maxLength': return `长度不能超过${p.limit}个字符`;
    case 'minimum': return `不能小于${p.limit}`;
    case 'maximum': return `不能大于${p.limit}`;
    case 'exclusiveMinimum': return `应大于${p.limit}`;
    case 'exclusiveMaximum': return `应小于${p.limit}`;
    case 'minItems': return `至少需要${p.limit}项`;
    case 'maxItems': return `最多${p.limit}项`;
    case 'minProperties': return `至少需要${p.limit}个属性`;
    case 'uniqueItems': return `第${p.j + 1}项与第${p.i + 1}项重复`;
    case 'pattern': return `格式不正确，应匹配 ${p.pattern}`;
    case 'format': return `格式不正确，应为 ${p.format}`;
    case 'anyOf':
    case 'oneOf': return '不符合任何一种允许的写法（见同一位置的其他问题）';
    case 'if': return `不满足条件"${p.failingKeyword}"的要求`;
    case 'not': return '不允许这种写法';
    default: return `不符合元模式的规则 ${e.keyword}`;
  }
}

/** "第3行第5列" of a character offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** A JSON syntax error as line and column, with the line itself, instead of V8's character offset. */
export function jsonSyntaxMessage(text: string, err: Error): string {
  const at = /position (\d+)/.exec(err.message);
  const offset = at ? Number(at[1]) : text.length;
  const { line, column } = lineColumn(text, offset);
  const shown = text.split('\n')[line - 1]?.trim().slice(0, 80) ?? '';
  const what = /Unexpected end/.test(err.message) ? '文件意外结束（缺少 } 或 ]）' : /after property value|after array element/.test(err.message) ? '缺少逗号或括号' : /double-quoted property name/.test(err.message) ? '属性名应使用双引号（或多了一个逗号）' : /Bad control character|Unterminated string/.test(err.message) ? '字符串未正确结束' : '语法错误';
  return `不是有效的JSON: 第${line}行第${column}列${what}${shown ? `: ${shown}` : ''}`;
}
