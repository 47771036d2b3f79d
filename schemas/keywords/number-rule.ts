/**
 * The configurable number validator of spec section 5 ("configurable for integer digits, decimals and
 * minus sign"). Every decimal-shaped rule in this folder goes through `parseDecimal`, so there is one
 * definition of what a well-formed number string is.
 */

export interface DecimalParts {
  negative: boolean;
  intPart: string;
  fracPart: string;
}

export interface NumberRuleOptions {
  /** Most digits before the point; omitted = unlimited. */
  intDigits?: number;
  /** Most digits after the point; 0 = integers only. */
  decimals: number;
  /** Whether a leading '-' is accepted; default false (zero and positives only). */
  allowNegative?: boolean;
}

// No '+', no exponent, no leading zeros ('007'), no bare '.5' or '5.': forms a user would not type
// for an amount, and forms that would make digit counting ambiguous.
const DECIMAL = /^(-)?(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * Turns a JS number into the plain decimal string it denotes. String(n) gives the shortest
 * round-tripping form, but switches to exponent notation (1e-7, 1e+21), which we expand exactly
 * instead of using toFixed, whose binary noise would invent decimals.
 */
export function plainNumberString(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, lead, rest = '', expStr] = m;
  const digits = lead + rest;
  const point = 1 + Number(expStr); // position of the point within `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Splits a number (or numeric string) into sign, integer and fraction digits; null when malformed. */
export function parseDecimal(value: string | number): DecimalParts | null {
  const s = typeof value === 'number' ? plainNumberString(value) : value;
  if (s === null) return null;
  const m = DECIMAL.exec(s);
  if (!m) return null;
  return { negative: m[1] === '-', intPart: m[2], fracPart: m[3] ?? '' };
}

/** The message of a configuration, built as the spec's number validators word it. */
export function numberRuleMessage({ intDigits, decimals, allowNegative = false }: NumberRuleOptions): string {
  const intText = intDigits === undefined ? '' : `最多${intDigits}位`;
  if (decimals === 0) return `请输入${intText}整数`;
  const kind = allowNegative ? '数字' : '正数';
  if (intDigits === undefined) return `请输入最多${decimals}位小数的${kind}`;
  return `请输入整数部分最多${intDigits}位、最多${decimals}位小数的${kind}`;
}

/** True when `value` fits the configuration (sign, integer digits, decimals). */
export function fitsNumber(value: string | number, options: NumberRuleOptions): boolean {
  const parts = parseDecimal(value);
  if (!parts) return false;
  if (parts.negative && !options.allowNegative) return false;
  if (options.intDigits !== undefined && parts.intPart.length > options.intDigits) return false;
  return parts.fracPart.length <= options.decimals;
}

/** Builds a validator returning null when valid, otherwise the Chinese message. */
export function numberRule(options: NumberRuleOptions): (value: string | number) => string | null {
  const message = numberRuleMessage(options);
  return (value) => (fitsNumber(value, options) ? null : message);
}
