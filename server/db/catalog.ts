// Questions about the database itself (which tables there are, moving id counters on), asked in each
// engine's own catalog. Kept here so that no caller outside server/db names sqlite_master or pg_class.
import type { Conn } from './port.ts';

/** The application's tables, without the engines' and the migrators' own. */
export async function userTables(conn: Conn): Promise<string[]> {
  const rows =
    conn.dialect === 'postgres'
      ? // A partitioned table (track_chunks) counts once, without its partitions.
        await conn.all<{ name: string }>(
          "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname",
        )
      : await conn.all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_drizzle%' ESCAPE '\\' ORDER BY name",
        );
  return rows.map((r) => r.name);
}

/**
 * After rows were inserted with their ids given (the demo seed, an import), moves each identity
 * counter past the largest id, so the next row the database numbers itself does not collide.
 * SQLite numbers from the largest rowid anyway: nothing to do there.
 */
export async function advanceIdCounters(conn: Conn, tables?: readonly string[]): Promise<void> {
  if (conn.dialect !== 'postgres') return;
  // Identity columns named id; the sequence is looked up in the select list only, for these rows.
  const sequences = await conn.all<{ tableName: string; sequence: string }>(
    `SELECT table_name AS "tableName", pg_get_serial_sequence(format('%I.%I', table_schema, table_name), 'id') AS sequence
       FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' AND is_identity = 'YES'`,
  );
  const wanted = tables && new Set(tables);
  for (const { tableName, sequence } of sequences) {
    if (wanted && !wanted.has(tableName)) continue;
    // setval(…, max, true) makes the next value max + 1; an empty table starts again at 1.
    await conn.run(`SELECT setval('${sequence}', coalesce((SELECT max(id) FROM "${tableName}"), 0) + 1, false)`);
  }
}

/**
 * A mark that moves whenever a row of any table is written (tests assert that a request wrote
 * nothing). SQLite counts the rows its statements changed; PostgreSQL keeps no such count per
 * database, so there each table's row count and newest row version (xmin: the writing transaction)
 * stand for it.
 */
export async function writeMark(conn: Conn): Promise<string> {
  if (conn.dialect === 'sqlite') return String((await conn.one<{ n: number }>('SELECT total_changes() AS n'))!.n);
  const parts = (await userTables(conn)).map((name) => `SELECT '${name}' AS name, count(*) AS n, max(xmin::text::bigint) AS x FROM "${name}"`);
  // Ordered: PostgreSQL may answer a UNION ALL's branches in any order (a parallel append).
  return JSON.stringify(await conn.all(`${parts.join(' UNION ALL ')} ORDER BY name`));
}
