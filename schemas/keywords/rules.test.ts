import { describe, it, expect } from 'vitest';
import { formatRules, radiusRule, REQUIRED_MESSAGE, MAX_RADIUS, DEFAULT_RADIUS, type FormatName } from './rules.ts';
import { idCardCheckChar, isIdCard } from './id-card.ts';

// For each format: values it must accept, values it must reject, and the exact message.
const cases: Record<FormatName, { ok: string[]; bad: string[]; message: string }> = {
  digits: { ok: ['0', '0123', '9'], bad: ['', '12a', '-1', '1.5', '１２'], message: '输入的内容必须由数字组成' },
  positiveInteger: { ok: ['1', '20', '999999'], bad: ['0', '01', '-3', '1.0', ''], message: '请输入正整数' },
  letters: { ok: ['abc', 'ABCxyz'], bad: ['', 'ab1', 'ab c', 'é'], message: '输入的内容必须由字母组成' },
  chinese: { ok: ['货运', '中华人民共和国'], bad: ['', '货运a', '货 运', 'ｈ', '。'], message: '输入的内容必须由中文组成' },
  idCard: {
    ok: ['11010519491231002X', '11010519491231002x', '110105194912310', `${'44030419900307011'}${idCardCheckChar('44030419900307011')}`],
    bad: ['110105194912310021', '11010519491331002X', '1101051949123100', '11010518991231002X', '11010519490230002X', ''],
    message: '输入正确的身份证',
  },
  emails: {
    ok: ['a@b.com', 'a.b+c@d-e.com.cn;x@y.cn', 'a@b.com; c@d.com'],
    bad: ['', 'a@b', 'a@b.com;', ';a@b.com', 'a@b.com;;c@d.com', 'a@b.com,c@d.com', 'ab.com'],
    message: '请输入正确的邮箱',
  },
  mobile: { ok: ['1', '13800138000', '1'.repeat(20)], bad: ['', '1'.repeat(21), '138-0013', '+86138'], message: '请输入正确的手机号码' },
  phone: {
    ok: ['010-12345678', '0755-1234567', '12345678', '021-12345678-123', '13800138000', '400-820-8820', '4008208820'],
    bad: ['', '123', '010-123', '010-12345678-', 'abc', '2380013800'],
    message: '请输入正确的电话号码',
  },
  bankCard: { ok: ['123456789012', '6222021234567890123'], bad: ['12345678901', '62220212345678901234', '6222 0212 3456'], message: '请输入正确的银行卡号' },
  engineNo: { ok: ['A1', 'abc123XYZ', 'X'.repeat(30)], bad: ['', 'X'.repeat(31), 'AB-12', 'AB 12', '发动机1'], message: '请输入正确的发动机号' },
  terminalNo: { ok: ['T0123456789', 'X'.repeat(32)], bad: ['', 'X'.repeat(33), '终端-1', 'T 1'], message: '终端号只能由字母和数字组成' },
  decimal1: { ok: ['1', '0.5', '12.3', '100'], bad: ['0', '0.0', '1.23', '-1', 'abc', '.5', '1.'], message: '请输入最多一位小数的正数' },
  decimal2: { ok: ['1', '0.01', '12.34'], bad: ['0', '0.00', '1.234', '-0.5', ''], message: '请输入最多二位小数的正数' },
  bigDecimal3: {
    ok: ['0', '999999999999.999', '12.5', '1.123'],
    bad: ['1000000000000', '1.1234', '-1', 'x', ''],
    message: '请输入小于1000000000000且最多三位小数的数字',
  },
  decimal7: {
    ok: ['0', '99999999.9999999', '0.1234567'],
    bad: ['100000000', '0.12345678', '-0.1', ''],
    message: '请输入小于100000000且最多七位小数的数字',
  },
  signedDecimal6: { ok: ['0', '-1.123456', '123456789.5', '7'], bad: ['1.1234567', '--1', '+1', '', '1e5'], message: '请输入六位小数' },
  code17: { ok: ['ABCDEFGHIJ1234567', '1'.repeat(17)], bad: ['ABCDEFGHIJ123456', 'abcdefghij1234567', 'A'.repeat(18)], message: '请输入17位数字/大写英文字母' },
  code18: { ok: ['91310000MA1FL8XX3X', 'A'.repeat(18)], bad: ['A'.repeat(17), '91310000ma1fl8xx3x', 'A'.repeat(19)], message: '请输入18位数字/大写英文字母' },
  plateNo: {
    ok: ['京A12345', '粤BD12345', '沪AF1234Z', '苏E12345D', '川A1234挂', '渝AB123C', '琼A1234学', '桂A1234警'],
    bad: ['', 'A12345', '京a12345', '港A12345', '京A1234', '京A1234567', '京AI2345', '京1A2345'],
    message: '请输入正确的车牌号',
  },
  longitude: { ok: ['0', '116.397128', '-180', '180', '-73.5'], bad: ['180.000001', '-181', '116.3971281', 'abc', ''], message: '经度必须为数字值，且最多输入六位小数' },
  latitude: { ok: ['39.916527', '-90', '90', '0.5'], bad: ['90.1', '-91', '39.9165271', 'N39', ''], message: '纬度必须为数字值，且最多输入六位小数' },
  radius: { ok: ['1', '200', '5000'], bad: ['0', '-5', '1.5', ''], message: '半径必须为正整数值' },
  hourMinute: { ok: ['00:00', '08:30', '23:59'], bad: ['8:30', '24:00', '12:60', '0830', '', '12:30:00'], message: '请输入正确的时间，格式为HH:mm' },
};

describe('formatRules', () => {
  it('covers every format name', () => {
    expect(Object.keys(formatRules).sort()).toEqual(Object.keys(cases).sort());
  });
  for (const [name, { ok, bad, message }] of Object.entries(cases)) {
    const rule = formatRules[name as FormatName];
    it(`${name} carries the spec's message`, () => expect(rule.message).toBe(message));
    it.each(ok)(`${name} accepts %j`, (v) => expect(rule.test(v)).toBe(true));
    it.each(bad)(`${name} rejects %j`, (v) => expect(rule.test(v)).toBe(false));
  }
});

describe('idCard details', () => {
  it('computes the GB 11643 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
  });
  it('rejects a birth date after today', () => {
    const first17 = '11010520990101001';
    expect(isIdCard(first17 + idCardCheckChar(first17), new Date('2025-01-01'))).toBe(false);
    expect(isIdCard(first17 + idCardCheckChar(first17), new Date('2100-01-01'))).toBe(true);
  });
});

describe('radiusRule', () => {
  it('exposes the spec constants', () => {
    expect(MAX_RADIUS).toBe(2000);
    expect(DEFAULT_RADIUS).toBe(200);
    expect(REQUIRED_MESSAGE).toBe('内容不能为空');
  });
  it.each([[''], [null], [undefined], ['  ']])('empty %j → required message', (v) => {
    expect(radiusRule(v)).toBe('半径不能为空');
  });
  it.each([['abc'], ['0'], [-5], [1.5], ['12.0']])('%j → integer message', (v) => {
    expect(radiusRule(v)).toBe('半径必须为正整数值');
  });
  it.each([['2001'], [5000]])('%j → max message', (v) => expect(radiusRule(v)).toBe('半径必须小于等于2000'));
  it.each([['1'], [200], ['2000'], [2000]])('%j passes', (v) => expect(radiusRule(v)).toBeNull());
});
