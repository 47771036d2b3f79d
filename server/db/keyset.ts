// Keyset (seek) paging: "the rows after this one in the list's order", as a WHERE condition, so that
// reading a long list page by page costs one index walk in all instead of an OFFSET that rereads every
// row before the page (an export of a million waybills: quadratic with OFFSET). A list keeps its own
// ORDER BY; it hands the same keys here with the last row's values. Dialect-specific because the
// engines put NULLs at opposite ends: SQLite sorts NULL first ascending and last descending,
// PostgreSQL the other way round; the condition must follow the order the statement really gives.
import type { Dialect } from './port.ts';

export interface SortKey {
  /** The column as the statement sorts on it, e.g. 'w.updated_at'. */
  expr: string;
  desc: boolean;
  /** Whether the column can hold NULL (then NULL's place in the order is taken into account). */
  nullable: boolean;
}

/** The ORDER BY text of these keys. */
export const orderByKeys = (keys: readonly SortKey[], sqlOf: (k: SortKey) => string = (k) => k.expr): string =>
  keys.map((k) => `${sqlOf(k)} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');

/** Whether NULL comes after every value in this key's direction on this engine. */
const nullsAtEnd = (dialect: Dialect, desc: boolean) => (dialect === 'postgres' ? !desc : desc);

/**
 * The rows strictly after the row whose key values are `after`, in the order of `keys` (the last key
 * being unique, e.g. the id, so that no two rows tie). Returns SQL and its parameters.
 */
export function seekAfter(dialect: Dialect, keys: readonly SortKey[], after: readonly unknown[]): { sql: string; params: unknown[] } {
  if (after.length !== keys.length) throw new Error(`keyset: ${keys.length} keys, ${after.length} values`);
  const values = after.map((v) => (v === undefined ? null : v));
  const params: unknown[] = [];
  const equal = (k: SortKey, v: unknown) => (v === null ? `${k.expr} IS NULL` : (params.push(v), `${k.expr} = ?`));
  /** Strictly after v in this key's direction, or undefined when nothing can be. */
  const beyond = (k: SortKey, v: unknown): string | undefined => {
    const atEnd = nullsAtEnd(dialect, k.desc);
    if (v === null) return atEnd ? undefined : `${k.expr} IS NOT NULL`;
    params.push(v);
    const cmp = `${k.expr} ${k.desc ? '<' : '>'} ?`;
    return k.nullable && atEnd ? `(${cmp} OR ${k.expr} IS NULL)` : cmp;
  };
  // A bound on the first key alone, which the index on it can seek to; the terms below decide exactly.
  // Not a row value `(k, id) < (?, ?)`: beside this bound, SQLite then walked its index from the other
  // end and sorted the rest of the list for every page (3 s a page at 300,000 waybills); the OR form
  // takes the bound as the index range on both engines (60 ms).
  const lead = (() => {
    const [k, v] = [keys[0], values[0]];
    if (v === null) return nullsAtEnd(dialect, k.desc) ? `${k.expr} IS NULL` : undefined;
    if (k.nullable && nullsAtEnd(dialect, k.desc)) return undefined;
    params.push(v);
    return `${k.expr} ${k.desc ? '<=' : '>='} ?`;
  })();
  const terms: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const mark = params.length;
    const same = keys.slice(0, i).map((k, j) => equal(k, values[j]));
    const past = beyond(keys[i], values[i]);
    if (past === undefined) {
      params.length = mark; // this term can hold no row: its parameters go with it
      continue;
    }
    terms.push(`(${[...same, past].join(' AND ')})`);
  }
  const exact = terms.length ? `(${terms.join(' OR ')})` : '1 = 0';
  return { sql: lead ? `${lead} AND ${exact}` : exact, params };
}
