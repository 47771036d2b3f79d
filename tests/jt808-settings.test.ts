// The gateway's settings and the simulated drive: JT808_PORT (off when empty, refused when not a
// port), device profiles from a file (a model's own mapping of extension items, `default` for the
// rest, a wrong file refused naming the field), and the simulator's vehicle, which stops at its
// fences with the door open, speeds once per leg with the overspeed bit, and keeps cold cargo cool.
import { describe, expect, it } from 'vitest';
import { jt808PortFrom } from '../server/gateway/jt808/start.ts';
import { DEFAULT_PROFILE, parseProfiles, profileFor } from '../server/gateway/jt808/device-profiles.ts';
import { Alarm, reportToPoint } from '../server/gateway/jt808/location.ts';
import { cycleMs, simulatedPoint, STOP_MS, type SimRoute } from '../server/gateway/jt808/sim-drive.ts';
import { ACC_BIT, COLD_MACHINE_BIT, TEMP_NONE, doorBit } from '../server/tracking/columns.ts';
import type { LocationReport } from '../server/gateway/jt808/messages.ts';

describe('JT808_PORT', () => {
  it('is off when unset or empty, a port when valid, refused otherwise', () => {
    expect(jt808PortFrom({})).toBeNull();
    expect(jt808PortFrom({ JT808_PORT: ' ' })).toBeNull();
    expect(jt808PortFrom({ JT808_PORT: '8808' })).toBe(8808);
    expect(() => jt808PortFrom({ JT808_PORT: '70000' })).toThrow(/JT808_PORT/);
    expect(() => jt808PortFrom({ JT808_PORT: 'abc' })).toThrow(/JT808_PORT/);
  });
});

describe('device profiles', () => {
  const profiles = { default: DEFAULT_PROFILE, ...parseProfiles({ 'HT-808A': { rules: [{ item: '0xEB', kind: 'temperature', firstChannel: 3 }, { item: 0xec, kind: 'doors' }], statusDoors: false } }, 'p.json') };
  const base: LocationReport = { alarm: 0, status: 2 | (1 << 13), latitude: 34e6, longitude: 113e6, altitude: 0, speed: 0, direction: 0, time: 0, extras: [] };

  it('map a model\'s own items to its channels; other models read the default items', () => {
    const report = { ...base, extras: [{ id: 0xeb, data: Buffer.from([0xff, 0x4c, 0x7f, 0xff]) }, { id: 0xec, data: Buffer.from([0, 4]) }, { id: 0xe1, data: Buffer.from([0, 45]) }] };
    const own = reportToPoint(report, profileFor(profiles, 'HT-808A'), 0);
    expect(own).toMatchObject({ t3: -18, t4: TEMP_NONE, status: doorBit(3) });
    expect(own.t1).toBeUndefined(); // 0xE1 means nothing to this model, and status door bits are off for it
    const other = reportToPoint(report, profileFor(profiles, 'unknown-model'), 0);
    expect(other).toMatchObject({ t1: 4.5, status: doorBit(1) });
    expect(other.t3).toBeUndefined();
  });

  it('refuse a wrong file, naming the model and the field', () => {
    expect(() => parseProfiles({ X: { rules: [{ item: 300, kind: 'temperature' }] } }, 'p.json')).toThrow('p.json: X.rules[0].item');
    expect(() => parseProfiles({ X: { rules: [{ item: 1, kind: 'pressure' }] } }, 'p.json')).toThrow('X.rules[0].kind');
    expect(() => parseProfiles({ X: { rules: [{ item: 1, kind: 'humidity', firstChannel: 17 }] } }, 'p.json')).toThrow('firstChannel');
    expect(() => parseProfiles([], 'p.json')).toThrow('p.json');
  });
});

describe('the simulated drive', () => {
  const route: SimRoute = { stops: [[113.6, 34.7], [114.1, 34.7]], cold: true, phase: 0 };
  // Phase 0: a round trip starts at every multiple of its length, with the stop at the first fence.
  const cycle = cycleMs(route);
  const cycleStart = Math.ceil(1_767_225_600_000 / cycle) * cycle + STOP_MS;

  it('stops at a fence with door 1 open for a while, then drives with ACC on', () => {
    const stop = simulatedPoint(route, cycleStart - STOP_MS + 2 * 60_000).point;
    expect(stop).toMatchObject({ lon: 113.6, lat: 34.7, speed: 0 });
    expect(stop.status & doorBit(1)).toBe(doorBit(1));
    const driving = simulatedPoint(route, cycleStart + 10 * 60_000).point;
    expect(driving.speed).toBeGreaterThan(0);
    expect(driving.status & ACC_BIT).toBe(ACC_BIT);
    expect(driving.lon).toBeGreaterThan(113.6);
    expect(driving.direction).toBe(90);
  });

  it('speeds with the overspeed alarm bit once per leg, and keeps a cold van\'s machine on', () => {
    const minutes = Array.from({ length: 60 }, (_, m) => simulatedPoint(route, cycleStart + m * 60_000));
    const fast = minutes.filter((x) => x.point.speed > 100);
    expect(fast.length).toBeGreaterThan(0);
    expect(fast.every((x) => x.alarm === Alarm.OVERSPEED)).toBe(true);
    expect(minutes.every((x) => (x.point.status & COLD_MACHINE_BIT) !== 0 && typeof x.point.t1 === 'number')).toBe(true);
  });
});
