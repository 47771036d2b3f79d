// The waybill number "contains" filter (list and tab counts). LIKE '%…%' can seek no index, so a
// fragment takes its candidates from a trigram index of the numbers (SQLite: the FTS5 table
// waybill_no_fts of migration 0016; PostgreSQL: pg_trgm on waybills.waybill_no), and the answer is
// exactly LIKE's (ASCII case folded, the user's % and _ literal), only reached without reading every
// number. On SQLite a fragment under 3 characters has no trigram and keeps the scan of the narrow
// number index.
import { trigramContains } from '../../db/dialect.ts';
import type { Dialect } from '../../db/port.ts';
import { likePattern } from '../../resources/like.ts';

/** The condition on waybills `alias` for a number fragment, with its parameters. */
export function numberContains(dialect: Dialect, alias: string, corpId: number, fragment: string): { sql: string; params: unknown[] } {
  const pattern = likePattern(fragment);
  const indexed = trigramContains(dialect, { idColumn: `${alias}.id`, column: `${alias}.waybill_no`, ftsTable: 'waybill_no_fts' }, fragment, pattern);
  if (indexed) return indexed;
  // One scan of the narrow number index (waybills_no: number and rowid only); only matches are read as rows.
  return {
    sql: `${alias}.id IN (SELECT nw.id FROM waybills nw WHERE nw.corp_id = ? AND nw.is_deleted = 0 AND nw.waybill_no LIKE ? ESCAPE '\\')`,
    params: [corpId, pattern],
  };
}
