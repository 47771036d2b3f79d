// Date helpers for the search bar (spec section 9: days, months, years — last, this, next, last N,
// past N). Times are Asia/Shanghai (UTC+8, no daylight saving) whatever the browser's zone, so a
// range means the same calendar days to the user and to the server.
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;

export type Range = [number, number];

/** Calendar parts of an instant as seen in Shanghai. */
function partsOf(ms: number) {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), day: d.getUTCDate() };
}

/** Midnight in Shanghai of a calendar date; month and day may overflow (Date.UTC normalises them). */
function midnight(y: number, m: number, day: number): number {
  return Date.UTC(y, m, day) - SHANGHAI_OFFSET_MS;
}

export function startOfDay(ms: number): number {
  const { y, m, day } = partsOf(ms);
  return midnight(y, m, day);
}

export function endOfDay(ms: number): number {
  return startOfDay(ms) + DAY_MS - 1;
}

/** Day `offset` from today: 0 this day, -1 the last (yesterday), 1 the next. */
export function dayRange(offset: number, now = Date.now()): Range {
  const from = startOfDay(now) + offset * DAY_MS;
  return [from, from + DAY_MS - 1];
}

export function monthRange(offset: number, now = Date.now()): Range {
  const { y, m } = partsOf(now);
  return [midnight(y, m + offset, 1), midnight(y, m + offset + 1, 1) - 1];
}

export function yearRange(offset: number, now = Date.now()): Range {
  const { y } = partsOf(now);
  return [midnight(y + offset, 0, 1), midnight(y + offset + 1, 0, 1) - 1];
}

type Unit = 'day' | 'month' | 'year';
const rangeOf: Record<Unit, (offset: number, now?: number) => Range> = { day: dayRange, month: monthRange, year: yearRange };

/** The last N units including the current one (最近7天 = today and the 6 days before). */
export function lastN(unit: Unit, n: number, now = Date.now()): Range {
  return [rangeOf[unit](-(n - 1), now)[0], rangeOf[unit](0, now)[1]];
}

/** The N whole units before the current one (过去7天 ends yesterday). */
export function pastN(unit: Unit, n: number, now = Date.now()): Range {
  return [rangeOf[unit](-n, now)[0], rangeOf[unit](-1, now)[1]];
}

export interface DateShortcut {
  label: string;
  range: (now?: number) => Range;
}

export interface ShortcutGroup {
  title: string;
  items: DateShortcut[];
}

/**
 * The range picker's shortcuts by unit (spec section 9): last, this, next, last N (最近, including
 * the current unit) and past N (过去, the whole units before it).
 */
export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: '按日',
    items: [
      { label: '今天', range: (now) => dayRange(0, now) },
      { label: '昨天', range: (now) => dayRange(-1, now) },
      { label: '明天', range: (now) => dayRange(1, now) },
      { label: '最近7天', range: (now) => lastN('day', 7, now) },
      { label: '最近30天', range: (now) => lastN('day', 30, now) },
      { label: '过去7天', range: (now) => pastN('day', 7, now) },
      { label: '过去30天', range: (now) => pastN('day', 30, now) },
    ],
  },
  {
    title: '按月',
    items: [
      { label: '本月', range: (now) => monthRange(0, now) },
      { label: '上月', range: (now) => monthRange(-1, now) },
      { label: '下月', range: (now) => monthRange(1, now) },
      { label: '最近3个月', range: (now) => lastN('month', 3, now) },
      { label: '过去3个月', range: (now) => pastN('month', 3, now) },
    ],
  },
  {
    title: '按年',
    items: [
      { label: '今年', range: (now) => yearRange(0, now) },
      { label: '去年', range: (now) => yearRange(-1, now) },
      { label: '明年', range: (now) => yearRange(1, now) },
      { label: '最近3年', range: (now) => lastN('year', 3, now) },
      { label: '过去3年', range: (now) => pastN('year', 3, now) },
    ],
  },
];

export const DATE_SHORTCUTS: DateShortcut[] = SHORTCUT_GROUPS.flatMap((g) => g.items);

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' in Shanghai, as an <input type="date"> shows it. */
export function toDateText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const { y, m, day } = partsOf(ms);
  return `${y}-${pad(m + 1)}-${pad(day)}`;
}

/** Midnight in Shanghai of a 'YYYY-MM-DD' text, or null when the text is empty or malformed. */
export function fromDateText(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  return midnight(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** 'YYYY-MM-DD HH:mm:ss' in Shanghai, the way the server writes `...Str` fields. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${toDateText(ms)} ${time}`;
}
