// Sensor series for the charts and tables: the readings of one channel with the terminal's
// "no reading" sentinel left out (-999 ℃, -1 %RH, 0 L), and distance from the odometer.
import { HUMIDITY_NONE, OIL_NONE, TEMP_NONE, type TrackColumns } from '../columns.ts';

export interface Series {
  /** gpsTime of each reading. */
  x: number[];
  y: number[];
}

export function series(time: Float64Array, values: Float64Array, sentinel: number, length = values.length): Series {
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < length; i++) {
    const v = values[i];
    if (v !== sentinel && !Number.isNaN(v)) (x.push(time[i]), y.push(v));
  }
  return { x, y };
}

type Kind = 'temps' | 'humidities' | 'oils';
const SENTINEL: Record<Kind, number> = { temps: TEMP_NONE, humidities: HUMIDITY_NONE, oils: OIL_NONE };

/** Every collected channel of a kind, keyed by channel number (1-based); `mask` limits to the vehicle's channels. */
export function channelSeries(cols: TrackColumns, kind: Kind, mask = 0xffff): Map<number, Series> {
  const out = new Map<number, Series>();
  cols[kind].forEach((a, c) => {
    if (a && mask & (1 << c)) out.set(c + 1, series(cols.gpsTime, a, SENTINEL[kind], cols.length));
  });
  return out;
}

/** Distance travelled = end odometer minus start odometer, km to 1 decimal (spec section 9). */
export function distanceKm(cols: TrackColumns): number {
  return cols.length < 2 ? 0 : mileageKm(cols.odometer[0], cols.odometer[cols.length - 1]);
}

/** The mileage between two odometer readings (km), to 1 decimal. */
export const mileageKm = (odometerStart: number, odometerEnd: number) => Math.round((odometerEnd - odometerStart) * 10) / 10;
