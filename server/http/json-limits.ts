// Shape limits of a request, checked on the raw text before JSON.parse and the schema see it.
// Validation cost grows with what a body holds, not its bytes: 75,000 unknown keys or 200,000 bad
// array items fit in 1 MiB and used to take seconds (every error collected), and 500,000 nested
// brackets take JSON.parse half a second. One linear pass over the text counts keys per object,
// items per array and depth, and stops at the first limit crossed.
import { ApiError, Code } from './envelope.ts';

/**
 * About five times the largest real object: a track point with every channel has 41 keys, the
 * widest form (vehicle) 23 fields, a report request a few dozen conditions.
 */
export const MAX_KEYS_PER_OBJECT = 200;
/** Real inputs nest 4 levels (setColumn's columns[].fieldId, track points); forms with lists of lists stay well under. */
export const MAX_DEPTH = 16;
/**
 * The largest real list: a track ingestion batch of 10,000 points (MAX_POINTS). Batch ids go to
 * 1000, a role's operation ids to 2000, a fence list to 2000.
 */
export const MAX_ARRAY_ITEMS = 10_000;
/** The widest GET query (the track export) has about ten parameters. */
export const MAX_QUERY_PARAMS = 50;

const refuse = (message: string, field?: string) => new ApiError(Code.INVALID, message, field ? { field } : null);

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

interface Frame {
  array: boolean;
  /** Commas seen: the members are one more. */
  commas: number;
  /** The top-level field this container sits under, to name it in the message. */
  field: string | undefined;
}

/**
 * Throws code 100 when the JSON text holds an object with too many keys, an array with too many
 * items, or containers nested too deep. Malformed text is left to JSON.parse, which refuses it.
 * Strings are skipped whole, so brackets and commas inside them count for nothing.
 */
export function checkJsonShape(text: string): void {
  const stack: Frame[] = [];
  let lastString = -1;
  let field: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      lastString = i;
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (ch === COLON) {
      // A key of the top-level object (short ones only): the field a list under it is named by.
      if (stack.length === 1 && lastString >= 0) field = keyAt(text, lastString);
    } else if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      if (stack.length >= MAX_DEPTH) throw refuse(`请求体嵌套过深，不能超过${MAX_DEPTH}层`);
      const parent = stack[stack.length - 1];
      stack.push({ array: ch === OPEN_ARRAY, commas: 0, field: stack.length === 1 ? field : parent?.field });
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) {
      stack.pop();
    } else if (ch === COMMA) {
      const top = stack[stack.length - 1];
      if (top && ++top.commas >= (top.array ? MAX_ARRAY_ITEMS : MAX_KEYS_PER_OBJECT)) throw tooMany(top);
    }
  }
}

function keyAt(text: string, quote: number): string | undefined {
  const end = text.indexOf('"', quote + 1);
  return end > quote && end - quote <= 65 ? text.slice(quote + 1, end) : undefined;
}

function tooMany(f: Frame): ApiError {
  if (f.array) return refuse(`${f.field ? `${f.field}：` : ''}数组元素过多，不能超过${MAX_ARRAY_ITEMS}个`, f.field);
  return refuse(`请求体字段过多，一个对象不能超过${MAX_KEYS_PER_OBJECT}个字段`, f.field);
}

/** Counts the parameters of a URL's query string without parsing it. */
export function checkQueryCount(url: string): void {
  const q = url.indexOf('?');
  if (q < 0) return;
  let count = 1;
  for (let i = q + 1; i < url.length; i++) {
    const ch = url.charCodeAt(i);
    if (ch === 0x23) break; // '#': the fragment is not sent, but be safe
    if (ch === 0x26 && ++count > MAX_QUERY_PARAMS) throw refuse(`查询参数过多，不能超过${MAX_QUERY_PARAMS}个`);
  }
}
