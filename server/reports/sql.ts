// SQL fragments with their bound values kept beside the text, so a query is assembled from parts
// without ever putting a value into the text. Identifiers come only from checked report files.
import { shanghaiDayStart } from '../resources/time.ts';
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

/** The epoch ms of the UTC+8 midnight starting the day of an epoch-ms value (as the day grain cuts days). */
export const dayStartOf = shanghaiDayStart;

/** LIKE with the user's % and _ taken literally. */
export { likePattern } from '../resources/like.ts';
