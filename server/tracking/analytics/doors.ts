// Door open/close intervals per channel, and cold-machine running intervals, from the status bits.
import { COLD_MACHINE_BIT, DOOR_BITS, type MotionColumns } from '../columns.ts';
import { bitIntervals } from './bits.ts';

export interface DoorInterval {
  /** Door channel 1-16. */
  door: number;
  beginIndex: number;
  endIndex: number;
  begin: number;
  end: number;
}

/**
 * Openings of the doors the vehicle has (`doorMask`: its openDoorStatus, bit k-1 = channel k).
 * Bits of channels the vehicle lacks are ignored: a terminal may leave them floating.
 */
export function doorIntervals(cols: MotionColumns, doorMask: number): DoorInterval[] {
  return bitIntervals(cols.status, cols.gpsTime, doorMask & DOOR_BITS, cols.length).map((x) => ({
    door: x.bit + 1, beginIndex: x.beginIndex, endIndex: x.endIndex, begin: x.begin, end: x.end,
  }));
}

export interface OnInterval {
  beginIndex: number;
  endIndex: number;
  begin: number;
  end: number;
}

/** When the cold machine ran. */
export function coldMachineIntervals(cols: MotionColumns): OnInterval[] {
  return bitIntervals(cols.status, cols.gpsTime, COLD_MACHINE_BIT, cols.length).map(({ beginIndex, endIndex, begin, end }) => ({ beginIndex, endIndex, begin, end }));
}

/**
 * Door openings and cold-machine runs from one pass over the status column (the whole analytics
 * wants both): the same intervals as doorIntervals and coldMachineIntervals.
 */
export function doorAndColdIntervals(cols: MotionColumns, doorMask: number): { doors: DoorInterval[]; cold: OnInterval[] } {
  const doors: DoorInterval[] = [];
  const cold: OnInterval[] = [];
  const coldBit = 31 - Math.clz32(COLD_MACHINE_BIT);
  for (const x of bitIntervals(cols.status, cols.gpsTime, (doorMask & DOOR_BITS) | COLD_MACHINE_BIT, cols.length)) {
    if (x.bit === coldBit) cold.push({ beginIndex: x.beginIndex, endIndex: x.endIndex, begin: x.begin, end: x.end });
    else doors.push({ door: x.bit + 1, beginIndex: x.beginIndex, endIndex: x.endIndex, begin: x.begin, end: x.end });
  }
  return { doors, cold };
}
