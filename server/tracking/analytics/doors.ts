// Door open/close intervals per channel, and cold-machine running intervals, from the status bits.
import { COLD_MACHINE_BIT, DOOR_BITS, type TrackColumns } from '../columns.ts';
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
export function doorIntervals(cols: TrackColumns, doorMask: number): DoorInterval[] {
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
export function coldMachineIntervals(cols: TrackColumns): OnInterval[] {
  return bitIntervals(cols.status, cols.gpsTime, COLD_MACHINE_BIT, cols.length).map(({ beginIndex, endIndex, begin, end }) => ({ beginIndex, endIndex, begin, end }));
}
