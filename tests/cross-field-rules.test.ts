import { describe, expect, it } from 'vitest';
import { crossFieldErrors, type CrossFieldRule } from '../schemas/keywords/cross-field.ts';
import { validateOrThrow } from '../server/http/validate.ts';
import { createTransformErrors, huoyunValidator } from '../renderer/pages/form/form-validator.ts';

const rules: CrossFieldRule[] = [
  { field: 'tempMax', atLeast: 'tempMin', message: '温度上限不能低于温度下限' },
  { field: 'customerId', requiredWhen: { contractType: 1 }, message: '客户合同须选择客户' },
  { field: 'carrierId', emptyWhen: { contractType: 1 }, message: '客户合同不能选择承运商' },
];
const schema = {
  type: 'object',
  properties: {
    tempMin: { title: '温度下限(℃)', type: ['number', 'null'] },
    tempMax: { title: '温度上限(℃)', type: ['number', 'null'] },
    contractType: { title: '合同类型', type: 'integer' },
    customerId: { title: '客户', type: ['integer', 'null'] },
    carrierId: { title: '承运商', type: ['integer', 'null'] },
  },
  'x-checks': rules,
};

describe('rules between fields', () => {
  it('compares two numbers only when both are given', () => {
    expect(crossFieldErrors(rules, { tempMin: 2, tempMax: -5 })).toEqual([{ field: 'tempMax', message: '温度上限不能低于温度下限' }]);
    expect(crossFieldErrors(rules, { tempMin: -5, tempMax: -5 })).toEqual([]);
    expect(crossFieldErrors(rules, { tempMin: 2 })).toEqual([]);
    expect(crossFieldErrors(rules, { tempMin: 2, tempMax: null })).toEqual([]);
  });

  it('requires or forbids a field by the value of another', () => {
    expect(crossFieldErrors(rules, { contractType: 1 })).toEqual([{ field: 'customerId', message: '客户合同须选择客户' }]);
    expect(crossFieldErrors(rules, { contractType: 1, customerId: 3, carrierId: 4 })).toEqual([{ field: 'carrierId', message: '客户合同不能选择承运商' }]);
    expect(crossFieldErrors(rules, { contractType: 1, customerId: 3, carrierId: null })).toEqual([]);
    expect(crossFieldErrors(rules, { contractType: 2, carrierId: 4 })).toEqual([]);
  });

  it('is a code-100 refusal on the server naming the field in the user\'s words', () => {
    expect(() => validateOrThrow(schema, { tempMin: 2, tempMax: -5 })).toThrow('温度上限不能低于温度下限');
    try {
      validateOrThrow(schema, { contractType: 1, customerId: 3, carrierId: 4 });
      expect.unreachable();
    } catch (e) {
      expect((e as { message: string }).message).toBe('承运商：客户合同不能选择承运商');
      expect((e as { result: { field: string } }).result.field).toBe('carrierId');
    }
  });

  it('shows the same message under the field in a form', () => {
    const found = huoyunValidator.validateFormData({ tempMin: 2, tempMax: -5, contractType: 2 }, schema as never, undefined, createTransformErrors(schema as never)).errors;
    expect(found.map((e) => [e.property, e.message])).toEqual([['.tempMax', '温度上限不能低于温度下限']]);
  });
});
