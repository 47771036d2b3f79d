// The shape check runs on every JSON body before JSON.parse: it must refuse what is too wide or too
// deep, let every real input through, and not be fooled by brackets and commas inside strings.
import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope.ts';
import { checkJsonShape, checkQueryCount, MAX_ARRAY_ITEMS, MAX_DEPTH, MAX_KEYS_PER_OBJECT, MAX_QUERY_PARAMS } from './json-limits.ts';

const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('not refused');
};
const object = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('checkJsonShape', () => {
  it('lets objects, lists and nesting up to the limits through', () => {
    expect(() => checkJsonShape(object(MAX_KEYS_PER_OBJECT))).not.toThrow();
    expect(() => checkJsonShape(JSON.stringify({ ids: Array(MAX_ARRAY_ITEMS).fill(1) }))).not.toThrow();
    expect(() => checkJsonShape(nested(MAX_DEPTH))).not.toThrow();
    expect(() => checkJsonShape('{}')).not.toThrow();
    expect(() => checkJsonShape('[]')).not.toThrow();
  });

  it('refuses one key, item or level more, with the field of a top-level list', () => {
    expect(refusal(() => checkJsonShape(object(MAX_KEYS_PER_OBJECT + 1))).message).toContain('请求体字段过多');
    const items = refusal(() => checkJsonShape(JSON.stringify({ a: 'x', ids: Array(MAX_ARRAY_ITEMS + 1).fill(1) })));
    expect([items.message, items.result]).toEqual([`ids：数组元素过多，不能超过${MAX_ARRAY_ITEMS}个`, { field: 'ids' }]);
    expect(refusal(() => checkJsonShape(nested(MAX_DEPTH + 1))).message).toContain('请求体嵌套过深');
  });

  it('counts nothing inside strings, escaped quotes included', () => {
    const text = '[,,,]{{{'.repeat(2000);
    expect(() => checkJsonShape(JSON.stringify({ remark: text, other: `\\"${text}` }))).not.toThrow();
  });

  it('counts each container on its own', () => {
    const lists = JSON.stringify(Array.from({ length: 100 }, () => Array(MAX_ARRAY_ITEMS / 100).fill(0)));
    expect(() => checkJsonShape(lists)).not.toThrow();
  });
});

describe('checkQueryCount', () => {
  it(`takes up to ${MAX_QUERY_PARAMS} parameters and refuses more`, () => {
    const q = (n: number) => `/api/x?${Array.from({ length: n }, (_, i) => `k${i}=1`).join('&')}`;
    expect(() => checkQueryCount('/api/x')).not.toThrow();
    expect(() => checkQueryCount(q(MAX_QUERY_PARAMS))).not.toThrow();
    expect(refusal(() => checkQueryCount(q(MAX_QUERY_PARAMS + 1))).message).toContain('查询参数过多');
  });
});
