// SQL fragments with their bound values kept beside the text, so a query is assembled from parts
// without ever putting a value into the text. Identifiers come only from checked report files.
export interface Frag {
  sql: string;
  params: unknown[];
}

export const frag = (sql: string, ...params: unknown[]): Frag => ({ sql, params });

export function join(parts: Frag[], separator: string): Frag {
  return { sql: parts.map((p) => p.sql).join(separator), params: parts.flatMap((p) => p.params) };
}

/** `(a) AND (b)`, or `1 = 1` for no condition. */
export const and = (parts: Frag[]): Frag => (parts.length ? join(parts.map((p) => ({ ...p, sql: `(${p.sql})` })), ' AND ') : frag('1 = 1'));

/** A column alias of the result, quoted (report ids are checked against ^[a-z][A-Za-z0-9]*$). */
export const outName = (id: string) => `"${id}"`;

/**
 * Dialect: an epoch-ms time as its calendar day, month or year in Asia/Shanghai (UTC+8, no
 * daylight saving). The one SQLite-specific expression of the compiler; PostgreSQL would use
 * to_char(to_timestamp(x / 1000) AT TIME ZONE 'Asia/Shanghai', ...).
 */
const GRAIN_FORMAT = { day: '%Y-%m-%d', month: '%Y-%m', year: '%Y' } as const;
export const timeBucket = (column: string, grain: keyof typeof GRAIN_FORMAT) =>
  `strftime('${GRAIN_FORMAT[grain]}', ${column} / 1000, 'unixepoch', '+8 hours')`;

/** Dialect: the epoch ms of the UTC+8 midnight starting the day of an epoch-ms value (as the day grain cuts days). */
export const dayStart = (expr: string) => `(CAST((${expr} + 28800000) / 86400000 AS INTEGER) * 86400000 - 28800000)`;

/** LIKE with the user's % and _ taken literally. */
export { likePattern } from '../resources/like.ts';
