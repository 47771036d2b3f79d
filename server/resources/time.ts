// Times are stored as epoch milliseconds and shown in Asia/Shanghai as 'YYYY-MM-DD HH:mm:ss'. The
// Asia/Shanghai calendar day is the business day everywhere (reports, contract validity, bill periods).
export const SHANGHAI_OFFSET_MS = 8 * 3600_000; // China has no daylight saving time.
export const DAY_MS = 86_400_000;

/** Midnight (Asia/Shanghai) at the start of the day holding `ms`, as epoch ms. */
export const shanghaiDayStart = (ms: number) => Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;

/** Midnight (Asia/Shanghai) at the start of a 'YYYY-MM-DD' day, as epoch ms. */
export const shanghaiDateStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The Asia/Shanghai day of an instant as 'YYYY-MM-DD' ('' for none). */
export const formatDay = (ms: number | null | undefined): string => formatTime(ms).slice(0, 10);

export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
