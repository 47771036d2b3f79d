import { describe, it, expect } from 'vitest';
import { validateTiers, addTier, removeTier, resetTiers, TIER_SHAPE, type TierEntry } from './tiered.ts';

const good: TierEntry[] = [
  { scopeType: 1, high: 10 },
  { scopeType: 2, low: 10, high: 20 },
  { scopeType: 3, low: 20 },
];

describe('validateTiers', () => {
  it('accepts a continuous range', () => {
    expect(validateTiers(good)).toEqual([]);
    expect(validateTiers([{ scopeType: 1, high: 5 }, { scopeType: 3, low: 5 }])).toEqual([]);
  });
  it('upper must be above lower', () => {
    const tiers: TierEntry[] = [{ scopeType: 1, high: 10 }, { scopeType: 2, low: 10, high: 10 }, { scopeType: 3, low: 10 }];
    expect(validateTiers(tiers)).toEqual([{ index: 1, field: 'high', message: '上限值需大于下限值' }]);
  });
  it('upper must be greater than the previous row', () => {
    const tiers: TierEntry[] = [{ scopeType: 1, high: 10 }, { scopeType: 2, low: 3, high: 8 }, { scopeType: 3, low: 8 }];
    expect(validateTiers(tiers)).toEqual([
      { index: 1, field: 'low', message: '范围设置需连续' },
      { index: 1, field: 'high', message: '需大于上一项的值' },
    ]);
  });
  it('lower must equal the previous upper', () => {
    const tiers: TierEntry[] = [{ scopeType: 1, high: 10 }, { scopeType: 2, low: 12, high: 20 }, { scopeType: 3, low: 25 }];
    expect(validateTiers(tiers)).toEqual([
      { index: 1, field: 'low', message: '范围设置需连续' },
      { index: 2, field: 'low', message: '范围设置需连续' },
    ]);
  });
  it('reports missing bounds as required', () => {
    expect(validateTiers(resetTiers())).toEqual([
      { index: 0, field: 'high', message: '内容不能为空' },
      { index: 1, field: 'low', message: '内容不能为空' },
    ]);
  });
  it('rejects a wrong shape', () => {
    expect(validateTiers([{ scopeType: 1, high: 1 }])).toEqual([{ index: 0, field: 'high', message: TIER_SHAPE }]);
    expect(validateTiers([{ scopeType: 2, low: 0, high: 1 }, { scopeType: 3, low: 1 }])[0].message).toBe(TIER_SHAPE);
  });
});

describe('tier helpers', () => {
  it('resetTiers gives the first and last entries', () => {
    expect(resetTiers()).toEqual([{ scopeType: 1 }, { scopeType: 3 }]);
  });
  it('addTier inserts a type 2 entry before the last, starting at the previous high', () => {
    const before: TierEntry[] = [{ scopeType: 1, high: 10 }, { scopeType: 3, low: 10 }];
    const after = addTier(before);
    expect(after).toEqual([{ scopeType: 1, high: 10 }, { scopeType: 2, low: 10 }, { scopeType: 3, low: 10 }]);
    expect(before).toHaveLength(2); // pure
    expect(addTier(good)[2]).toEqual({ scopeType: 2, low: 20 });
  });
  it('removeTier refuses the first and last entries', () => {
    expect(removeTier(good, 0)).toBe(good);
    expect(removeTier(good, 2)).toBe(good);
    expect(removeTier(good, 9)).toBe(good);
    expect(removeTier(good, 1)).toEqual([good[0], good[2]]);
    expect(good).toHaveLength(3);
  });
});
