// Times are stored as epoch milliseconds and shown in Asia/Shanghai as 'YYYY-MM-DD HH:mm:ss'.
const SHANGHAI_OFFSET_MS = 8 * 3600_000; // China has no daylight saving time.

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
