// The message bodies this gateway speaks (JT/T 808-2013 and -2019), each as a decode and an encode
// that are exact inverses (tests/jt808-codec.test.ts checks every one with random values). Values
// stay in the standard's units here (1e-6 degrees, 0.1 km/h, BCD time); location.ts gives them
// meaning for the track store.
import { Reader, Writer, fromBcd, toBcd } from './bytes.ts';
import type { Version } from './frame.ts';

export const MsgId = {
  TERMINAL_ANSWER: 0x0001,
  HEARTBEAT: 0x0002,
  REGISTER: 0x0100,
  AUTHENTICATE: 0x0102,
  LOCATION: 0x0200,
  LOCATION_QUERY_ANSWER: 0x0201,
  LOCATION_BATCH: 0x0704,
  PLATFORM_ANSWER: 0x8001,
  REGISTER_ANSWER: 0x8100,
  LOCATION_QUERY: 0x8201,
} as const;

/** 0x8001 / 0x0001 results. */
export const Result = { OK: 0, FAILED: 1, BAD_MESSAGE: 2, UNSUPPORTED: 3 } as const;
/** 0x8100 results: 0 success, 1 vehicle already registered, 2 no such vehicle, 3 terminal already registered, 4 no such terminal. */
export const RegisterResult = { OK: 0, NO_VEHICLE: 2, NO_TERMINAL: 4 } as const;

export interface GeneralAnswer { serial: number; msgId: number; result: number }

export const decodeAnswer = (b: Buffer): GeneralAnswer => {
  const r = new Reader(b);
  return { serial: r.word('应答流水号'), msgId: r.word('应答ID'), result: r.byte('结果') };
};
export const encodeAnswer = (a: GeneralAnswer) => new Writer().word(a.serial).word(a.msgId).byte(a.result).done();

export interface Registration {
  province: number;
  city: number;
  manufacturer: string;
  model: string;
  terminalId: string;
  plateColor: number;
  plate: string;
}

/** Widths of the registration's fixed text fields: manufacturer, model, terminal id. */
const REG_WIDTHS: Record<Version, [number, number, number]> = { 2013: [5, 20, 7], 2019: [11, 30, 30] };

export function decodeRegistration(b: Buffer, v: Version): Registration {
  const r = new Reader(b);
  const [m, mo, id] = REG_WIDTHS[v];
  return {
    province: r.word('省域ID'), city: r.word('市县域ID'), manufacturer: r.fixedText(m, '制造商ID'), model: r.fixedText(mo, '终端型号'),
    terminalId: r.fixedText(id, '终端ID'), plateColor: r.byte('车牌颜色'), plate: r.restGbk(),
  };
}

export function encodeRegistration(reg: Registration, v: Version): Buffer {
  const [m, mo, id] = REG_WIDTHS[v];
  return new Writer().word(reg.province).word(reg.city).fixedText(reg.manufacturer, m).fixedText(reg.model, mo).fixedText(reg.terminalId, id)
    .byte(reg.plateColor).gbk(reg.plate).done();
}

export interface RegisterAnswer { serial: number; result: number; authCode: string }

export function decodeRegisterAnswer(b: Buffer): RegisterAnswer {
  const r = new Reader(b);
  const serial = r.word('应答流水号');
  const result = r.byte('结果');
  return { serial, result, authCode: result === RegisterResult.OK ? r.restGbk() : '' };
}

/** The code goes only with a success (the standard sends it on result 0 alone). */
export const encodeRegisterAnswer = (a: RegisterAnswer) => {
  const w = new Writer().word(a.serial).byte(a.result);
  if (a.result === RegisterResult.OK) w.gbk(a.authCode);
  return w.done();
};

export interface Authentication { authCode: string; imei: string; softwareVersion: string }

/** 2013: the body is the code. 2019: code length, code, IMEI BYTE[15], software version BYTE[20]. */
export function decodeAuthentication(b: Buffer, v: Version): Authentication {
  if (v === 2013) return { authCode: new Reader(b).restGbk(), imei: '', softwareVersion: '' };
  const r = new Reader(b);
  const n = r.byte('鉴权码长度');
  return { authCode: r.gbk(n, '鉴权码'), imei: r.fixedText(15, 'IMEI'), softwareVersion: r.fixedText(20, '软件版本号') };
}

export function encodeAuthentication(a: Authentication, v: Version): Buffer {
  if (v === 2013) return new Writer().gbk(a.authCode).done();
  const code = new Writer().gbk(a.authCode).done();
  return new Writer().byte(code.length).bytes(code).fixedText(a.imei, 15).fixedText(a.softwareVersion, 20).done();
}

export interface ExtraItem { id: number; data: Buffer }

/** 0x0200's body as sent: the basic fields, then the additional items in order. */
export interface LocationReport {
  alarm: number;
  status: number;
  /** 1e-6 degrees, unsigned: status bits 2 (south) and 3 (west) give the sign. */
  latitude: number;
  longitude: number;
  /** Metres. */
  altitude: number;
  /** 0.1 km/h. */
  speed: number;
  /** Degrees 0-359 from north. */
  direction: number;
  /** Epoch ms, whole seconds: BCD[6] YYMMDDhhmmss in Beijing time (GMT+8) on the wire. */
  time: number;
  extras: ExtraItem[];
}

const BEIJING_MS = 8 * 3600_000;

export function bcdTime(ms: number): Buffer {
  const d = new Date(ms + BEIJING_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return toBcd(`${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`, 6);
}

export function timeOfBcd(b: Buffer): number {
  const s = fromBcd(b);
  const [yy, mo, dd, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => Number(s.slice(i, i + 2)));
  const t = Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss) - BEIJING_MS;
  // Date.UTC rolls 2026-02-31 over into March: a date that does not exist is a bad message.
  if (mo < 1 || mo > 12 || dd < 1 || hh > 23 || mi > 59 || ss > 59 || new Date(t + BEIJING_MS).getUTCDate() !== dd) throw new RangeError(`时间 ${s} 无效`);
  return t;
}

export function readLocation(r: Reader): LocationReport {
  const report: LocationReport = {
    alarm: r.dword('报警标志'), status: r.dword('状态'), latitude: r.dword('纬度'), longitude: r.dword('经度'), altitude: r.word('高程'),
    speed: r.word('速度'), direction: r.word('方向'), time: timeOfBcd(r.bytes(6, '时间')), extras: [],
  };
  while (r.remaining > 0) {
    const id = r.byte('附加信息ID');
    const n = r.byte('附加信息长度');
    report.extras.push({ id, data: r.bytes(n, `附加信息 0x${id.toString(16)}`) });
  }
  return report;
}

export const decodeLocation = (b: Buffer) => readLocation(new Reader(b));

export function encodeLocation(p: LocationReport): Buffer {
  const w = new Writer().dword(p.alarm).dword(p.status).dword(p.latitude).dword(p.longitude).word(p.altitude).word(p.speed).word(p.direction).bytes(bcdTime(p.time));
  for (const x of p.extras) w.byte(x.id).byte(x.data.length).bytes(x.data);
  return w.done();
}

export interface LocationBatch {
  /** 0 a normal batch, 1 a blind-area re-upload (points kept while out of coverage). */
  type: number;
  reports: LocationReport[];
}

export function decodeBatch(b: Buffer): LocationBatch {
  const r = new Reader(b);
  const count = r.word('数据项个数');
  const type = r.byte('位置数据类型');
  const reports: LocationReport[] = [];
  for (let i = 0; i < count; i++) {
    const n = r.word('位置汇报数据体长度');
    reports.push(decodeLocation(r.bytes(n, `第${i + 1}个位置数据`)));
  }
  return { type, reports };
}

export function encodeBatch(batch: LocationBatch): Buffer {
  const w = new Writer().word(batch.reports.length).byte(batch.type);
  for (const p of batch.reports) {
    const body = encodeLocation(p);
    w.word(body.length).bytes(body);
  }
  return w.done();
}

export interface LocationQueryAnswer { serial: number; report: LocationReport }

export function decodeQueryAnswer(b: Buffer): LocationQueryAnswer {
  const r = new Reader(b);
  return { serial: r.word('应答流水号'), report: readLocation(r) };
}

export const encodeQueryAnswer = (a: LocationQueryAnswer) => Buffer.concat([new Writer().word(a.serial).done(), encodeLocation(a.report)]);
