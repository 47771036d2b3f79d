// The waybill number "contains" filter (list and tab counts). LIKE '%…%' can seek no index, so a
// fragment of 3 or more characters first takes its candidates from the trigram index
// waybill_no_fts (migration 0016): the numbers that hold every trigram of the fragment. The LIKE
// then keeps only the real matches, so the answer is exactly LIKE's (ASCII case folded, the user's
// % and _ literal), only reached without reading every number. Shorter fragments have no trigram
// and keep the scan of the narrow number index.
import { likePattern } from '../../resources/like.ts';

/**
 * Trigrams of the fragment in characters (code points), as the trigram tokenizer cuts them. Those
 * with a NUL are left out (FTS5's query parser stops at one): fewer trigrams only widen the
 * candidates, and the LIKE still decides.
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
 * text is never read as query syntax. With detail=none it may also name numbers that hold the
 * trigrams elsewhere, hence the LIKE after it.
 */
export const ftsQueryOf = (grams: string[]) => grams.map((g) => `"${g.replaceAll('"', '""')}"`).join(' AND ');

/** The condition on waybills `alias` for a number fragment, with its parameters. */
export function numberContains(alias: string, corpId: number, fragment: string): { sql: string; params: unknown[] } {
  const grams = trigramsOf(fragment);
  if (grams.length > 0) {
    return {
      sql: `${alias}.id IN (SELECT rowid FROM waybill_no_fts WHERE waybill_no_fts MATCH ?) AND ${alias}.waybill_no LIKE ? ESCAPE '\\'`,
      params: [ftsQueryOf(grams), likePattern(fragment)],
    };
  }
  // One scan of the narrow number index (waybills_no: number and rowid only); only matches are read as rows.
  return {
    sql: `${alias}.id IN (SELECT nw.id FROM waybills nw WHERE nw.corp_id = ? AND nw.is_deleted = 0 AND nw.waybill_no LIKE ? ESCAPE '\\')`,
    params: [corpId, likePattern(fragment)],
  };
}
