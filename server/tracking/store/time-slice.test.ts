import { describe, expect, it } from 'vitest';
import { emptyColumns } from '../columns.ts';
import { timeSlice } from './store.ts';

describe('timeSlice', () => {
  // Points at 10, 20, ... 100 with channel-1 temperatures 1 ... 10.
  const cols = emptyColumns(10, 1);
  for (let i = 0; i < 10; i++) {
    cols.gpsTime[i] = (i + 1) * 10;
    cols.temps[0]![i] = i + 1;
  }

  it('keeps the rows within [from, to], both ends included, sensors too', () => {
    const s = timeSlice(cols, 30, 50);
    expect([...s.gpsTime]).toEqual([30, 40, 50]);
    expect([...s.temps[0]!]).toEqual([3, 4, 5]);
    expect(s.length).toBe(3);
    expect(s.temps[1]).toBeNull();
  });

  it('answers no rows for a span between two points or outside the track', () => {
    expect(timeSlice(cols, 31, 39).length).toBe(0);
    expect(timeSlice(cols, 200, 300).length).toBe(0);
    expect(timeSlice(cols, 0, 5).length).toBe(0);
    expect(timeSlice(cols, 0, 1000).length).toBe(10);
  });
});
