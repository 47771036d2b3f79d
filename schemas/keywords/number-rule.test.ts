import { describe, it, expect } from 'vitest';
import { numberRule, numberRuleMessage, parseDecimal, plainNumberString } from './number-rule.ts';

describe('numberRule', () => {
  it('builds the messages from the configuration', () => {
    expect(numberRuleMessage({ intDigits: 5, decimals: 2, allowNegative: true })).toBe('请输入整数部分最多5位、最多2位小数的数字');
    expect(numberRuleMessage({ intDigits: 5, decimals: 2 })).toBe('请输入整数部分最多5位、最多2位小数的正数');
    expect(numberRuleMessage({ intDigits: 4, decimals: 0 })).toBe('请输入最多4位整数');
    expect(numberRuleMessage({ intDigits: 4, decimals: 0, allowNegative: true })).toBe('请输入最多4位整数');
  });

  const signed = numberRule({ intDigits: 3, decimals: 2, allowNegative: true });
  it.each(['0', '999.99', '-999.99', '-0.5', 12.5, -3, 0])('signed 3.2 accepts %j', (v) => expect(signed(v)).toBeNull());
  it.each(['1000', '1.234', '', 'abc', '+1', '1.', '.5', '01', '1e2', NaN, Infinity, 1.005e3])(
    'signed 3.2 rejects %j',
    (v) => expect(signed(v)).toBe('请输入整数部分最多3位、最多2位小数的数字'),
  );

  const unsigned = numberRule({ intDigits: 3, decimals: 2 });
  it('unsigned rejects minus with the 正数 message', () => {
    expect(unsigned('-1')).toBe('请输入整数部分最多3位、最多2位小数的正数');
    expect(unsigned(-1)).toBe('请输入整数部分最多3位、最多2位小数的正数');
    expect(unsigned('12.3')).toBeNull();
  });

  const integer = numberRule({ intDigits: 4, decimals: 0 });
  it('decimals 0 means integers only', () => {
    expect(integer('1234')).toBeNull();
    expect(integer(1234)).toBeNull();
    expect(integer('12.5')).toBe('请输入最多4位整数');
    expect(integer('12345')).toBe('请输入最多4位整数');
  });

  it('without intDigits the integer part is unlimited', () => {
    expect(numberRule({ decimals: 1 })('123456789012345678901.5')).toBeNull();
  });
});

describe('number parsing', () => {
  it('expands exponent notation exactly', () => {
    expect(plainNumberString(1e-7)).toBe('0.0000001');
    expect(plainNumberString(1.5e-7)).toBe('0.00000015');
    expect(plainNumberString(1e21)).toBe('1000000000000000000000');
    expect(plainNumberString(-2.5e22)).toBe('-25000000000000000000000');
    expect(plainNumberString(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(plainNumberString(NaN)).toBeNull();
  });
  it('splits sign, integer and fraction', () => {
    expect(parseDecimal('-12.50')).toEqual({ negative: true, intPart: '12', fracPart: '50' });
    expect(parseDecimal(7)).toEqual({ negative: false, intPart: '7', fracPart: '' });
    expect(parseDecimal('1,000')).toBeNull();
  });
  it('a 7-decimal tiny number is measured by its real decimals', () => {
    expect(numberRule({ decimals: 7 })(1e-7)).toBeNull();
    expect(numberRule({ decimals: 6 })(1e-7)).not.toBeNull();
  });
});
