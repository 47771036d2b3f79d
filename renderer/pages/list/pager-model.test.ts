import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pagerItems } from './pager-model.ts';

describe('pager', () => {
  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(45, 20)).toBe(3);
  });
  it('shows every page up to 7, then first, last and neighbours with gaps', () => {
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'prev-more', 8, 9, 10, 11, 12, 'next-more', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'prev-more', 15, 16, 17, 18, 19, 20]);
  });
  it('clamps a typed page into range', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});
