// JSON written straight into bytes, for answers of megabytes (an 8000-point track page is about 3 MB):
// no row objects, no JSON.stringify walk, no 3 MB string to be encoded again as UTF-8 by the response.
// Texts that repeat (field names, a vehicle's plate, a fence name, a status text) are encoded once
// by the caller (`text`/`quoted`) and copied as bytes; numbers are written digit by digit, with the
// exact text JavaScript gives them (`${value}`), so the answer is the one a template would build.
//
// The put* functions take the buffer and a position and return the next position: small functions
// of plain arguments that the engine inlines into a row loop, so a row is written with no calls and
// no boxed numbers. The caller makes room first (JsonBytes.room) for what a row can take at most.

const MINUS = 45, DOT = 46, ZERO = 48;
/** Integers below this print with every digit exact and no exponent (and their tenths or millionths too). */
const EXACT_LIMIT = 1e15;
const INT31 = 2_147_483_648;
const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
/** The longest text of a number: '-1.2345678901234567e-300'. */
export const MAX_NUMBER_BYTES = 24;

/** The UTF-8 bytes of a fixed piece of JSON (a field name with its punctuation, say). */
export const text = (s: string): Uint8Array => Buffer.from(s, 'utf8');
/** The bytes of a JSON string literal, escaped by JSON.stringify once. */
export const quoted = (s: string): Uint8Array => Buffer.from(JSON.stringify(s), 'utf8');

/**
 * A fixed text (a field name with its punctuation, a plate, a place) split into little-endian 32-bit
 * words: putWords writes it four bytes per store, which is most of a row's bytes.
 */
export interface Words {
  words: Int32Array;
  length: number;
}

export function words(b: Uint8Array): Words {
  const w = new Int32Array(Math.ceil(b.length / 4));
  new Uint8Array(w.buffer).set(b);
  return { words: w, length: b.length };
}

/**
 * Writes the words at byte p of the view and returns the position after the text. The last word may
 * write up to 3 zero bytes past the text's end: the next write starts there and overwrites them, and
 * room() was asked for them (see WORD_SLACK).
 */
export function putWords(view: DataView, p: number, k: Words): number {
  const w = k.words;
  for (let i = 0; i < w.length; i++) view.setInt32(p + 4 * i, w[i], true);
  return p + k.length;
}

/** What a putWords may write past its text's end. */
export const WORD_SLACK = 3;

/** Bytes encoded earlier (text, quoted). */
export function putBytes(buf: Uint8Array, p: number, b: Uint8Array): number {
  const n = b.length;
  for (let i = 0; i < n; i++) buf[p + i] = b[i];
  return p + n;
}

/** An ASCII string as is (the rare fallback texts). */
function putAscii(buf: Uint8Array, p: number, s: string): number {
  for (let i = 0; i < s.length; i++) buf[p + i] = s.charCodeAt(i);
  return p + s.length;
}

/** 0 <= v < 2^31, an integer. */
function putSmall(buf: Uint8Array, p: number, v: number): number {
  let len = 1;
  for (let x = v; x >= 10; x = (x / 10) | 0) len++;
  let q = p + len;
  do {
    const d = (v / 10) | 0;
    buf[--q] = ZERO + v - d * 10;
    v = d;
  } while (v > 0);
  return p + len;
}

/** 0 <= v < 10^width, an integer, zero padded to `width` digits. */
function putPadded(buf: Uint8Array, p: number, v: number, width: number): number {
  for (let q = p + width - 1; q >= p; q--) {
    const d = (v / 10) | 0;
    buf[q] = ZERO + v - d * 10;
    v = d;
  }
  return p + width;
}

/** 0 <= v < EXACT_LIMIT, an integer. */
function putWhole(buf: Uint8Array, p: number, v: number): number {
  if (v < INT31) return putSmall(buf, p, v);
  const hi = Math.floor(v / 1e8);
  return putPadded(buf, putSmall(buf, p, hi), v - hi * 1e8, 8);
}

/** Exactly `${v}`. */
export function putNumber(buf: Uint8Array, p: number, v: number): number {
  if (v >= 0 && v < INT31 && (v | 0) === v) return putSmall(buf, p, v); // -0 included: it prints as 0
  if (!Number.isInteger(v) || !(Math.abs(v) < EXACT_LIMIT)) return putAscii(buf, p, String(v));
  if (v < 0) (buf[p++] = MINUS), (v = -v);
  return putWhole(buf, p, v);
}

/**
 * Exactly `${n / 10^decimals}` for an integer n (decimals 1 or 6): trailing zeros and a bare point
 * dropped, -0 as 0. A decimal of at most 15 significant digits is the shortest text that reads back
 * as that double, which is what JavaScript prints; no exponent arises between 1e-6 and 1e15.
 */
export function putScaled(buf: Uint8Array, p: number, n: number, decimals: number): number {
  if ((n | 0) !== n) return putScaledLarge(buf, p, n, decimals);
  // A 32-bit integer (-0 included: it prints as 0), the common case, in integer arithmetic.
  if (n < 0) (buf[p++] = MINUS), (n = -n);
  const unit = POW10[decimals];
  const whole = (n / unit) | 0;
  return putFraction(buf, putSmall(buf, p, whole), n - whole * unit, decimals);
}

/** putScaled of any other number: beyond 32 bits, not an integer, or not finite. */
function putScaledLarge(buf: Uint8Array, p: number, n: number, decimals: number): number {
  if (!(Math.abs(n) < EXACT_LIMIT) || !Number.isInteger(n)) return putAscii(buf, p, String(n / POW10[decimals]));
  if (n < 0) (buf[p++] = MINUS), (n = -n);
  const whole = Math.floor(n / POW10[decimals]);
  return putFraction(buf, putWhole(buf, p, whole), n - whole * POW10[decimals], decimals);
}

/** '.' and the digits of frac / 10^decimals (0 <= frac < 10^decimals) without trailing zeros; nothing for 0. */
function putFraction(buf: Uint8Array, p: number, frac: number, decimals: number): number {
  if (frac === 0) return p;
  let width = decimals;
  for (let d = (frac / 10) | 0; frac === d * 10; d = (frac / 10) | 0) (frac = d), width--;
  buf[p] = DOT;
  return putPadded(buf, p + 1, frac, width);
}

/**
 * Most numbers of a track row are small tenths: speeds, directions, sensor readings, the odometer
 * between two points, the alarm flag. Their texts, for -999.9 to 999.9, are kept in a table of two
 * words each (made on first use, 160 KB), so such a number is two stores instead of a digit loop.
 */
const TABLE_TENTHS = 9999;
let tenthsWords: Int32Array | null = null;
let tenthsLengths: Uint8Array | null = null;
function tenthsTable(): Int32Array {
  if (tenthsWords) return tenthsWords;
  const words = new Int32Array(2 * (2 * TABLE_TENTHS + 1));
  const bytes = new Uint8Array(words.buffer);
  const lengths = new Uint8Array(2 * TABLE_TENTHS + 1);
  for (let k = 0; k < lengths.length; k++) lengths[k] = putScaled(bytes, 8 * k, k - TABLE_TENTHS, 1) - 8 * k;
  tenthsLengths = lengths;
  return (tenthsWords = words);
}

/**
 * Exactly `${n / 10}` for an integer n: from the table when |n| <= 9999, else as putScaled writes it.
 * It writes 8 bytes whatever the text's length: room for MAX_NUMBER_BYTES covers them, and the next
 * write starts at the text's end.
 */
export function putTenthsOf(view: DataView, buf: Uint8Array, p: number, n: number): number {
  const k = n + TABLE_TENTHS;
  if (!(k >= 0 && k <= 2 * TABLE_TENTHS && (n | 0) === n)) return putScaled(buf, p, n, 1);
  const t = tenthsWords ?? tenthsTable();
  view.setInt32(p, t[2 * k], true);
  view.setInt32(p + 4, t[2 * k + 1], true);
  return p + tenthsLengths![k];
}

/** A value stored as tenths (speed, sensors): exactly `${v}`, by its tenths (putTenthsOf) when v is n / 10. */
export function putTenthsValue(view: DataView, buf: Uint8Array, p: number, v: number): number {
  const n = Math.round(v * 10);
  return n / 10 === v ? putTenthsOf(view, buf, p, n) : putAscii(buf, p, String(v));
}

/** Two digits, zero padded (a clock's hours, minutes, seconds). */
export function putTwoDigits(buf: Uint8Array, p: number, v: number): number {
  const d = (v / 10) | 0;
  buf[p] = ZERO + d;
  buf[p + 1] = ZERO + v - d * 10;
  return p + 2;
}

const viewOf = (b: Buffer) => new DataView(b.buffer, b.byteOffset, b.length);

/** A growing byte buffer: make room, write with the put* functions, move the end on. */
export class JsonBytes {
  private buf: Buffer;
  private dataView: DataView;
  private pos = 0;

  constructor(capacity = 1 << 16) {
    this.buf = Buffer.allocUnsafe(capacity);
    this.dataView = viewOf(this.buf);
  }

  /** Room for n more bytes; returns the buffer to write into at `end`. */
  room(n: number): Buffer {
    if (this.pos + n > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
      this.buf.copy(next, 0, 0, this.pos);
      this.buf = next;
      this.dataView = viewOf(next);
    }
    return this.buf;
  }

  /** room()'s buffer as a DataView, for putWords. */
  get view(): DataView {
    return this.dataView;
  }

  get end(): number {
    return this.pos;
  }

  /** After writing into room()'s buffer up to `end`. */
  set end(p: number) {
    this.pos = p;
  }

  bytes(b: Uint8Array): void {
    this.pos = putBytes(this.room(b.length), this.pos, b);
  }

  ascii(s: string): void {
    this.pos = putAscii(this.room(s.length), this.pos, s);
  }

  /** Starts again from empty, keeping the buffer (one writer serves request after request). */
  reset(): this {
    this.pos = 0;
    return this;
  }

  /** The answer so far: a view over the writer's buffer, valid until the next write (copy it to keep it). */
  result(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
