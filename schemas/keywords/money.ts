/**
 * Money (`x-money`): stored and sent as an integer number of fen (分), shown and typed as yuan (元)
 * with at most two decimals. The one conversion between the two, for console and server alike.
 *
 * Conversions work on the decimal text, never by multiplying a float: 0.29 * 100 is
 * 28.999999999999996 in binary floating point, and a rounding step after it would hide the error
 * only until some other value came out on the wrong side.
 */

/** The largest amount a number holds exactly: 90,071,992,547,409.91 元. */
export const MAX_FEN = Number.MAX_SAFE_INTEGER;

export const MONEY_MESSAGES = {
  notAmount: '请输入金额，如 1234.50',
  decimals: '最多两位小数',
  negative: '不能为负数',
  tooLarge: '数额过大',
  notFen: '应为整数（分）',
} as const;

export type YuanParse = { fen: number | null; message?: undefined } | { fen?: undefined; message: string };

const AMOUNT = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * The fen of a typed yuan text: '1234.5' → 123450, '0.01' → 1, '' → null (no value). Commas between
 * thousands, spaces and a leading ¥ or trailing 元 are allowed as a user pastes them. More than two
 * decimals, a negative amount or anything that is not a number is refused with its message.
 */
export function parseYuan(input: string): YuanParse {
  let t = input.trim().replace(/^[¥￥]\s*/, '').replace(/\s*元$/, '');
  if (t === '') return input.trim() === '' ? { fen: null } : { message: MONEY_MESSAGES.notAmount };
  if (t.startsWith('-')) return /^-[\d.,\s]+$/.test(t) ? { message: MONEY_MESSAGES.negative } : { message: MONEY_MESSAGES.notAmount };
  if (t.startsWith('+')) t = t.slice(1);
  // Thousands separators only where they belong: 1,234,567.89.
  if (t.includes(',')) {
    if (!/^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(t)) return { message: MONEY_MESSAGES.notAmount };
    t = t.replace(/,/g, '');
  }
  const m = AMOUNT.exec(t);
  if (!m) return { message: MONEY_MESSAGES.notAmount };
  const whole = m[1] ?? '0';
  const decimals = m[2] ?? m[3] ?? '';
  if (decimals.length > 2) return { message: MONEY_MESSAGES.decimals };
  const digits = (whole.replace(/^0+(?=\d)/, '') + decimals.padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  // Compared as text first: Number() of a 30-digit string would already have lost digits.
  if (digits.length > String(MAX_FEN).length || (digits.length === String(MAX_FEN).length && digits > String(MAX_FEN))) {
    return { message: MONEY_MESSAGES.tooLarge };
  }
  return { fen: Number(digits) };
}

/** Whether a value is a valid stored amount: an integer number of fen within the exact range. */
export const isFen = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The plain yuan text of an amount in fen, as a form shows it: 123450 → '1234.50', -5 → '-0.05'. */
export function fenToYuan(fen: number): string {
  if (!isFen(fen)) throw new RangeError(`not an amount in fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const digits = String(Math.abs(fen)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The amount as lists and details show it: 123450 → '¥1,234.50', -5 → '-¥0.05'. */
export function formatYuan(fen: number): string {
  const plain = fenToYuan(fen);
  const negative = plain.startsWith('-');
  const [whole, decimals] = (negative ? plain.slice(1) : plain).split('.');
  return `${negative ? '-' : ''}¥${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
}

/** A limit of a money field said in yuan, for messages ('不能大于9,999,999,999.99元'). */
export const yuanLimitText = (fen: number): string => (isFen(fen) ? `${formatYuan(fen).replace('¥', '')}元` : String(fen));

/**
 * The x-money rule on a value: an integer of fen (what the API takes), or in a form the text the
 * user typed that is not a valid amount (the widget passes it through so its reason is shown).
 */
export function moneyRule(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const parsed = parseYuan(value);
    return parsed.message ?? MONEY_MESSAGES.notFen;
  }
  if (typeof value === 'number' && !isFen(value)) return Number.isInteger(value) ? MONEY_MESSAGES.tooLarge : MONEY_MESSAGES.notFen;
  return null;
}
