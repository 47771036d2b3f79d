import { describe, expect, it } from 'vitest';
import { DATE_SHORTCUTS, dayRange, formatDateTime, fromDateText, lastN, monthRange, pastN, toDateText, yearRange } from './date-shortcuts.ts';

// 2026-03-01 02:30 in Shanghai is still 2026-02-28 in UTC: the helpers must use Shanghai days.
const now = Date.UTC(2026, 1, 28, 18, 30);
const text = ([from, to]: [number, number]) => `${formatDateTime(from)} ~ ${formatDateTime(to)}`;

describe('date shortcuts (Asia/Shanghai)', () => {
  it('days: this, last, next, last N, past N', () => {
    expect(text(dayRange(0, now))).toBe('2026-03-01 00:00:00 ~ 2026-03-01 23:59:59');
    expect(text(dayRange(-1, now))).toBe('2026-02-28 00:00:00 ~ 2026-02-28 23:59:59');
    expect(text(dayRange(1, now))).toBe('2026-03-02 00:00:00 ~ 2026-03-02 23:59:59');
    expect(text(lastN('day', 7, now))).toBe('2026-02-23 00:00:00 ~ 2026-03-01 23:59:59');
    expect(text(pastN('day', 7, now))).toBe('2026-02-22 00:00:00 ~ 2026-02-28 23:59:59');
  });

  it('months and years', () => {
    expect(text(monthRange(0, now))).toBe('2026-03-01 00:00:00 ~ 2026-03-31 23:59:59');
    expect(text(monthRange(-1, now))).toBe('2026-02-01 00:00:00 ~ 2026-02-28 23:59:59');
    expect(text(lastN('month', 3, now))).toBe('2026-01-01 00:00:00 ~ 2026-03-31 23:59:59');
    expect(text(pastN('year', 2, now))).toBe('2024-01-01 00:00:00 ~ 2025-12-31 23:59:59');
    expect(text(yearRange(0, now))).toBe('2026-01-01 00:00:00 ~ 2026-12-31 23:59:59');
    expect(text(yearRange(-1, now))).toBe('2025-01-01 00:00:00 ~ 2025-12-31 23:59:59');
  });

  it('offers the usual shortcuts', () => {
    const labels = DATE_SHORTCUTS.map((s) => s.label);
    for (const l of ['今天', '昨天', '最近7天', '最近30天', '本月', '上月', '今年', '去年']) expect(labels).toContain(l);
  });

  it('reads and writes date inputs as Shanghai days', () => {
    expect(toDateText(now)).toBe('2026-03-01');
    expect(fromDateText('2026-03-01')).toBe(dayRange(0, now)[0]);
    expect(fromDateText('')).toBeNull();
    expect(toDateText(null)).toBe('');
  });
});
