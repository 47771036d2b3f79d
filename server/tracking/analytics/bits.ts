// Intervals during which status bits are set (door channels, cold machine): one pass over the
// status column for all the bits asked for together.
export interface BitInterval {
  /** The bit's position (door channel = bit + 1). */
  bit: number;
  beginIndex: number;
  /** Index of the last point with the bit set. */
  endIndex: number;
  begin: number;
  end: number;
}

/** Every run of consecutive points with a bit of `mask` set, ordered by begin. */
export function bitIntervals(status: Int32Array, time: Float64Array, mask: number, length = status.length): BitInterval[] {
  const out: BitInterval[] = [];
  const openAt = new Int32Array(32).fill(-1);
  let prev = 0;
  for (let i = 0; i < length; i++) {
    const s = status[i] & mask;
    let changed = s ^ prev;
    while (changed) {
      const bit = 31 - Math.clz32(changed & -changed);
      changed &= changed - 1;
      if (s & (1 << bit)) openAt[bit] = i;
      else {
        out.push({ bit, beginIndex: openAt[bit], endIndex: i - 1, begin: time[openAt[bit]], end: time[i - 1] });
        openAt[bit] = -1;
      }
    }
    prev = s;
  }
  for (let bit = 0; bit < 32; bit++) {
    if (openAt[bit] >= 0) out.push({ bit, beginIndex: openAt[bit], endIndex: length - 1, begin: time[openAt[bit]], end: time[length - 1] });
  }
  return out.sort((a, b) => a.beginIndex - b.beginIndex || a.bit - b.bit);
}
