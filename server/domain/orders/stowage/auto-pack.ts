// Packing for auto-stowage: first-fit-decreasing over two dimensions (weight, volume). Pure and
// deterministic: the same items and bins give the same answer, for the run and for the preview.
// No npm solver fits (docs/decisions.md "Auto-stowage packing"): the kept bin-packing packages are
// one-dimensional or geometric (boxes in 3-D), none takes a weight AND a volume limit per bin.

export interface PackItem {
  id: number;
  weight: number;
  volume: number;
}

export interface PackBin {
  id: number;
  /** null: no figure, that dimension does not limit. */
  weight: number | null;
  volume: number | null;
}

export interface PackLimits {
  maxItems: number;
  /** Highest fill (%) of either dimension. */
  maxRate: number;
}

export interface Packed {
  bin: PackBin;
  items: PackItem[];
  weight: number;
  volume: number;
}

export interface PackResult {
  packed: Packed[];
  /** Items no bin could take (too big for any, or the bins ran out). */
  left: PackItem[];
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
/** The fuller dimension's share of the bin, 0–1 (a dimension without a figure counts 0). */
const fullness = (bin: PackBin, w: number, v: number) => Math.max(bin.weight ? w / bin.weight : 0, bin.volume ? v / bin.volume : 0);
/** Fits when neither dimension passes the rate (rounded as the stowage checks round: loadOf). */
const fits = (bin: PackBin, w: number, v: number, maxRate: number) =>
  (!bin.weight || Math.round((w / bin.weight) * 1000) / 10 <= maxRate) && (!bin.volume || Math.round((v / bin.volume) * 1000) / 10 <= maxRate);

/**
 * Items by decreasing size (the fuller share of the biggest bin), each into the first open bin it
 * fits; when none, a fresh bin (bins in the order given, the first that takes it). A bin without
 * any figure is never used: nothing says what it can carry.
 */
export function packFirstFitDecreasing(items: readonly PackItem[], bins: readonly PackBin[], limits: PackLimits): PackResult {
  const usable = bins.filter((b) => b.weight || b.volume);
  const ref: PackBin = { id: 0, weight: Math.max(0, ...usable.map((b) => b.weight ?? 0)) || null, volume: Math.max(0, ...usable.map((b) => b.volume ?? 0)) || null };
  const sorted = [...items].sort((a, b) => fullness(ref, b.weight, b.volume) - fullness(ref, a.weight, a.volume) || b.weight - a.weight || b.volume - a.volume || a.id - b.id);
  const open: Packed[] = [];
  const free = [...usable];
  const left: PackItem[] = [];
  for (const item of sorted) {
    const into = open.find((p) => p.items.length < limits.maxItems && fits(p.bin, p.weight + item.weight, p.volume + item.volume, limits.maxRate));
    if (into) {
      into.items.push(item);
      into.weight = round3(into.weight + item.weight);
      into.volume = round3(into.volume + item.volume);
      continue;
    }
    const at = limits.maxItems >= 1 ? free.findIndex((b) => fits(b, item.weight, item.volume, limits.maxRate)) : -1;
    if (at < 0) {
      left.push(item);
      continue;
    }
    open.push({ bin: free.splice(at, 1)[0], items: [item], weight: round3(item.weight), volume: round3(item.volume) });
  }
  return { packed: open, left };
}
