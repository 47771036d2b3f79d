// Time cells → epoch milliseconds, read as Asia/Shanghai wall time (how formatTime shows them). An
// Excel date cell reaches exceljs as a Date whose UTC fields are the wall time typed; a text cell
// is 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' ('/' also accepted as separator).
const SHANGHAI_OFFSET_MS = 8 * 3600_000; // China has no daylight saving time.

export function cellTime(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime() - SHANGHAI_OFFSET_MS;
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // 2026-02-30 or 25:00 rolls over in Date.UTC: refused, not silently moved.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return ms - SHANGHAI_OFFSET_MS;
}
