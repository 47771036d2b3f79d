// Times are epoch milliseconds and shown in Asia/Shanghai (architecture: server rules). China has had
// no daylight saving since 1991, so a fixed +08:00 converts both ways without a time-zone database.
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** Epoch ms → the value of an <input type="datetime-local">: 'YYYY-MM-DDTHH:mm:ss' in Shanghai. */
export function toShanghaiInput(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19);
}

/** The input's text (seconds optional) → epoch ms, or undefined when incomplete. */
export function fromShanghaiInput(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +(s ?? 0)) - SHANGHAI_OFFSET_MS;
}
