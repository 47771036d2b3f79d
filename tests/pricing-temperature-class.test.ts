// A waybill's 温层 from its required temperature range, as the temperatureClass dictionary describes it.
import { describe, expect, it } from 'vitest';
import { temperatureClassOf } from '../server/domain/settlement/pricing/temperature-class.ts';

const of = (tempMin: number, tempMax: number) => temperatureClassOf({ tempMin, tempMax });

describe('temperatureClassOf', () => {
  it('冷冻 (4) when the upper bound is below 0 ℃', () => {
    expect([of(-25, -18), of(-5, -0.1)]).toEqual([4, 4]);
  });
  it('冷藏 (3) within 0–10 ℃, bounds included', () => {
    expect([of(0, 10), of(2, 8), of(10, 10)]).toEqual([3, 3, 3]);
  });
  it('恒温 (2) within 10–25 ℃', () => {
    expect([of(10, 25), of(15, 20), of(10.5, 25)]).toEqual([2, 2, 2]);
  });
  it('常温 (1) without a range, or for a wider one', () => {
    expect([temperatureClassOf(null), of(-5, 5), of(0, 12), of(18, 30)]).toEqual([1, 1, 1, 1]);
  });
});
