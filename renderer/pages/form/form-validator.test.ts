import { describe, expect, it } from 'vitest';
import { createTransformErrors, huoyunValidator } from './form-validator.ts';
import { buildFormModel } from './form-model.ts';
import { vehiclePage } from './test-page.ts';

const { schema } = buildFormModel(vehiclePage());
const messages = (data: Record<string, unknown>, shown?: (f: string) => boolean) =>
  huoyunValidator.validateFormData(data, schema, undefined, createTransformErrors(schema, shown)).errors.map((e) => [e.property, e.message]);

describe('form validation', () => {
  it('words errors as the server does, titled with the field', () => {
    expect(messages({ vehicleNo: '京A1234', loadWeight: 12345 })).toEqual([
      ['carrierId', '承运商不能为空'],
      ['.vehicleNo', '车牌号：请输入正确的车牌号'],
      ['.loadWeight', '载重：请输入整数部分最多4位、最多2位小数的正数'],
    ]);
    expect(messages({})).toEqual([
      ['vehicleNo', '车牌号不能为空'],
      ['carrierId', '承运商不能为空'],
    ]);
  });

  it('accepts valid data and null in optional fields', () => {
    expect(messages({ vehicleNo: '京A12345', carrierId: 1, loadWeight: null, remark: null })).toEqual([]);
    // As on the server: a nullable enum that does not list null refuses null.
    expect(messages({ vehicleNo: '京A12345', carrierId: 1, status: null })).toEqual([['.status', '状态：请从选项中选择']]);
  });

  it('keeps only the errors of the fields it is told to show', () => {
    expect(messages({ vehicleNo: '京A1234' }, (f) => f === 'vehicleNo')).toEqual([['.vehicleNo', '车牌号：请输入正确的车牌号']]);
  });

  it('words tier errors without the title, for their cell', () => {
    const tiers = { type: 'object', properties: { tiers: { title: '阶梯', type: 'array', 'x-tiered': true } } } as const;
    const errors = huoyunValidator.validateFormData(
      { tiers: [{ scopeType: 1, high: 10 }, { scopeType: 2, low: 12, high: 11 }, { scopeType: 3, low: 11 }] },
      tiers,
      undefined,
      createTransformErrors(tiers),
    );
    expect(errors.errors.map((e) => [e.property, e.message])).toEqual([
      ['.tiers.1.low', '范围设置需连续'],
      ['.tiers.1.high', '上限值需大于下限值'],
    ]);
    expect(errors.errorSchema).toMatchObject({ tiers: { 1: { low: { __errors: ['范围设置需连续'] } } } });
  });
});
