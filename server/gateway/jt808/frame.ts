// JT/T 808 framing: a message is 0x7e, header, body, XOR checksum, 0x7e, with 0x7e and 0x7d inside
// escaped as 0x7d 0x02 and 0x7d 0x01. The header is the 2013 one (phone number BCD[6]) or the 2019
// one (bit 14 of the properties set, a protocol version byte, phone number BCD[10]); either may carry
// a sub-package item (total, index) when bit 13 is set. A body holds at most 1023 bytes; a longer
// message goes as sub-packages with consecutive serial numbers (encodeMessage splits it).
import { Reader, Truncated, Writer } from './bytes.ts';

export const FLAG = 0x7e;
export const ESCAPE = 0x7d;
export const MAX_BODY = 0x3ff;
/** The longest frame content (header 21 + body 1023 + checksum 1) once every byte is escaped. */
export const MAX_ESCAPED_FRAME = 2 * (21 + MAX_BODY + 1);

export type Version = 2013 | 2019;

export interface Header {
  msgId: number;
  version: Version;
  /** 2019 only: the header's protocol version byte (1 for the 2019 edition). */
  protocolVersion: number;
  /** The terminal's phone number as sent: 12 BCD digits (2013) or 20 (2019). */
  phone: string;
  serial: number;
  /** Bits 10-12 of the properties; 0 = not encrypted (the only kind this gateway reads). */
  encryption: number;
  packet?: { total: number; index: number };
}

export interface Frame {
  header: Header;
  body: Buffer;
}

/** A frame that cannot be read: the reason is logged with the terminal, the frame dropped. */
export class FrameError extends Error {}

export const phoneDigits = (v: Version) => (v === 2019 ? 20 : 12);

export function checksum(b: Uint8Array, from = 0, to = b.length): number {
  let x = 0;
  for (let i = from; i < to; i++) x ^= b[i];
  return x;
}

export function escape(raw: Uint8Array): Buffer {
  let extra = 0;
  for (const x of raw) if (x === FLAG || x === ESCAPE) extra++;
  const out = Buffer.alloc(raw.length + extra);
  let j = 0;
  for (const x of raw) {
    if (x === FLAG) { out[j++] = ESCAPE; out[j++] = 0x02; } else if (x === ESCAPE) { out[j++] = ESCAPE; out[j++] = 0x01; } else out[j++] = x;
  }
  return out;
}

export function unescape(escaped: Uint8Array): Buffer {
  const out = Buffer.alloc(escaped.length);
  let j = 0;
  for (let i = 0; i < escaped.length; i++) {
    const x = escaped[i];
    if (x !== ESCAPE) { out[j++] = x; continue; }
    const next = escaped[++i];
    if (next === 0x01) out[j++] = ESCAPE;
    else if (next === 0x02) out[j++] = FLAG;
    else throw new FrameError(next === undefined ? '转义符位于末尾' : `无效转义 0x7d 0x${next.toString(16).padStart(2, '0')}`);
  }
  return out.subarray(0, j);
}

export function encodeHeader(h: Header, bodyLength: number): Buffer {
  if (bodyLength > MAX_BODY) throw new RangeError(`消息体 ${bodyLength} 字节超过 ${MAX_BODY}`);
  const props = bodyLength | ((h.encryption & 7) << 10) | (h.packet ? 0x2000 : 0) | (h.version === 2019 ? 0x4000 : 0);
  const w = new Writer().word(h.msgId).word(props);
  if (h.version === 2019) w.byte(h.protocolVersion);
  w.bcd(h.phone, phoneDigits(h.version) / 2).word(h.serial);
  if (h.packet) w.word(h.packet.total).word(h.packet.index);
  return w.done();
}

/** A whole frame on the wire: flags, escaped header + body + checksum. */
export function encodeFrame(h: Header, body: Uint8Array): Buffer {
  const head = encodeHeader(h, body.length);
  const raw = Buffer.concat([head, body, Buffer.of(0)]);
  raw[raw.length - 1] = checksum(raw, 0, raw.length - 1);
  return Buffer.concat([Buffer.of(FLAG), escape(raw), Buffer.of(FLAG)]);
}

/**
 * The frames of one message: one frame when the body fits, else sub-packages of at most 1023 bytes
 * each, numbered 1..n, each with the next serial number from `nextSerial`.
 */
export function encodeMessage(h: Omit<Header, 'serial' | 'packet'>, body: Uint8Array, nextSerial: () => number): Buffer[] {
  if (body.length <= MAX_BODY) return [encodeFrame({ ...h, serial: nextSerial() }, body)];
  const total = Math.ceil(body.length / MAX_BODY);
  if (total > 0xffff) throw new RangeError('消息过长');
  return Array.from({ length: total }, (_, i) =>
    encodeFrame({ ...h, serial: nextSerial(), packet: { total, index: i + 1 } }, body.subarray(i * MAX_BODY, (i + 1) * MAX_BODY)));
}

/** Reads one frame's content (between the 0x7e flags, still escaped). */
export function decodeFrame(content: Uint8Array): Frame {
  const raw = unescape(content);
  if (raw.length < 13) throw new FrameError(`帧长度 ${raw.length} 字节，短于消息头`);
  const sum = checksum(raw, 0, raw.length - 1);
  if (sum !== raw[raw.length - 1]) throw new FrameError(`校验码错误（应为 0x${sum.toString(16)}，收到 0x${raw[raw.length - 1].toString(16)}）`);
  const r = new Reader(raw.subarray(0, raw.length - 1));
  try {
    const msgId = r.word();
    const props = r.word();
    const version: Version = props & 0x4000 ? 2019 : 2013;
    const protocolVersion = version === 2019 ? r.byte() : 0;
    const phone = r.bcd(phoneDigits(version) / 2, '终端手机号');
    const serial = r.word();
    const packet = props & 0x2000 ? { total: r.word(), index: r.word() } : undefined;
    const length = props & MAX_BODY;
    if (r.remaining !== length) throw new FrameError(`消息体长度 ${r.remaining} 与消息头的 ${length} 不符`);
    if (packet && (packet.total < 1 || packet.index < 1 || packet.index > packet.total)) throw new FrameError(`分包序号 ${packet.index}/${packet.total} 无效`);
    return { header: { msgId, version, protocolVersion, phone, serial, encryption: (props >> 10) & 7, ...(packet ? { packet } : {}) }, body: r.rest() };
  } catch (err) {
    if (err instanceof Truncated) throw new FrameError(err.message);
    throw err;
  }
}

/**
 * Cuts a TCP byte stream into frame contents at the 0x7e flags. Bytes before a frame's flag (noise)
 * come out as a content of their own and fail to decode, so they are counted, not silently lost.
 * A run without a flag longer than any frame can be is dropped at once (`onOverflow`), so one
 * connection never holds more than MAX_ESCAPED_FRAME bytes.
 */
export class FrameSplitter {
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private discarding = false;

  constructor(private readonly onOverflow: () => void) {}

  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let from = 0;
    for (let i = chunk.indexOf(FLAG); i !== -1; i = chunk.indexOf(FLAG, from)) {
      this.keep(chunk.subarray(from, i));
      if (!this.discarding && this.pendingLength > 0) out.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
      this.pending = [];
      this.pendingLength = 0;
      this.discarding = false;
      from = i + 1;
    }
    this.keep(chunk.subarray(from));
    return out;
  }

  private keep(part: Buffer) {
    if (this.discarding || part.length === 0) return;
    if (this.pendingLength + part.length > MAX_ESCAPED_FRAME) {
      this.pending = [];
      this.pendingLength = 0;
      this.discarding = true;
      this.onOverflow();
      return;
    }
    this.pending.push(Buffer.from(part));
    this.pendingLength += part.length;
  }
}
