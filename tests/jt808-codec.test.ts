// The JT/T 808 codec against the standard's byte layouts: every message round-trips with random
// values (fast-check) in both editions; frames with 0x7e/0x7d at every position of header, body and
// checksum; bad checksums, bad escapes, truncated frames and sub-packages in any order are refused
// or reassembled as the gateway needs. Two reports taken from a published capture anchor the layout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameError, FrameSplitter, MAX_BODY, decodeFrame, encodeFrame, encodeMessage, escape, type Header, type Version } from '../server/gateway/jt808/frame.ts';
import {
  decodeAnswer, decodeAuthentication, decodeBatch, decodeLocation, decodeQueryAnswer, decodeRegisterAnswer, decodeRegistration,
  encodeAnswer, encodeAuthentication, encodeBatch, encodeLocation, encodeQueryAnswer, encodeRegisterAnswer, encodeRegistration,
  type LocationReport,
} from '../server/gateway/jt808/messages.ts';
import { Reassembler } from '../server/gateway/jt808/reassembly.ts';
import { decodeGbk, encodeGbk } from '../server/gateway/jt808/bytes.ts';
import { DEFAULT_PROFILE } from '../server/gateway/jt808/device-profiles.ts';
import { pointToReport, reportToPoint } from '../server/gateway/jt808/location.ts';
import { ACC_BIT, COLD_MACHINE_BIT, TEMP_NONE, doorBit } from '../server/tracking/columns.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
/** The content between the flags of a whole frame. */
const inner = (frame: Buffer) => frame.subarray(1, frame.length - 1);

const version = fc.constantFrom<Version>(2013, 2019);
const word = fc.integer({ min: 0, max: 0xffff });
const dword = fc.integer({ min: 0, max: 0xffffffff });
const ascii = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{0,${max}}$`));
const plate = fc.tuple(fc.constantFrom('豫', '京', '粤', '沪', '冀'), fc.stringMatching(/^[A-Z][A-Z0-9]{5}$/)).map(([a, b]) => a + b);
const header = (v: Version): fc.Arbitrary<Header> => fc.record({
  msgId: word, version: fc.constant(v), protocolVersion: v === 2019 ? fc.integer({ min: 0, max: 255 }) : fc.constant(0),
  phone: fc.stringMatching(v === 2019 ? /^\d{20}$/ : /^\d{12}$/), serial: word, encryption: fc.constant(0),
});
/** Whole seconds between 2000 and 2099 (BCD YYMMDDhhmmss, Beijing time). */
const time = fc.integer({ min: Date.UTC(2000, 0, 1, 0, 0, 0) / 1000, max: Date.UTC(2099, 11, 31, 15, 59, 59) / 1000 }).map((s) => s * 1000);
const extras = fc.array(fc.record({ id: fc.integer({ min: 0, max: 255 }), data: fc.uint8Array({ maxLength: 20 }).map((a) => Buffer.from(a)) }), { maxLength: 6 });
const report: fc.Arbitrary<LocationReport> = fc.record({
  alarm: dword, status: dword, latitude: fc.integer({ min: 0, max: 90_000_000 }), longitude: fc.integer({ min: 0, max: 180_000_000 }),
  altitude: word, speed: word, direction: fc.integer({ min: 0, max: 359 }), time, extras,
});

describe('messages round-trip', () => {
  it('0x0001 / 0x8001 general answers', () => {
    fc.assert(fc.property(word, word, fc.integer({ min: 0, max: 255 }), (serial, msgId, result) => {
      expect(decodeAnswer(encodeAnswer({ serial, msgId, result }))).toEqual({ serial, msgId, result });
    }));
  });

  it('0x0100 registration, 2013 and 2019 widths', () => {
    fc.assert(fc.property(version, word, word, plate, fc.integer({ min: 0, max: 255 }), (v, province, city, plateNo, plateColor) =>
      fc.assert(fc.property(ascii(v === 2019 ? 11 : 5), ascii(v === 2019 ? 30 : 20), ascii(v === 2019 ? 30 : 7), (manufacturer, model, terminalId) => {
        const reg = { province, city, manufacturer, model, terminalId, plateColor, plate: plateNo };
        const body = encodeRegistration(reg, v);
        expect(body.length).toBe(4 + (v === 2019 ? 71 : 32) + 1 + encodeGbk(plateNo).length);
        expect(decodeRegistration(body, v)).toEqual(reg);
      }), { numRuns: 5 })), { numRuns: 40 });
  });

  it('0x8100 registration answer: the code only with a success', () => {
    fc.assert(fc.property(word, fc.integer({ min: 0, max: 4 }), ascii(32), (serial, result, code) => {
      const authCode = result === 0 ? code : '';
      expect(decodeRegisterAnswer(encodeRegisterAnswer({ serial, result, authCode }))).toEqual({ serial, result, authCode });
    }));
  });

  it('0x0102 authentication: the 2013 body is the code, 2019 adds length, IMEI and version', () => {
    fc.assert(fc.property(version, ascii(40), fc.stringMatching(/^\d{15}$/), ascii(20), (v, authCode, imei, softwareVersion) => {
      const a = { authCode, imei: v === 2019 ? imei : '', softwareVersion: v === 2019 ? softwareVersion : '' };
      expect(decodeAuthentication(encodeAuthentication(a, v), v)).toEqual(a);
    }));
  });

  it('0x0200 location reports with any additional items, 0x0201 answers and 0x0704 batches', () => {
    fc.assert(fc.property(report, (r) => { expect(decodeLocation(encodeLocation(r))).toEqual(r); }));
    fc.assert(fc.property(word, report, (serial, r) => { expect(decodeQueryAnswer(encodeQueryAnswer({ serial, report: r }))).toEqual({ serial, report: r }); }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 1 }), fc.array(report, { maxLength: 30 }), (type, reports) =>
      { expect(decodeBatch(encodeBatch({ type, reports }))).toEqual({ type, reports }); }), { numRuns: 50 });
  });

  it('GBK text both ways, Chinese plates included', () => {
    fc.assert(fc.property(plate, (p) => { expect(decodeGbk(encodeGbk(p))).toBe(p); }));
    expect(encodeGbk('豫A12345')).toEqual(hex('d4a5 41 3132333435'));
  });
});

describe('frames', () => {
  it('round-trip every header and body in both editions, sub-package items included', () => {
    fc.assert(fc.property(version.chain((v) => header(v)), fc.uint8Array({ maxLength: MAX_BODY }), fc.option(fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }))), (h, body, pk) => {
      const withPacket = pk ? { ...h, packet: { total: Math.max(...pk), index: Math.min(...pk) } } : h;
      const frame = encodeFrame(withPacket, body);
      expect(frame[0]).toBe(0x7e);
      expect(frame[frame.length - 1]).toBe(0x7e);
      expect(frame.subarray(1, frame.length - 1).includes(0x7e)).toBe(false);
      expect(decodeFrame(inner(frame))).toEqual({ header: withPacket, body: Buffer.from(body) });
    }), { numRuns: 300 });
  });

  it('escapes 0x7e and 0x7d at every position of header, body and checksum', () => {
    const h: Header = { msgId: 0x0200, version: 2013, protocolVersion: 0, phone: '013912345678', serial: 1, encryption: 0 };
    for (const special of [0x7e, 0x7d]) {
      for (let pos = 0; pos < 12 + 20; pos++) {
        const body = Buffer.alloc(20, 0x11);
        // Header positions are reached through the fields that can hold any byte: message id and serial.
        let hh = h;
        if (pos < 2) hh = { ...h, msgId: pos === 0 ? (special << 8) | 0x00 : special };
        else if (pos >= 10 && pos < 12) hh = { ...h, serial: pos === 10 ? special << 8 : special };
        else if (pos >= 12) body[pos - 12] = special;
        else continue; // properties and BCD digits cannot hold 0x7e/0x7d
        const frame = encodeFrame(hh, body);
        expect(inner(frame).includes(Buffer.of(0x7d, special === 0x7e ? 0x02 : 0x01))).toBe(true);
        expect(decodeFrame(inner(frame))).toEqual({ header: hh, body });
      }
    }
    // The checksum itself: a body byte chosen so that the XOR comes out as the flag or the escape.
    for (const special of [0x7e, 0x7d]) {
      const body = Buffer.alloc(20, 0x11);
      const sum = inner(encodeFrame(h, body));
      body[0] ^= sum[sum.length - 1] ^ special;
      const frame = encodeFrame(h, body);
      expect(frame.subarray(frame.length - 3, frame.length - 1)).toEqual(Buffer.of(0x7d, special === 0x7e ? 0x02 : 0x01));
      expect(decodeFrame(inner(frame)).body).toEqual(body);
    }
  });

  it('refuses a bad checksum, a bad escape, a length that disagrees and every truncation', () => {
    const h: Header = { msgId: 0x0002, version: 2019, protocolVersion: 1, phone: '00000000013912345678', serial: 7, encryption: 0 };
    const good = inner(encodeFrame(h, Buffer.from('abc')));
    const badSum = Buffer.from(good);
    badSum[badSum.length - 1] ^= 0x01;
    expect(() => decodeFrame(badSum)).toThrow(/校验码/);
    expect(() => decodeFrame(Buffer.concat([good.subarray(0, 5), Buffer.of(0x7d, 0x05), good.subarray(5)]))).toThrow(/无效转义/);
    for (let cut = 0; cut < good.length; cut++) expect(() => decodeFrame(good.subarray(0, cut)), `cut at ${cut}`).toThrow(FrameError);
    // A checksum that is right for a frame whose properties claim more body than it has.
    const raw = Buffer.from(good);
    raw[3] += 1;
    raw[raw.length - 1] = raw.subarray(0, raw.length - 1).reduce((x, b) => x ^ b, 0);
    expect(() => decodeFrame(escape(raw))).toThrow(/长度/);
  });

  it('decodes a published 2019 location report and 0x0704 batch byte for byte', () => {
    // Captures from the xtream-codec project's JT/T 808-2019 samples.
    const f = decodeFrame(inner(hex('7e02004026010000000001391234432900000000006f0000001601dc9a0707456246007b004200032501292233440202006401040000000c417e')));
    expect(f.header).toMatchObject({ msgId: 0x0200, version: 2019, protocolVersion: 1, phone: '00000000013912344329', serial: 0 });
    const r = decodeLocation(f.body);
    expect(r).toMatchObject({ alarm: 111, status: 22, latitude: 31234567, longitude: 121987654, altitude: 123, speed: 66, direction: 3, time: Date.UTC(2025, 0, 29, 14, 33, 44) });
    expect(r.extras).toEqual([{ id: 0x02, data: hex('0064') }, { id: 0x01, data: hex('0000000c') }]);
    const b = decodeFrame(inner(hex('7e0704403f01000000000139123443290000000200001c000000010000000101d907f2073d336c029a00210059241029213903001c000000010000000101d907f3073d336d03090043005a241029213903f87e')));
    const batch = decodeBatch(b.body);
    expect(batch.type).toBe(0);
    expect(batch.reports.map((x) => [x.latitude, x.longitude, x.altitude, x.speed, x.direction])).toEqual([[31000562, 121451372, 666, 33, 89], [31000563, 121451373, 777, 67, 90]]);
    expect(batch.reports[0].time).toBe(Date.UTC(2024, 9, 29, 13, 39, 3));
  });
});

describe('the byte stream', () => {
  const h: Header = { msgId: 0x0002, version: 2013, protocolVersion: 0, phone: '013912345678', serial: 1, encryption: 0 };

  it('finds every frame however the stream is cut, with noise between them counted as bad content', () => {
    const frames = [encodeFrame(h, Buffer.from([0x7e, 1])), encodeFrame({ ...h, serial: 2 }, Buffer.alloc(0)), encodeFrame({ ...h, serial: 3 }, Buffer.from([0x7d]))];
    const stream = Buffer.concat([Buffer.from('noise'), frames[0], frames[1], Buffer.from('xx'), frames[2]]);
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 8 }), (cuts) => {
      const s = new FrameSplitter(() => {});
      const out: Buffer[] = [];
      let from = 0;
      for (const c of [...cuts.sort((a, b) => a - b), stream.length]) { out.push(...s.push(stream.subarray(from, c))); from = c; }
      const decoded = out.map((c) => { try { return decodeFrame(c).header.serial; } catch { return 'bad'; } });
      expect(decoded).toEqual(['bad', 1, 2, 'bad', 3]);
    }));
  });

  it('drops a run without a flag longer than any frame, then reads the next frame', () => {
    let overflows = 0;
    const s = new FrameSplitter(() => overflows++);
    expect(s.push(Buffer.alloc(5000, 0x41))).toEqual([]);
    expect(overflows).toBe(1);
    // The flag opening the next frame ends the dropped run: that frame is read whole.
    const next = s.push(encodeFrame({ ...h, serial: 9 }, Buffer.from('ok')));
    expect(next.map((c) => decodeFrame(c).header.serial)).toEqual([9]);
    expect(overflows).toBe(1);
  });
});

describe('sub-packages', () => {
  it('a long body goes in parts of 1023 bytes with consecutive serials and comes back whole in any order', () => {
    fc.assert(fc.property(fc.integer({ min: MAX_BODY + 1, max: 6 * MAX_BODY }), word, fc.integer({ min: 0, max: 1 << 30 }), (length, start, seed) => {
      const body = Buffer.alloc(length);
      for (let i = 0; i < length; i++) body[i] = (i * 31 + seed) & 0xff;
      let serial = start;
      const frames = encodeMessage({ msgId: 0x0704, version: 2019, protocolVersion: 1, phone: '1'.padStart(20, '0'), encryption: 0 }, body, () => (serial = (serial + 1) & 0xffff));
      const decoded = frames.map((f) => decodeFrame(inner(f)));
      expect(decoded.every((f) => f.body.length <= MAX_BODY)).toBe(true);
      // Shuffled by the seed: the last part to arrive completes the message.
      const order = decoded.map((f, i) => ({ f, k: (i * 7919 + seed) % 104729 })).sort((a, b) => a.k - b.k).map((x) => x.f);
      const r = new Reassembler();
      const results = order.map((f) => r.add(f));
      expect(results.slice(0, -1).every((x) => !x.done)).toBe(true);
      const last = results[results.length - 1];
      expect(last.done && last.frame.body).toEqual(body);
      expect(last.done && last.frame.header.serial).toBe((start + 1) & 0xffff);
      expect(r.openCount).toBe(0);
    }), { numRuns: 60 });
  });

  it('keeps a bounded number of unfinished messages', () => {
    const r = new Reassembler();
    let dropped = 0;
    for (let m = 0; m < 20; m++) {
      const res = r.add({ header: { msgId: 0x0704, version: 2013, protocolVersion: 0, phone: '1', serial: m * 10, encryption: 0, packet: { total: 3, index: 1 } }, body: Buffer.alloc(10) });
      if (!res.done) dropped += res.dropped;
    }
    expect(r.openCount).toBe(8);
    expect(dropped).toBe(12);
  });
});

describe('reports as track points (default device profile)', () => {
  it('carries position, speed, mileage, fuel, ACC, doors, cold machine and temperatures both ways', () => {
    const point = {
      lon: 113.662814, lat: -34.758372, gpsTime: Date.UTC(2026, 10, 27, 2, 0, 5), speed: 62.4, direction: 271, odometer: 12345.6,
      status: ACC_BIT | COLD_MACHINE_BIT | doorBit(1) | doorBit(7), t1: 4.2, t2: -18.5, t3: TEMP_NONE, h1: 61.5, oil1: 88.8,
    };
    const r = pointToReport(point, DEFAULT_PROFILE);
    expect(r.status & (1 << 13)).not.toBe(0); // door 1 also in the standard's status bits
    expect(reportToPoint(decodeLocation(encodeLocation(r)), DEFAULT_PROFILE, 0)).toEqual(point);
  });

  it('keeps the last odometer when a report has no mileage item, and reads no sensors a profile does not name', () => {
    const r = pointToReport({ lon: 1, lat: 2, gpsTime: 0, speed: 0, direction: 0, odometer: 9, status: 0, t1: 5 }, DEFAULT_PROFILE);
    const without = { ...r, extras: r.extras.filter((x) => x.id !== 0x01) };
    expect(reportToPoint(without, { rules: [], statusDoors: false }, 77)).toEqual({ lon: 1, lat: 2, gpsTime: 0, speed: 0, direction: 0, odometer: 77, status: 0 });
  });
});
