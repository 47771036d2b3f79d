// Questions about the database itself (which tables there are, moving id counters on), asked in each
// engine's own catalog. Kept here so that no caller outside server/db names sqlite_master or pg_class.
import type { Conn } from './port.ts';
import { LOG_TABLES } from './schema-logs.ts';

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

/** SQLite connections whose writes to the log tables are being counted (writeMark). */
const countingLogWrites = new WeakSet<Conn>();

/**
 * Counts, from now on, the rows written to the log tables on this SQLite connection: temporary
 * triggers (this connection's only, gone with it) add one per row to a temporary counter. Each such
 * row then moves total_changes() by two (the row, the counter), which writeMark takes away.
 */
async function countLogWrites(conn: Conn): Promise<void> {
  if (countingLogWrites.has(conn)) return;
  await conn.run('CREATE TEMP TABLE IF NOT EXISTS log_writes (n INTEGER NOT NULL)');
  if (!(await conn.one('SELECT n FROM temp.log_writes'))) await conn.run('INSERT INTO temp.log_writes (n) VALUES (0)');
  for (const table of LOG_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await conn.run(`CREATE TEMP TRIGGER IF NOT EXISTS ${table}_${event.toLowerCase()}_counted AFTER ${event} ON main.${table} BEGIN UPDATE temp.log_writes SET n = n + 1; END`);
    }
  }
  countingLogWrites.add(conn);
}

/**
 * A mark that moves whenever a row of any table is written (tests assert that a request wrote
 * nothing), the logs (schema-logs.ts) left out: a request's operation-log row and the usage counts
 * flushed meanwhile are the bookkeeping of requests, not data they change. SQLite counts the rows
 * its statements changed, less the log rows; PostgreSQL keeps no such count per database, so there
 * each table's row count and newest row version (xmin: the writing transaction) stand for it.
 */
export async function writeMark(conn: Conn): Promise<string> {
  if (conn.dialect === 'sqlite') {
    await countLogWrites(conn);
    return String((await conn.one<{ n: number }>('SELECT total_changes() - 2 * (SELECT n FROM temp.log_writes) AS n'))!.n);
  }
  const logs = new Set<string>(LOG_TABLES);
  const parts = (await userTables(conn)).filter((name) => !logs.has(name)).map((name) => `SELECT '${name}' AS name, count(*) AS n, max(xmin::text::bigint) AS x FROM "${name}"`);
  // Ordered: PostgreSQL may answer a UNION ALL's branches in any order (a parallel append).
  return JSON.stringify(await conn.all(`${parts.join(' UNION ALL ')} ORDER BY name`));
}
