import { describe, expect, it } from 'vitest';
import { freeTextGoodsAllowed, lineVolume, lineWeight } from './goods-amounts.ts';

describe('goods line amounts from the catalogue', () => {
  it('converts kilograms and cubic metres into the corporation units, to three decimals', () => {
    expect(lineWeight(30, 20, '吨')).toBe(0.6);
    expect(lineWeight(30, 20, '千克')).toBe(600);
    expect(lineWeight(3, 0.3333, '吨')).toBe(0.001);
    expect(lineVolume(4, 0.0025, '立方米')).toBe(0.01);
    expect(lineVolume(2, 0.05, '升')).toBe(100);
  });

  it('gives nothing without a per-unit figure or for a unit it cannot convert', () => {
    expect(lineWeight(3, null, '吨')).toBeNull();
    expect(lineWeight(3, 20, '担')).toBeNull();
    expect(lineVolume(3, undefined, '立方米')).toBeNull();
  });

  it('allows hand-typed lines unless goodsSetting.freeText is 0', () => {
    expect(freeTextGoodsAllowed({})).toBe(true);
    expect(freeTextGoodsAllowed({ goodsSetting: {} })).toBe(true);
    expect(freeTextGoodsAllowed({ goodsSetting: { freeText: 1 } })).toBe(true);
    expect(freeTextGoodsAllowed({ goodsSetting: { freeText: 0 } })).toBe(false);
  });
});
