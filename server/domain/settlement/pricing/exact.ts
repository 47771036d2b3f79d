// Exact arithmetic for pricing: every amount is a fraction of BigInts until the one rounding to fen.
// BigInt rather than scaled JavaScript numbers because a product such as unit price × grams × oil price
// × coefficient passes 2^53 long before any real amount does (docs/decisions.md "Pricing arithmetic").

/** A fraction num/den with den > 0. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export const frac = (num: bigint, den: bigint = 1n): Fraction => {
  if (den === 0n) throw new RangeError('zero denominator');
  return den < 0n ? { num: -num, den: -den } : { num, den };
};

export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.num, a.den * b.den);

/**
 * 四舍五入 to a whole fen: half away from zero, so a negative line (a fuel surcharge when oil got
 * cheaper) is the mirror of the positive one. The only place pricing leaves exact arithmetic.
 */
export function roundHalfAwayFromZero(f: Fraction): number {
  const negative = f.num < 0n;
  const abs = negative ? -f.num : f.num;
  const rounded = (2n * abs + f.den) / (2n * f.den);
  return Number(negative ? -rounded : rounded);
}

/** The exact decimal text of value / 10^places (value 12500, places 3 → '12.5'). */
export function decimalText(value: bigint | number, places: number): string {
  const v = BigInt(value);
  const sign = v < 0n ? '-' : '';
  const digits = (v < 0n ? -v : v).toString().padStart(places + 1, '0');
  if (places === 0) return sign + digits;
  const whole = digits.slice(0, -places);
  const part = digits.slice(-places).replace(/0+$/, '');
  return sign + whole + (part ? `.${part}` : '');
}

/**
 * A decimal input (a tier bound in tons, a coefficient) as an integer of its `scale`-th parts. Inputs
 * carry far fewer decimals than the scale resolves, so rounding here only removes binary noise
 * (0.1234 × 10000 = 1234.0000000000002).
 */
export const toScaled = (value: number, scale: number): bigint => BigInt(Math.round(value * scale));
