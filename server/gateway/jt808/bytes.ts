// Reading and writing JT/T 808's field types: BYTE, WORD, DWORD (big-endian), BCD[n], fixed-width
// BYTE[n] text padded with 0x00, and STRING in GBK. A reader that runs past its buffer throws
// Truncated, which the gateway counts as a malformed message, never as a crash.

export class Truncated extends Error {
  constructor(what: string) {
    super(`报文过短: ${what}`);
  }
}

export class Reader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}

  get remaining() { return this.buf.length - this.at; }

  private take(n: number, what: string): Buffer {
    if (this.at + n > this.buf.length) throw new Truncated(what);
    const out = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  byte(what = 'BYTE') { return this.take(1, what)[0]; }
  word(what = 'WORD') { return this.take(2, what).readUInt16BE(0); }
  dword(what = 'DWORD') { return this.take(4, what).readUInt32BE(0); }
  bytes(n: number, what = 'BYTE[n]') { return Buffer.from(this.take(n, what)); }
  bcd(n: number, what = 'BCD') { return fromBcd(this.take(n, what)); }
  /** BYTE[n] holding ASCII text, padded with 0x00 (or spaces) on the right. */
  fixedText(n: number, what = 'BYTE[n]') { return this.take(n, what).toString('latin1').replace(/[\0 ]+$/, ''); }
  /** GBK text of n bytes. */
  gbk(n: number, what = 'STRING') { return decodeGbk(this.take(n, what)); }
  /** The rest of the body as GBK text (a STRING at the end of a message). */
  restGbk() { return decodeGbk(this.take(this.remaining, 'STRING')).replace(/\0+$/, ''); }
  rest() { return this.bytes(this.remaining); }
}

export class Writer {
  private parts: Buffer[] = [];

  byte(v: number) { this.parts.push(Buffer.from([v & 0xff])); return this; }
  word(v: number) { const b = Buffer.alloc(2); b.writeUInt16BE(v & 0xffff); this.parts.push(b); return this; }
  dword(v: number) { const b = Buffer.alloc(4); b.writeUInt32BE(v >>> 0); this.parts.push(b); return this; }
  bytes(b: Uint8Array) { this.parts.push(Buffer.from(b)); return this; }
  bcd(digits: string, n: number) { this.parts.push(toBcd(digits, n)); return this; }
  fixedText(text: string, n: number) {
    const b = Buffer.alloc(n);
    Buffer.from(text, 'latin1').copy(b, 0, 0, n);
    this.parts.push(b);
    return this;
  }
  gbk(text: string) { this.parts.push(encodeGbk(text)); return this; }
  done() { return Buffer.concat(this.parts); }
}

/** BCD digits of the bytes, high nibble first; a nibble above 9 is refused. */
export function fromBcd(b: Uint8Array): string {
  let s = '';
  for (const x of b) {
    const hi = x >> 4, lo = x & 0xf;
    if (hi > 9 || lo > 9) throw new Truncated('BCD 含非数字');
    s += hi.toString() + lo.toString();
  }
  return s;
}

/** n bytes of BCD, the digits right-aligned and left-padded with zeros. */
export function toBcd(digits: string, n: number): Buffer {
  if (!/^\d*$/.test(digits) || digits.length > n * 2) throw new RangeError(`BCD[${n}] 不能容纳 ${digits}`);
  const padded = digits.padStart(n * 2, '0');
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (Number(padded[2 * i]) << 4) | Number(padded[2 * i + 1]);
  return b;
}

const gbkDecoder = new TextDecoder('gbk');
export const decodeGbk = (b: Uint8Array) => gbkDecoder.decode(b);

// Node can decode GBK but not encode it: the encoding table is built once, when first needed, by
// decoding every double-byte code, so the one GBK table is the platform's own.
let gbkTable: Map<string, number> | null = null;
function table(): Map<string, number> {
  if (gbkTable) return gbkTable;
  gbkTable = new Map();
  const fatal = new TextDecoder('gbk', { fatal: true });
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      try {
        const ch = fatal.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && !gbkTable.has(ch)) gbkTable.set(ch, (lead << 8) | trail);
      } catch { /* not a GBK code */ }
    }
  }
  return gbkTable;
}

/** GBK bytes of the text; a character GBK lacks becomes '?'. */
export function encodeGbk(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) { out.push(c); continue; }
    const code = table().get(ch);
    if (code === undefined) out.push(0x3f);
    else out.push(code >> 8, code & 0xff);
  }
  return Buffer.from(out);
}
