/**
 * Chinese resident ID numbers (GB 11643-1999). 18-character numbers carry a check character and a
 * birth date we can verify; legacy 15-digit numbers have neither check character nor century, so
 * the spec's "15 digits" is all we can ask of them.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';
// Nobody holding a current card was born before 1900; the upper bound is "today".
const FIRST_BIRTH_YEAR = 1900;

/** The check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

function plausibleBirthDate(yyyymmdd: string, now: Date): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < FIRST_BIRTH_YEAR) return false;
  // Date.UTC rolls 02-30 over to 03-02, so a round trip exposes impossible days.
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() <= now.getTime();
}

/** Accepts 15 digits, or 17 digits + check character (x accepted as X: people type it lowercase). */
export function isIdCard(value: string, now: Date = new Date()): boolean {
  if (/^\d{15}$/.test(value)) return true;
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  if (!plausibleBirthDate(value.slice(6, 14), now)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17].toUpperCase();
}
