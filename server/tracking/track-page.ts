// The rows of a waybill/getTrackList page (spec section 3's track point fields) written as JSON bytes
// straight from the page's columns: numbers from their fixed-point values, fixed texts as ready-made
// 32-bit words (json-bytes.ts putWords). What seldom changes along a track is encoded once per change:
// the day with its key, and the place, status text and alarm key together.
// The text is exactly what a template `{"sn":${sn},...}` per row would give (tests compare them).
import { formatTime } from '../resources/time.ts';
import type { TrackColumns } from './columns.ts';
import {
  JsonBytes, MAX_NUMBER_BYTES, putNumber, putScaled, putTenthsOf, putTenthsValue, putTwoDigits, putWords, quoted, text, WORD_SLACK, words, type Words,
} from './json-bytes.ts';

const key = (s: string) => words(text(s));
const T_KEYS = Array.from({ length: 16 }, (_, c) => key(`,"t${c + 1}":`));
const H_KEYS = Array.from({ length: 16 }, (_, c) => key(`,"h${c + 1}":`));
const OIL_KEYS = [key(',"oil1":'), key(',"oil2":')];
const FIRST_ROW = key('{"sn":');
/** The end of a row and the start of the next. */
const NEXT_ROW = key('},{"sn":');
const LAST_ROW_END = text('}');
const LAT = key(',"lat":');
const DIRECTION = key(',"direction":');
const GPS_MS = key('","gpsTimeMillisecond":');
const SPEED = key(',"speed":');
const ODOMETER = key(',"odometer":');
const CUR_ODOM = key(',"curOdom":');
const INTERVAL = key(',"odometerInterval":');
const POSITION = key(',"position":');
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

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3600_000; // Asia/Shanghai: no daylight saving

/** `,"gpsTime":"YYYY-MM-DD ` of the local day `day` (days since the epoch, Shanghai time). */
const dayKey = (day: number) => key(`,"gpsTime":"${formatTime(day * DAY_MS - SHANGHAI_MS).slice(0, 11)}`);

/** 'HH:mm:ss' of every second of a day as two words each, made on first use (675 KB). */
let clockWords: Int32Array | null = null;
function clocks(): Int32Array {
  if (clockWords) return clockWords;
  const out = new Int32Array(2 * 86_400);
  const bytes = new Uint8Array(out.buffer);
  for (let s = 0; s < 86_400; s++) {
    const at = 8 * s;
    putTwoDigits(bytes, at, Math.floor(s / 3600)); bytes[at + 2] = COLON;
    putTwoDigits(bytes, at + 3, Math.floor((s % 3600) / 60)); bytes[at + 5] = COLON;
    putTwoDigits(bytes, at + 6, s % 60);
  }
  return (clockWords = out);
}

/** Rows are written as `${round1(x)}` and `${coord(x)}` would print them: the same rounding, then digits. */
const tenthsOf = (x: number) => Math.round(x * 10);
const microsOf = (x: number) => Math.round(x * 1e6);

/** Writes the page's rows, comma separated (no brackets). */
export function writePageRows(w: JsonBytes, input: PageRowsInput): void {
  const { page, before, snOffset, alarms, startOdo } = input;
  const sensorKeys: Words[] = [];
  const sensorValues: Float64Array[] = [];
  const pick = (keys: Words[], arrays: (Float64Array | null)[], mask: number) =>
    arrays.forEach((a, c) => { if (a && mask & (1 << c)) (sensorKeys.push(keys[c]), sensorValues.push(a)); });
  pick(T_KEYS, page.temps, input.shown.temps);
  pick(H_KEYS, page.humidities, input.shown.humidities);
  pick(OIL_KEYS, page.oils, input.shown.oils);
  const vehicle = key(`,"vehicleId":${input.vehicleId},"vehicleNo":${JSON.stringify(input.vehicleNo)},"lon":`);
  // The most a row can take: the fixed texts, and every number at its longest.
  const rowRoom = ROW_BYTES + vehicle.length + (13 + sensorKeys.length) * MAX_NUMBER_BYTES + sensorKeys.reduce((n, k) => n + k.length, 0);
  // Consecutive points mostly share their place and status: their texts are made only on a change.
  const places = new Map<string, Words>();
  const tails = new Map<string, Words>();
  let lastArea: string | null = null, lastStatus = NaN;
  let place = key(''), tail = place;
  let day = NaN, dayWords = place;
  const { lon: lons, lat: lats, odometer, gpsTime, speed, direction, status } = page;
  const clock = clocks();
  for (let i = before; i < page.length; i++) {
    const lonM = microsOf(lons[i]), latM = microsOf(lats[i]);
    const area = input.areaAt(lonM / 1e6, latM / 1e6); // the rounded coordinates, as shown
    const st = status[i];
    if (area !== lastArea || st !== lastStatus) {
      if (area !== lastArea) place = places.get(area) ?? setGet(places, area, words(quoted(area)));
      lastArea = area;
      lastStatus = st;
      const tailKey = `${st}|${area}`;
      tail = tails.get(tailKey) ?? setGet(tails, tailKey, key(`,"trackPlace":${JSON.stringify(area)},"statusStr":${JSON.stringify(input.statusText(st))},"alarm":`));
    }
    const ms = gpsTime[i];
    const local = ms + SHANGHAI_MS;
    const d = Math.floor(local / DAY_MS);
    if (d !== day) (day = d), (dayWords = dayKey(d));
    const secs = Math.floor((local - d * DAY_MS) / 1000);
    const buf = w.room(rowRoom + place.length + tail.length + dayWords.length + WORD_SLACK);
    const view = w.view;
    let p = w.end;
    p = putWords(view, p, i > before ? NEXT_ROW : FIRST_ROW); p = putNumber(buf, p, snOffset + i - before + 1);
    p = putWords(view, p, vehicle);
    const lonAt = p;
    p = putScaled(buf, p, lonM, 6);
    const lonEnd = p;
    p = putWords(view, p, LAT);
    const latAt = p;
    p = putScaled(buf, p, latM, 6);
    const latEnd = p;
    p = putWords(view, p, DIRECTION); p = putTenthsOf(view, buf, p, direction[i] * 10);
    p = putWords(view, p, dayWords);
    view.setInt32(p, clock[2 * secs], true); view.setInt32(p + 4, clock[2 * secs + 1], true);
    p += 8;
    p = putWords(view, p, GPS_MS); p = putNumber(buf, p, ms);
    p = putWords(view, p, SPEED); p = putTenthsValue(view, buf, p, speed[i]);
    p = putWords(view, p, ODOMETER); p = putScaled(buf, p, tenthsOf(odometer[i]), 1);
    p = putWords(view, p, CUR_ODOM); p = putScaled(buf, p, tenthsOf(odometer[i] - startOdo), 1);
    p = putWords(view, p, INTERVAL); p = putTenthsOf(view, buf, p, i > 0 ? tenthsOf(odometer[i] - odometer[i - 1]) : 0);
    p = putWords(view, p, POSITION);
    if (area) p = putWords(view, p, place);
    else {
      // "lon,lat": the digits just written for lon and lat, copied.
      buf[p++] = QUOTE;
      for (let q = lonAt; q < lonEnd; q++) buf[p++] = buf[q];
      buf[p++] = COMMA;
      for (let q = latAt; q < latEnd; q++) buf[p++] = buf[q];
      buf[p++] = QUOTE;
    }
    p = putWords(view, p, tail); p = putTenthsOf(view, buf, p, alarms[i] * 10);
    for (let k = 0; k < sensorKeys.length; k++) (p = putWords(view, p, sensorKeys[k])), (p = putTenthsValue(view, buf, p, sensorValues[k][i]));
    w.end = p;
  }
  if (page.length > before) w.bytes(LAST_ROW_END);
}

function setGet<K, V>(map: Map<K, V>, k: K, v: V): V {
  map.set(k, v);
  return v;
}
