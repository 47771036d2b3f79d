import { describe, expect, it } from 'vitest';
import { fromShanghaiInput, toShanghaiInput } from './date-time.ts';
import { parseNumberText } from './number-widget.tsx';
import { splitValues } from './value-list-widget.tsx';

describe('field value conversions', () => {
  it('shows epoch ms in Shanghai time and reads it back', () => {
    const ms = Date.UTC(2026, 0, 31, 16, 30, 5); // 2026-02-01 00:30:05 in Shanghai
    expect(toShanghaiInput(ms)).toBe('2026-02-01T00:30:05');
    expect(fromShanghaiInput('2026-02-01T00:30:05')).toBe(ms);
    expect(fromShanghaiInput('2026-02-01T00:30')).toBe(ms - 5000);
    expect(toShanghaiInput(null)).toBe('');
    expect(fromShanghaiInput('2026-02')).toBeUndefined();
  });

  it('turns typed numbers into numbers, leaving the rest for the schema to word', () => {
    expect(parseNumberText('12.5')).toBe(12.5);
    expect(parseNumberText('12.')).toBe(12);
    expect(parseNumberText(' -3 ')).toBe(-3);
    expect(parseNumberText('')).toBeUndefined();
    expect(parseNumberText('1a')).toBe('1a');
    expect(parseNumberText('-')).toBe('-');
  });

  it('splits lists of values the way the multi-query dialog does', () => {
    expect(splitValues('1, 2；3\n4', true)).toEqual([1, 2, 3, 4]);
    expect(splitValues('a;b c', false)).toEqual(['a', 'b', 'c']);
  });
});
