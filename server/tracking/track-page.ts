// The rows of a waybill/getTrackList page (spec section 3's track point fields) written as JSON bytes
// straight from the page's columns: numbers from their fixed-point values, field names encoded once,
// each distinct string (plate, fence name, status text, date) escaped and encoded once per page.
// The text is exactly what a template `{"sn":${sn},...}` per row would give (tests compare them).
import { formatTime } from '../resources/time.ts';
import type { TrackColumns } from './columns.ts';
import { JsonBytes, MAX_NUMBER_BYTES, putBytes, putNumber, putScaled, putTenths, putTwoDigits, quoted, text } from './json-bytes.ts';

const T_KEYS = Array.from({ length: 16 }, (_, c) => text(`,"t${c + 1}":`));
const H_KEYS = Array.from({ length: 16 }, (_, c) => text(`,"h${c + 1}":`));
const OIL_KEYS = [text(',"oil1":'), text(',"oil2":')];
const ROW_START = text('{"sn":');
const LAT = text(',"lat":');
const DIRECTION = text(',"direction":');
const GPS_TIME = text(',"gpsTime":"');
const GPS_MS = text('","gpsTimeMillisecond":');
const SPEED = text(',"speed":');
const ODOMETER = text(',"odometer":');
const CUR_ODOM = text(',"curOdom":');
const INTERVAL = text(',"odometerInterval":');
const POSITION = text(',"position":');
const TRACK_PLACE = text(',"trackPlace":');
const STATUS = text(',"statusStr":');
const ALARM = text(',"alarm":');
const ROW_END = 0x7d; // }
const COMMA = 0x2c;
const QUOTE = 0x22;
const COLON = 0x3a;

/** The fixed texts of a row (field names, punctuation), generously. */
const ROW_BYTES = 256;

export interface PageRowsInput {
  /** The page's columns; row `before` is the page's first row (row 0 may be the point before it). */
  page: TrackColumns;
  before: number;
  /** sn of the page's first row, less one. */
  snOffset: number;
  vehicleId: number;
  vehicleNo: string;
  /** Odometer of the range's first point (curOdom is measured from it). */
  startOdo: number;
  /** Channel masks to show (bit c = channel c + 1). */
  shown: { temps: number; humidities: number; oils: number };
  /** 1 for points inside an alarm window. */
  alarms: Uint8Array;
  /** The fence a point is in, '' outside every fence. */
  areaAt: (lon: number, lat: number) => string;
  /** The status text of a status word. */
  statusText: (status: number) => string;
}

/** The date part 'YYYY-MM-DD ' once per day, the clock by arithmetic (Asia/Shanghai, no daylight saving). */
class TimeBytes {
  private day = NaN;
  prefix: Uint8Array = new Uint8Array(0);

  /** Seconds into the local day of `ms`, after making `prefix` that day's date. */
  secondsOf(ms: number): number {
    const local = ms + 8 * 3600_000;
    const day = Math.floor(local / 86_400_000);
    if (day !== this.day) (this.day = day), (this.prefix = text(formatTime(day * 86_400_000 - 8 * 3600_000).slice(0, 11)));
    return Math.floor((local - day * 86_400_000) / 1000);
  }
}

/** Rows are written as `${round1(x)}` and `${coord(x)}` would print them: the same rounding, then digits. */
const tenthsOf = (x: number) => Math.round(x * 10);
const microsOf = (x: number) => Math.round(x * 1e6);

/** Writes the page's rows, comma separated (no brackets). */
export function writePageRows(w: JsonBytes, input: PageRowsInput): void {
  const { page, before, snOffset, alarms, startOdo } = input;
  const sensorKeys: Uint8Array[] = [];
  const sensorValues: Float64Array[] = [];
  const pick = (keys: Uint8Array[], arrays: (Float64Array | null)[], mask: number) =>
    arrays.forEach((a, c) => { if (a && mask & (1 << c)) (sensorKeys.push(keys[c]), sensorValues.push(a)); });
  pick(T_KEYS, page.temps, input.shown.temps);
  pick(H_KEYS, page.humidities, input.shown.humidities);
  pick(OIL_KEYS, page.oils, input.shown.oils);
  const vehicle = text(`,"vehicleId":${input.vehicleId},"vehicleNo":${JSON.stringify(input.vehicleNo)},"lon":`);
  // The most a row can take: the fixed texts, its strings, and every number at its longest.
  const rowRoom = ROW_BYTES + vehicle.length + (13 + sensorKeys.length) * MAX_NUMBER_BYTES + sensorKeys.reduce((n, k) => n + k.length, 0);
  const statusBytes = new Map<number, Uint8Array>();
  const placeBytes = new Map<string, Uint8Array>();
  const time = new TimeBytes();
  // Consecutive points mostly share their place and status: their texts are looked up only on a change.
  let lastArea: string | null = null, areaJson: Uint8Array = new Uint8Array(0);
  let lastStatus = NaN, stJson: Uint8Array = new Uint8Array(0);
  const { lon: lons, lat: lats, odometer, gpsTime, speed, direction, status } = page;
  for (let i = before; i < page.length; i++) {
    const lonM = microsOf(lons[i]), latM = microsOf(lats[i]);
    const area = input.areaAt(lonM / 1e6, latM / 1e6); // the rounded coordinates, as shown
    if (area !== lastArea) {
      lastArea = area;
      areaJson = placeBytes.get(area) ?? quoted(area);
      placeBytes.set(area, areaJson);
    }
    const st = status[i];
    if (st !== lastStatus) {
      lastStatus = st;
      stJson = statusBytes.get(st) ?? quoted(input.statusText(st));
      statusBytes.set(st, stJson);
    }
    const secs = time.secondsOf(gpsTime[i]);
    const buf = w.room(rowRoom + 2 * areaJson.length + stJson.length + time.prefix.length);
    let p = w.end;
    if (i > before) buf[p++] = COMMA;
    p = putBytes(buf, p, ROW_START); p = putNumber(buf, p, snOffset + i - before + 1);
    p = putBytes(buf, p, vehicle); p = putScaled(buf, p, lonM, 6);
    p = putBytes(buf, p, LAT); p = putScaled(buf, p, latM, 6);
    p = putBytes(buf, p, DIRECTION); p = putNumber(buf, p, direction[i]);
    p = putBytes(buf, p, GPS_TIME); p = putBytes(buf, p, time.prefix);
    p = putTwoDigits(buf, p, Math.floor(secs / 3600)); buf[p++] = COLON;
    p = putTwoDigits(buf, p, Math.floor((secs % 3600) / 60)); buf[p++] = COLON;
    p = putTwoDigits(buf, p, secs % 60);
    p = putBytes(buf, p, GPS_MS); p = putNumber(buf, p, gpsTime[i]);
    p = putBytes(buf, p, SPEED); p = putTenths(buf, p, speed[i]);
    p = putBytes(buf, p, ODOMETER); p = putScaled(buf, p, tenthsOf(odometer[i]), 1);
    p = putBytes(buf, p, CUR_ODOM); p = putScaled(buf, p, tenthsOf(odometer[i] - startOdo), 1);
    p = putBytes(buf, p, INTERVAL); p = putScaled(buf, p, i > 0 ? tenthsOf(odometer[i] - odometer[i - 1]) : 0, 1);
    p = putBytes(buf, p, POSITION);
    if (area) p = putBytes(buf, p, areaJson);
    else {
      buf[p++] = QUOTE;
      p = putScaled(buf, p, lonM, 6); buf[p++] = COMMA; p = putScaled(buf, p, latM, 6);
      buf[p++] = QUOTE;
    }
    p = putBytes(buf, p, TRACK_PLACE); p = putBytes(buf, p, areaJson);
    p = putBytes(buf, p, STATUS); p = putBytes(buf, p, stJson);
    p = putBytes(buf, p, ALARM); p = putNumber(buf, p, alarms[i]);
    for (let k = 0; k < sensorKeys.length; k++) (p = putBytes(buf, p, sensorKeys[k])), (p = putTenths(buf, p, sensorValues[k][i]));
    buf[p++] = ROW_END;
    w.end = p;
  }
}
