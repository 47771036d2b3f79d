import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './dates/calendar-zh.ts';
import { fromPickerDay, toPickerDay } from './dates/shanghai-day.ts';
import { parseTime } from './dates/time-input.tsx';
import { parseNumberText, scaledValue } from './number-widget.tsx';
import { splitValues } from './value-list-widget.tsx';

describe('field value conversions', () => {
  it('shows epoch ms as its Shanghai day and reads a picked day and time back', () => {
    const ms = Date.UTC(2026, 0, 31, 16, 30, 5); // 2026-02-01 00:30:05 in Shanghai
    expect(formatDay(toPickerDay(ms))).toBe('2026-02-01');
    expect(fromPickerDay(parseDay('2026-02-01')!, 0, 30, 5)).toBe(ms);
    expect(toPickerDay(null)).toBeNull();
  });

  it('reads the ways people type a day and a 24-hour time', () => {
    for (const text of ['2026-11-05', '2026/11/5', '2026.11.05', '2026年11月5日', '20261105']) expect(formatDay(parseDay(text))).toBe('2026-11-05');
    for (const text of ['2026-02-30', '2026-13-01', '11/05/2026', '']) expect(parseDay(text)).toBeNull();
    expect(parseTime('08:30')).toEqual({ h: 8, mi: 30, s: 0 });
    expect(parseTime('8:30:15')).toEqual({ h: 8, mi: 30, s: 15 });
    expect(parseTime('1730')).toEqual({ h: 17, mi: 30, s: 0 });
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('8:30 PM')).toBeNull();
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
  it('turns minutes typed in a scaled field (x-scale) into whole milliseconds', () => {
    expect(scaledValue('30', 60_000)).toBe(1_800_000);
    expect(scaledValue('1.5', 60_000)).toBe(90_000);
    expect(scaledValue('', 60_000)).toBeUndefined();
    expect(scaledValue('三十', 60_000)).toBe('三十');
    expect(scaledValue('12')).toBe(12);
  });
});
