// The getTrackList rows written as bytes must be exactly the text the row template gave before
// (`{"sn":${sn},...}` per row, JSON.stringify for strings): numbers as JavaScript prints them, strings
// escaped, sentinels and odd values included. The template below is that earlier writer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../resources/time.ts';
import { COLD_MACHINE_BIT, doorBit, emptyColumns, HUMIDITY_NONE, OIL_NONE, TEMP_NONE, type TrackColumns } from './columns.ts';
import { JsonBytes, putNumber, putScaled, putTenthsOf, putTenthsValue } from './json-bytes.ts';
import { writePageRows, type PageRowsInput } from './track-page.ts';

const round1 = (v: number) => Math.round(v * 10) / 10;
const coord = (v: number) => Math.round(v * 1e6) / 1e6;
const pad = (n: number) => `${n < 10 ? '0' : ''}${n}`;
/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, as the earlier writer built it. */
function timeText(ms: number) {
  const local = ms + 8 * 3600_000;
  const day = Math.floor(local / 86_400_000);
  const s = Math.floor((local - day * 86_400_000) / 1000);
  return `${formatTime(day * 86_400_000 - 8 * 3600_000).slice(0, 11)}${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The earlier writer: one template string per row. */
function templateRows(input: PageRowsInput): string {
  const { page, before, snOffset, startOdo, alarms } = input;
  const sensors: [string, Float64Array][] = [];
  page.temps.forEach((a, c) => { if (a && input.shown.temps & (1 << c)) sensors.push([`,"t${c + 1}":`, a]); });
  page.humidities.forEach((a, c) => { if (a && input.shown.humidities & (1 << c)) sensors.push([`,"h${c + 1}":`, a]); });
  page.oils.forEach((a, c) => { if (a && input.shown.oils & (1 << c)) sensors.push([`,"oil${c + 1}":`, a]); });
  const rows: string[] = [];
  for (let i = before; i < page.length; i++) {
    const lon = coord(page.lon[i]), lat = coord(page.lat[i]);
    const area = input.areaAt(lon, lat);
    const areaJson = JSON.stringify(area);
    const position = area ? areaJson : `"${lon},${lat}"`;
    let row = `{"sn":${snOffset + i - before + 1},"vehicleId":${input.vehicleId},"vehicleNo":${JSON.stringify(input.vehicleNo)},"lon":${lon},"lat":${lat},"direction":${page.direction[i]},"gpsTime":"${timeText(page.gpsTime[i])}"`
      + `,"gpsTimeMillisecond":${page.gpsTime[i]},"speed":${page.speed[i]},"odometer":${round1(page.odometer[i])},"curOdom":${round1(page.odometer[i] - startOdo)}`
      + `,"odometerInterval":${i > 0 ? round1(page.odometer[i] - page.odometer[i - 1]) : 0},"position":${position},"trackPlace":${areaJson}`
      + `,"statusStr":${JSON.stringify(input.statusText(page.status[i]))},"alarm":${alarms[i]}`;
    for (const [key, a] of sensors) row += key + a[i];
    rows.push(row + '}');
  }
  return rows.join(',');
}

const written = (input: PageRowsInput) => {
  const w = new JsonBytes(64); // small on purpose: the writer must grow as it goes
  writePageRows(w, input);
  return w.result().toString('utf8');
};

/** A crafted page: every field at awkward values. */
function craftedPage(): TrackColumns {
  const lon = [121.473701, -0.0000001, 0.000001, 180, -179.999999, 121.5, 121.5, 0.5, 121.000010, -73.9857];
  const lat = [31.230416, 0, -0.000001, 90, -90, 31.2, 31.2, 0.25, 31.100001, 40.7484];
  const odo = [120_000, 120_000.04, 120_000.05, 119_999.95, 9_000_000.123, 9_000_000.15, 0, 0.05, 0.049, 1234.56];
  const time = [Date.UTC(2026, 0, 1, 15, 59, 59), Date.UTC(2026, 0, 1, 16, 0, 0), Date.UTC(2026, 0, 1, 16, 0, 1) + 999,
    Date.UTC(1999, 11, 31, 23, 59, 59), Date.UTC(2026, 5, 30, 3, 4, 5), Date.UTC(2026, 5, 30, 3, 4, 6), Date.UTC(2026, 11, 31, 15, 59, 59),
    Date.UTC(2026, 11, 31, 16, 0, 0), Date.UTC(2027, 0, 1), Date.UTC(2027, 0, 2)];
  const c = emptyColumns(lon.length, 0b11, 0b101, 0b11);
  lon.forEach((v, i) => {
    c.lon[i] = v; c.lat[i] = lat[i]; c.odometer[i] = odo[i]; c.gpsTime[i] = time[i];
    c.speed[i] = [0, 0.1, 299.9, 5, 12.3, 80, 0.5, 1, 100, 33.3][i];
    c.direction[i] = [0, 359, 180, 1, 90, 270, 45, 0, 10, 359][i];
    c.status[i] = [0, doorBit(1), COLD_MACHINE_BIT, doorBit(2) | COLD_MACHINE_BIT, 1 << 17, 0, doorBit(16), 0, 0, 0x3ffff][i];
    c.temps[0]![i] = [TEMP_NONE, -18.2, 99.9, -0.1, 0, 3.5, -999, 25, -40, 1][i];
    c.temps[1]![i] = [4.4, TEMP_NONE, 0.1, 10, -10, 0, 0, 0, 0, 0][i];
    c.humidities[0]![i] = [HUMIDITY_NONE, 60, 55.5, 100, 0, 1, -1, 99.9, 0.1, 50][i];
    c.humidities[2]![i] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10][i];
    c.oils[0]![i] = [OIL_NONE, 80, 79.5, 0.1, 999.9, 0, 1, 2, 3, 4][i];
    c.oils[1]![i] = [1.5, 0, 0, 0, 0, 0, 0, 0, 0, 0][i];
  });
  return c;
}

const NAMES = ['', '冷库"A"区', 'back\\slash', 'tab\tnew\nline', 'line\u2028sep', '表情😀', '\u0001ctl'];

describe('track page rows as bytes', () => {
  it('are the text of the row template, on a crafted page with escapes, sentinels and odd numbers', () => {
    const page = craftedPage();
    for (const before of [0, 1]) {
      const input: PageRowsInput = {
        page, before, snOffset: 16_000, vehicleId: 42, vehicleNo: '沪A"12\\345', startOdo: 119_999.96,
        shown: { temps: 0b11, humidities: 0b101, oils: 0b01 }, alarms: Uint8Array.from([0, 1, 1, 0, 0, 1, 0, 0, 1, 1]),
        areaAt: (lon, lat) => NAMES[Math.floor(Math.abs(lon * 7 + lat * 3)) % NAMES.length],
        statusText: (s) => `ACC${s & (1 << 17) ? '开' : '关'},门"${s & 0xffff}"`,
      };
      const bytes = written(input);
      const template = templateRows(input);
      expect(bytes).toBe(template);
      expect(JSON.parse(`[${bytes}]`)).toEqual(JSON.parse(`[${template}]`));
    }
  });

  it('print any number, tenth and millionth as JavaScript does', () => {
    const put = (f: (buf: Uint8Array, p: number) => number) => {
      const buf = new Uint8Array(64);
      return Buffer.from(buf.subarray(0, f(buf, 0))).toString('latin1');
    };
    const odd = [0, -0, 1, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 1767225600000, 1e15 - 1, 1e15, 1e21, 1e-7, 0.1, -2.5, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER];
    for (const v of odd) expect(put((b, p) => putNumber(b, p, v))).toBe(`${v}`);
    // putScaled's 32-bit path and the numbers at its edges.
    const edges = [0, -0, 1, -1, 5, -5, 10, 1_000_000, -1_000_000, 123_456_789, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 1e15 - 1, -(1e15 - 1)];
    for (const n of edges) for (const d of [1, 6]) expect(put((b, p) => putScaled(b, p, n, d))).toBe(`${n / 10 ** d}`);
    const viaTable = (f: (view: DataView, b: Uint8Array, p: number) => number) => put((b, p) => f(new DataView(b.buffer), b, p));
    fc.assert(fc.property(fc.double({ noNaN: false }), (v) => {
      expect(put((b, p) => putNumber(b, p, v))).toBe(`${v}`);
      expect(viaTable((view, b, p) => putTenthsValue(view, b, p, v))).toBe(`${v}`);
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), fc.constantFrom(1, 6), (n, decimals) => {
      expect(put((b, p) => putScaled(b, p, n, decimals))).toBe(`${n / 10 ** decimals}`);
      expect(viaTable((view, b, p) => putTenthsValue(view, b, p, n / 10))).toBe(`${n / 10}`);
    }), { numRuns: 5000 });
    // The table of small tenths, every entry and both sides of its edges, and values through it.
    for (let n = -10_001; n <= 10_001; n++) expect(viaTable((v, b, p) => putTenthsOf(v, b, p, n))).toBe(`${n / 10}`);
    for (const n of [-0, 0.5, -0.5, NaN, Infinity, 2 ** 31, -(2 ** 40)]) expect(viaTable((v, b, p) => putTenthsOf(v, b, p, n))).toBe(`${n / 10}`);
    fc.assert(fc.property(fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: -20_000, max: 20_000 }).map((n) => n / 10)), (x) => {
      expect(viaTable((v, b, p) => putTenthsValue(v, b, p, x))).toBe(`${x}`);
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.integer({ min: -180e6, max: 180e6 }), (k) => {
      expect(put((b, p) => putScaled(b, p, Math.round((k / 1e6) * 1e6), 6))).toBe(`${coord(k / 1e6)}`);
    }), { numRuns: 5000 });
  });
});
