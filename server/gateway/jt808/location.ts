// A location report as a track point (server/tracking/columns.ts) and back: coordinates WGS-84 as
// the terminal sends them (the store is WGS-84 too), speed km/h, odometer from item 0x01, oil from
// 0x02, ACC from status bit 0, doors from status bits 13-17 and the extension items the terminal's
// device profile names. The reverse (pointToReport) is what the simulated terminals send.
import { ACC_BIT, COLD_MACHINE_BIT, HUMIDITY_NONE, TEMP_NONE, doorBit, type TrackPoint } from '../../tracking/columns.ts';
import type { DeviceProfile } from './device-profiles.ts';
import type { ExtraItem, LocationReport } from './messages.ts';

export const Status = { ACC: 1 << 0, POSITIONED: 1 << 1, SOUTH: 1 << 2, WEST: 1 << 3 } as const;
/** Status bits 13-17: 门1 (front) .. 门5 (custom). */
export const STATUS_DOOR_SHIFT = 13;
export const STATUS_DOORS = 5;
/** Alarm bits the simulator sets (the platform raises its own alarms from the data). */
export const Alarm = { EMERGENCY: 1 << 0, OVERSPEED: 1 << 1 } as const;

export const Extra = { MILEAGE: 0x01, FUEL: 0x02, RECORDER_SPEED: 0x03 } as const;
const NO_TEMPERATURE = 0x7fff;
const NO_HUMIDITY = 0xffff;

/** True when the report holds a fix; a report without one is answered but not stored. */
export const positioned = (r: LocationReport) => (r.status & Status.POSITIONED) !== 0;

/**
 * The point a report stands for. `lastOdometer` stands in when the report carries no mileage item:
 * the store needs an odometer on every point, and a terminal without one has not moved its meter.
 */
export function reportToPoint(r: LocationReport, profile: DeviceProfile, lastOdometer: number): TrackPoint {
  const p: TrackPoint = {
    lon: (r.status & Status.WEST ? -1 : 1) * r.longitude / 1e6,
    lat: (r.status & Status.SOUTH ? -1 : 1) * r.latitude / 1e6,
    gpsTime: r.time,
    speed: r.speed / 10,
    direction: r.direction % 360,
    odometer: lastOdometer,
    status: r.status & Status.ACC ? ACC_BIT : 0,
  };
  if (profile.statusDoors) for (let d = 0; d < STATUS_DOORS; d++) if (r.status & (1 << (STATUS_DOOR_SHIFT + d))) p.status |= doorBit(d + 1);
  for (const x of r.extras) {
    if (x.id === Extra.MILEAGE && x.data.length >= 4) p.odometer = x.data.readUInt32BE(0) / 10;
    else if (x.id === Extra.FUEL && x.data.length >= 2) p.oil1 = x.data.readUInt16BE(0) / 10;
    const rule = profile.rules.find((k) => k.item === x.id);
    if (!rule) continue;
    const first = rule.firstChannel ?? 1;
    if (rule.kind === 'temperature') {
      for (let i = 0; 2 * i + 1 < x.data.length && first + i <= 16; i++) {
        const v = x.data.readInt16BE(2 * i);
        p[`t${first + i}`] = v === NO_TEMPERATURE ? TEMP_NONE : v / 10;
      }
    } else if (rule.kind === 'humidity') {
      for (let i = 0; 2 * i + 1 < x.data.length && first + i <= 16; i++) {
        const v = x.data.readUInt16BE(2 * i);
        p[`h${first + i}`] = v === NO_HUMIDITY ? HUMIDITY_NONE : v / 10;
      }
    } else if (rule.kind === 'doors' && x.data.length >= 2) {
      p.status |= x.data.readUInt16BE(0);
    } else if (rule.kind === 'coldMachine' && x.data.length >= 1 && x.data[0] !== 0) {
      p.status |= COLD_MACHINE_BIT;
    }
  }
  return p;
}

const word = (v: number) => { const b = Buffer.alloc(2); b.writeUInt16BE(v & 0xffff); return b; };

/** A report carrying the point, its sensors in the profile's extension items (the simulator's side). */
export function pointToReport(p: TrackPoint, profile: DeviceProfile, alarm = 0): LocationReport {
  let status = Status.POSITIONED | (p.status & ACC_BIT ? Status.ACC : 0) | (p.lat < 0 ? Status.SOUTH : 0) | (p.lon < 0 ? Status.WEST : 0);
  const extras: ExtraItem[] = [];
  const mileage = Buffer.alloc(4);
  mileage.writeUInt32BE(Math.round(p.odometer * 10));
  extras.push({ id: Extra.MILEAGE, data: mileage });
  if (p.oil1 !== undefined) extras.push({ id: Extra.FUEL, data: word(Math.round(p.oil1 * 10)) });
  const doors = p.status & 0xffff;
  for (const rule of profile.rules) {
    const first = rule.firstChannel ?? 1;
    // Consecutive channels from the rule's first one, as long as the point has them.
    const channels = (prefix: 't' | 'h', code: (v: number) => Buffer) => {
      const values: Buffer[] = [];
      for (let c = first; c <= 16 && p[`${prefix}${c}`] !== undefined; c++) values.push(code(p[`${prefix}${c}`]!));
      if (values.length) extras.push({ id: rule.item, data: Buffer.concat(values) });
    };
    if (rule.kind === 'temperature') channels('t', (v) => { const b = Buffer.alloc(2); b.writeInt16BE(v === TEMP_NONE ? NO_TEMPERATURE : Math.round(v * 10)); return b; });
    else if (rule.kind === 'humidity') channels('h', (v) => word(v === HUMIDITY_NONE ? NO_HUMIDITY : Math.round(v * 10)));
    else if (rule.kind === 'doors' && doors) extras.push({ id: rule.item, data: word(doors) });
    else if (rule.kind === 'coldMachine') extras.push({ id: rule.item, data: Buffer.of(p.status & COLD_MACHINE_BIT ? 1 : 0) });
  }
  if (profile.statusDoors) for (let d = 0; d < STATUS_DOORS; d++) if (doors & doorBit(d + 1)) status |= 1 << (STATUS_DOOR_SHIFT + d);
  return {
    alarm, status, latitude: Math.round(Math.abs(p.lat) * 1e6), longitude: Math.round(Math.abs(p.lon) * 1e6), altitude: 0,
    speed: Math.round(p.speed * 10), direction: Math.round(p.direction) % 360, time: Math.floor(p.gpsTime / 1000) * 1000, extras,
  };
}
