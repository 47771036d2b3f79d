// The auto-stowage packer (first-fit-decreasing over weight and volume) for any items and vehicles:
// no vehicle loaded past the rate in either dimension or past the order limit, every order placed at
// most once (and either placed or left over), the same answer for the same input in any order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { packFirstFitDecreasing, type PackBin, type PackItem } from '../server/domain/orders/stowage/auto-pack.ts';

const items = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), weight: fc.double({ min: 0, max: 20, noNaN: true }), volume: fc.double({ min: 0, max: 60, noNaN: true }) }),
  { selector: (i) => i.id, maxLength: 40 });
const bins = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1000 }), weight: fc.option(fc.double({ min: 0.5, max: 30, noNaN: true })), volume: fc.option(fc.double({ min: 1, max: 90, noNaN: true })) }),
  { selector: (b) => b.id, maxLength: 8 });
const limits = fc.record({ maxItems: fc.integer({ min: 1, max: 6 }), maxRate: fc.double({ min: 10, max: 100, noNaN: true }) });

const rate = (load: number, cap: number | null) => (cap ? Math.round((load / cap) * 1000) / 10 : 0);

describe('first-fit-decreasing over weight and volume', () => {
  it('never loads a vehicle past its limits, places each order at most once, and accounts for every order', () => {
    fc.assert(fc.property(items, bins, limits, (is: PackItem[], bs: PackBin[], l) => {
      const { packed, left } = packFirstFitDecreasing(is, bs, l);
      for (const p of packed) {
        expect(p.items.length).toBeLessThanOrEqual(l.maxItems);
        expect(rate(p.items.reduce((s, i) => s + i.weight, 0), p.bin.weight)).toBeLessThanOrEqual(l.maxRate);
        expect(rate(p.items.reduce((s, i) => s + i.volume, 0), p.bin.volume)).toBeLessThanOrEqual(l.maxRate);
        expect(p.bin.weight || p.bin.volume).toBeTruthy();
      }
      const placed = [...packed.flatMap((p) => p.items.map((i) => i.id)), ...left.map((i) => i.id)];
      expect(new Set(placed).size).toBe(placed.length);
      expect([...placed].sort((a, b) => a - b)).toEqual(is.map((i) => i.id).sort((a, b) => a - b));
      expect(new Set(packed.map((p) => p.bin.id)).size).toBe(packed.length);
    }));
  });

  it('answers the same for the same orders and vehicles, whatever order the orders come in', () => {
    fc.assert(fc.property(items, bins, limits, (is: PackItem[], bs: PackBin[], l) => {
      const shape = (r: ReturnType<typeof packFirstFitDecreasing>) => ({ packed: r.packed.map((p) => [p.bin.id, p.items.map((i) => i.id)]), left: r.left.map((i) => i.id).sort((a, b) => a - b) });
      expect(shape(packFirstFitDecreasing([...is].reverse(), bs, l))).toEqual(shape(packFirstFitDecreasing(is, bs, l)));
    }));
  });

  it('fills the biggest orders first: 6+4 and 4+3 on two 10 t vehicles, the 12 t order left over', () => {
    const r = packFirstFitDecreasing([{ id: 1, weight: 4, volume: 0 }, { id: 2, weight: 6, volume: 0 }, { id: 3, weight: 12, volume: 0 }, { id: 4, weight: 3, volume: 0 }, { id: 5, weight: 4, volume: 0 }],
      [{ id: 7, weight: 10, volume: null }, { id: 8, weight: 10, volume: null }], { maxItems: 2, maxRate: 100 });
    expect(r.packed.map((p) => [p.bin.id, p.items.map((i) => i.id)])).toEqual([[7, [2, 1]], [8, [5, 4]]]);
    expect(r.left.map((i) => i.id)).toEqual([3]);
  });
});
