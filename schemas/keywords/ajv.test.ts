import { describe, it, expect } from 'vitest';
import Ajv, { type ErrorObject } from 'ajv';
import { addHuoyunVocabulary, huoyunFormats, huoyunKeywords, messageFor } from './ajv.ts';
import { formatRules } from './rules.ts';

const ajv = addHuoyunVocabulary(new Ajv({ allErrors: true, verbose: true }));

const validate = ajv.compile({
  type: 'object',
  required: ['orderNo', 'plateNo'],
  additionalProperties: false,
  properties: {
    orderNo: { type: 'string', minLength: 1, maxLength: 5 },
    plateNo: { type: 'string', format: 'plateNo' },
    idCard: { type: 'string', format: 'idCard', errorMessage: '请核对身份证号' },
    weight: { type: ['number', 'string'], 'x-number': { intDigits: 4, decimals: 2 } },
    password: { type: 'string', 'x-password': true },
    radius: { 'x-radius': true },
    tiers: { type: 'array', 'x-tiered': true },
    count: { type: 'integer', minimum: 1, maximum: 9 },
    rate: { type: 'number', exclusiveMinimum: 0 },
    kind: { enum: ['a', 'b'] },
    tags: { type: 'array', maxItems: 2 },
    code: { type: 'string', pattern: '^[A-Z]+$', minLength: 3 },
  },
});

function messages(data: unknown): Record<string, string> {
  validate(data);
  const out: Record<string, string> = {};
  for (const e of validate.errors ?? []) {
    const key = e.keyword === 'required' ? `/${e.params.missingProperty}` : e.instancePath;
    out[key] = messageFor(e);
  }
  return out;
}

describe('ajv vocabulary', () => {
  it('registers a format for every rule plus password, and every keyword', () => {
    expect(Object.keys(huoyunFormats)).toEqual([...Object.keys(formatRules), 'password']);
    expect(huoyunKeywords.map((k) => k.keyword)).toEqual(['x-number', 'x-password', 'x-radius', 'x-money', 'x-tiered', 'x-checks', 'errorMessage']);
    expect(huoyunFormats.password('abcd1234')).toBe(true);
    expect(huoyunFormats.password('abcdefgh')).toBe(false);
  });

  it('accepts valid data', () => {
    const ok = {
      orderNo: 'A1', plateNo: '京A12345', idCard: '11010519491231002X', weight: 1234.56, password: 'abc123!@',
      radius: 200, tiers: [{ scopeType: 1, high: 10 }, { scopeType: 3, low: 10 }], count: 3, rate: 0.5,
      kind: 'a', tags: ['x'], code: 'ABC',
    };
    expect(validate(ok), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...ok, weight: '12.5' })).toBe(true);
  });

  it('turns every error into Chinese', () => {
    expect(messages({
      orderNo: 'ABCDEF', plateNo: '京A1234', idCard: '123', weight: '12345', password: 'abcdefgh', radius: 2001,
      tiers: [{ scopeType: 1, high: 10 }, { scopeType: 2, low: 12, high: 11 }, { scopeType: 3, low: 11 }],
      count: 0, rate: 0, kind: 'c', tags: [1, 2, 3], code: 'ab', extra: 1,
    })).toEqual({
      '': '不是可以填写的项目',
      '/orderNo': '长度不能超过5个字符',
      '/plateNo': '请输入正确的车牌号',
      '/idCard': '请核对身份证号',
      '/weight': '请输入整数部分最多4位、最多2位小数的正数',
      '/password': '密码强度不符合要求',
      '/radius': '半径必须小于等于2000',
      '/tiers/1/low': '范围设置需连续',
      '/tiers/1/high': '上限值需大于下限值',
      '/count': '不能小于1',
      '/rate': '必须大于0',
      '/kind': '请从选项中选择',
      '/tags': '最多2项',
      '/code': '格式不正确', // pattern is reported after minLength on the same path
    });
  });

  it('words required, minLength 1, type, maximum and pattern', () => {
    const all = (data: unknown) => { validate(data); return (validate.errors ?? []).map((e) => messageFor(e)); };
    expect(all({ plateNo: '京A12345' })).toEqual(['内容不能为空']);
    expect(all({ orderNo: '', plateNo: '京A12345' })).toEqual(['内容不能为空']);
    expect(all({ orderNo: 5, plateNo: '京A12345', count: 10, code: 'abc' })).toEqual([
      '请输入文字', '不能大于9', '格式不正确',
    ]);
    expect(all({ orderNo: 'A', plateNo: '京A12345', weight: true })).toEqual(['请输入数字']);
    expect(all({ orderNo: 'A', plateNo: '京A12345', radius: '' })).toEqual(['半径不能为空']);
    expect(all({ orderNo: 'A', plateNo: '京A12345', password: 'abc 1234' })).toEqual(['密码不能包含空格']);
  });

  it('names the field when given a title, and honours errorMessage overrides', () => {
    const v = ajv.compile({
      type: 'object',
      required: ['lng', 'lat', 'remark'],
      errorMessage: { required: { lat: '请填写纬度' } },
      properties: {
        lng: { type: 'string', format: 'longitude', errorMessage: { required: '经度不能为空' } },
        lat: { type: 'string', format: 'latitude' },
        remark: { type: 'string', maxLength: 256 },
      },
    });
    v({});
    const [lng, lat, remark] = v.errors as ErrorObject[];
    expect(messageFor(lng)).toBe('经度不能为空');
    expect(messageFor(lat)).toBe('请填写纬度');
    expect(messageFor(remark, '处理意见')).toBe('处理意见不能为空');
    v({ lng: '200', lat: '1', remark: 'x'.repeat(257) });
    expect(v.errors!.map((e) => messageFor(e, e.instancePath === '/lng' ? '经度' : '处理意见'))).toEqual([
      '经度必须为数字值，且最多输入六位小数', // already names the field: no prefix
      '处理意见：长度不能超过256个字符',
    ]);
  });

  it('falls back for unknown formats and keywords', () => {
    const e = { keyword: 'format', params: { format: 'date-time' }, instancePath: '', schemaPath: '' } as ErrorObject;
    expect(messageFor(e)).toBe('格式不正确');
    expect(messageFor({ ...e, keyword: 'oneOf', params: {} })).toBe('格式不正确');
    expect(messageFor({ ...e, params: { format: 'password' } })).toBe('密码强度不符合要求');
  });

  it('rejects a malformed x-number schema at compile time', () => {
    expect(() => ajv.compile({ 'x-number': { intDigits: 2 } })).toThrow();
  });
});
