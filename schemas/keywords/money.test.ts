import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { addHuoyunVocabulary, messageFor } from './ajv.ts';
import { fenToYuan, formatYuan, MAX_FEN, MONEY_MESSAGES, parseYuan } from './money.ts';

describe('yuan text → fen', () => {
  it('reads whole yuan, one and two decimals, and zero', () => {
    expect(parseYuan('0')).toEqual({ fen: 0 });
    expect(parseYuan('0.00')).toEqual({ fen: 0 });
    expect(parseYuan('0.01')).toEqual({ fen: 1 });
    expect(parseYuan('1234.5')).toEqual({ fen: 123450 });
    expect(parseYuan('1234.56')).toEqual({ fen: 123456 });
    expect(parseYuan('12')).toEqual({ fen: 1200 });
    expect(parseYuan('12.')).toEqual({ fen: 1200 });
    expect(parseYuan('.5')).toEqual({ fen: 50 });
    expect(parseYuan('007.10')).toEqual({ fen: 710 });
  });

  it('is exact where a float times 100 is not', () => {
    // 0.29 * 100 = 28.999999999999996, 1.15 * 100 = 114.99999999999999, 0.1 + 0.2 = 0.30000000000000004
    expect(parseYuan('0.29')).toEqual({ fen: 29 });
    expect(parseYuan('1.15')).toEqual({ fen: 115 });
    expect(parseYuan('4.35')).toEqual({ fen: 435 });
    expect(parseYuan('0.3')).toEqual({ fen: 30 });
    expect(parseYuan(String(0.1 + 0.2))).toEqual({ message: MONEY_MESSAGES.decimals });
    for (let fen = 0; fen <= 100_000; fen += 97) expect(parseYuan(fenToYuan(fen)).fen).toBe(fen);
  });

  it('accepts what users paste: ¥, 元, thousands commas, spaces', () => {
    expect(parseYuan(' ¥1,234.50 ')).toEqual({ fen: 123450 });
    expect(parseYuan('￥12')).toEqual({ fen: 1200 });
    expect(parseYuan('1,234,567.8元')).toEqual({ fen: 123456780 });
    expect(parseYuan('')).toEqual({ fen: null });
    expect(parseYuan('   ')).toEqual({ fen: null });
  });

  it('refuses negatives, three decimals, misplaced commas and text', () => {
    expect(parseYuan('-1')).toEqual({ message: MONEY_MESSAGES.negative });
    expect(parseYuan('-0.01')).toEqual({ message: MONEY_MESSAGES.negative });
    expect(parseYuan('1.005')).toEqual({ message: MONEY_MESSAGES.decimals });
    expect(parseYuan('12,34')).toEqual({ message: MONEY_MESSAGES.notAmount });
    expect(parseYuan('1e3')).toEqual({ message: MONEY_MESSAGES.notAmount });
    expect(parseYuan('一百')).toEqual({ message: MONEY_MESSAGES.notAmount });
    expect(parseYuan('1.2.3')).toEqual({ message: MONEY_MESSAGES.notAmount });
    expect(parseYuan('¥')).toEqual({ message: MONEY_MESSAGES.notAmount });
    expect(parseYuan("1'; drop table contracts;--")).toEqual({ message: MONEY_MESSAGES.notAmount });
  });

  it('reads up to the largest exact amount and refuses one fen more', () => {
    expect(parseYuan('90071992547409.91')).toEqual({ fen: MAX_FEN });
    expect(parseYuan('90071992547409.92')).toEqual({ message: MONEY_MESSAGES.tooLarge });
    expect(parseYuan('1' + '0'.repeat(30))).toEqual({ message: MONEY_MESSAGES.tooLarge });
  });
});

describe('fen → yuan text', () => {
  it('writes two decimals, thousands commas in lists, and the sign first', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(123450)).toBe('1234.50');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(123450)).toBe('¥1,234.50');
    expect(formatYuan(100_000_000)).toBe('¥1,000,000.00');
    expect(formatYuan(-123450)).toBe('-¥1,234.50');
    expect(formatYuan(MAX_FEN)).toBe('¥90,071,992,547,409.91');
  });

  it('refuses what is not a whole number of fen', () => {
    expect(() => fenToYuan(0.5)).toThrow();
    expect(() => fenToYuan(MAX_FEN + 1)).toThrow();
    expect(() => fenToYuan(Number.NaN)).toThrow();
  });
});

describe('x-money keyword', () => {
  const ajv = addHuoyunVocabulary(new Ajv({ allErrors: true, verbose: true, strict: false }));
  const schema = { title: '合同金额(元)', type: 'integer', minimum: 0, maximum: 999999999999, 'x-money': true };
  const check = ajv.compile({ type: 'object', properties: { amount: schema } });
  const formCheck = ajv.compile({ type: 'object', properties: { amount: { ...schema, type: ['integer', 'string'] } } });
  const messages = (validate: typeof check, amount: unknown) => {
    validate({ amount });
    return (validate.errors ?? []).map((e) => messageFor(e, '合同金额(元)'));
  };

  it('takes integer fen and says bounds in yuan', () => {
    expect(messages(check, 123450)).toEqual([]);
    expect(messages(check, 1e12)).toEqual(['合同金额：不能大于9,999,999,999.99元']);
    expect(messages(check, -1)).toEqual(['合同金额：不能小于0.00元']);
    expect(messages(check, 12.5)).toContain('合同金额：请输入整数');
  });

  it('words a typed text that is no amount by its reason', () => {
    expect(messages(formCheck, '12.345')).toEqual(['合同金额：最多两位小数']);
    expect(messages(formCheck, '-3')).toEqual(['合同金额：不能为负数']);
    expect(messages(formCheck, 'abc')).toEqual([`合同金额：${MONEY_MESSAGES.notAmount}`]);
  });
});
