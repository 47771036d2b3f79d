// Times are shown in Asia/Shanghai as 'YYYY-MM-DD HH:mm:ss' (architecture: server rules), whatever
// time zone the browser runs in.
const SHANGHAI_OFFSET_MS = 8 * 3600_000; // China has no daylight saving time.

const pad = (n: number) => String(n).padStart(2, '0');

export function formatShanghaiTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
