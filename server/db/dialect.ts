// The few SQL functions the two engines spell differently. Domain code builds its statement with these
// instead of asking which engine it runs on (docs/decisions.md "Two engines"); each returns SQL text.
import type { Conn, Dialect } from './port.ts';

/** The largest of several values on one row (SQLite's many-argument max, PostgreSQL's greatest). */
export function greatest(conn: Conn, ...exprs: string[]): string {
  return `${conn.dialect === 'postgres' ? 'greatest' : 'max'}(${exprs.join(', ')})`;
}

/** The smallest of several values on one row. */
export function least(conn: Conn, ...exprs: string[]): string {
  return `${conn.dialect === 'postgres' ? 'least' : 'min'}(${exprs.join(', ')})`;
}

/** The group's values joined into one text with `separator` (a literal, no quote in it). */
export function joinedText(conn: Conn, expr: string, separator = ','): string {
  return conn.dialect === 'postgres' ? `string_agg(CAST(${expr} AS text), '${separator}')` : `group_concat(${expr}, '${separator}')`;
}

const DATE_FORMATS = {
  day: { sqlite: '%Y-%m-%d', postgres: 'YYYY-MM-DD' },
  month: { sqlite: '%Y-%m', postgres: 'YYYY-MM' },
  year: { sqlite: '%Y', postgres: 'YYYY' },
} as const;

/**
 * An epoch-ms time as the text of its calendar day, month or year in Asia/Shanghai (UTC+8, no daylight
 * saving): '2026-11-26', '2026-11', '2026'. Taken as a dialect rather than a connection, since report
 * statements are compiled before they run.
 */
export function localDateText(dialect: Dialect, column: string, grain: keyof typeof DATE_FORMATS): string {
  return dialect === 'postgres'
    ? `to_char(to_timestamp(${column} / 1000.0) AT TIME ZONE 'Asia/Shanghai', '${DATE_FORMATS[grain].postgres}')`
    : `strftime('${DATE_FORMATS[grain].sqlite}', ${column} / 1000, 'unixepoch', '+8 hours')`;
}

/**
 * A text sort or filter key the planner must not serve from its own index, so that it takes the rows
 * from another index and sorts them: SQLite's unary `+`; on PostgreSQL `|| ''` (same value, same
 * collation, no index matches the expression). Measured on PostgreSQL with a million waybills (the
 * waybill list's L4 shape, numbers sorted within a week): its planner walked the number index for
 * 7.8 s instead of sorting the week's 37,000 rows.
 */
export const withoutIndex = (dialect: Dialect, expr: string): string => (dialect === 'sqlite' ? `+${expr}` : `(${expr} || '')`);

/**
 * Trigrams of a fragment in characters (code points), as SQLite's trigram tokenizer cuts them. Those
 * with a NUL are left out (FTS5's query parser stops at one): fewer trigrams only widen the
 * candidates, and the LIKE after them still decides.
 */
export function trigramsOf(fragment: string): string[] {
  const chars = [...fragment];
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const gram = chars.slice(i, i + 3).join('');
    if (!gram.includes('\u0000')) grams.add(gram);
  }
  return [...grams];
}

/**
 * The FTS5 query "all these trigrams": each one a quoted string (quotes doubled), so the user's
 * text is never read as query syntax. With detail=none it may also name rows that hold the
 * trigrams elsewhere, hence the LIKE after it.
 */
export const ftsQueryOf = (grams: string[]) => grams.map((g) => `"${g.replaceAll('"', '""')}"`).join(' AND ');

/**
 * `column` contains the fragment, exactly as LIKE '%fragment%' answers (ASCII case folded, the
 * user's % and _ literal: `pattern` is likePattern's), reached through the engine's trigram index.
 * SQLite: the contentless FTS5 table `ftsTable` (rowid = `idColumn`) gives the candidates holding every
 * trigram, then the LIKE keeps the real matches; a fragment under 3 characters has no trigram and
 * gets undefined (the caller scans what it can). PostgreSQL: the LIKE alone, which the pg_trgm
 * index on the column serves.
 */
export function trigramContains(
  dialect: Dialect,
  target: { idColumn: string; column: string; ftsTable: string },
  fragment: string,
  pattern: string,
): { sql: string; params: unknown[] } | undefined {
  const like = `${target.column} LIKE ? ESCAPE '\\'`;
  if (dialect === 'postgres') return { sql: like, params: [pattern] };
  const grams = trigramsOf(fragment);
  if (grams.length === 0) return undefined;
  return { sql: `${target.idColumn} IN (SELECT rowid FROM ${target.ftsTable} WHERE ${target.ftsTable} MATCH ?) AND ${like}`, params: [ftsQueryOf(grams), pattern] };
}
