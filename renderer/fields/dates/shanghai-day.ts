// The pickers work with the browser's local Date; the platform's instants are epoch ms read in
// Asia/Shanghai (UTC+8, no daylight saving since 1991). These turn one into the other by calendar
// parts, so a user in any time zone picks the same Shanghai day and time the server stores.
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export interface ShanghaiParts {
  y: number;
  m: number; // 0-11
  d: number;
  h: number;
  mi: number;
  s: number;
}

export function shanghaiParts(ms: number): ShanghaiParts {
  const t = new Date(ms + SHANGHAI_OFFSET_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth(), d: t.getUTCDate(), h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds() };
}

export function fromShanghaiParts(p: ShanghaiParts): number {
  return Date.UTC(p.y, p.m, p.d, p.h, p.mi, p.s) - SHANGHAI_OFFSET_MS;
}

/** The Shanghai calendar day of an instant as a local Date at midnight (what the calendar shows). */
export function toPickerDay(ms: number | null | undefined): Date | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  const p = shanghaiParts(ms);
  return new Date(p.y, p.m, p.d);
}

/** A picked local day, at `h:mi:s` Shanghai time, as epoch ms. */
export function fromPickerDay(day: Date, h = 0, mi = 0, s = 0): number {
  return fromShanghaiParts({ y: day.getFullYear(), m: day.getMonth(), d: day.getDate(), h, mi, s });
}
