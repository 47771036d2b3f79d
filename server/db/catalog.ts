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

/** The tables whose rows a request may change: all but the logs (schema-logs.ts). */
async function dataTables(conn: Conn): Promise<string[]> {
  const logs = new Set<string>(LOG_TABLES);
  return (await userTables(conn)).filter((name) => !logs.has(name));
}

/** SQLite connections whose row writes are being counted (writeMark). */
const countingWrites = new WeakSet<Conn>();

/**
 * Counts, from now on, the rows this SQLite connection writes to the data tables: temporary triggers
 * (this connection's only, gone with it) add one per row to a temporary counter. The counter moves
 * inside the writing transaction, so a rolled-back write leaves it where it was.
 */
async function countWrites(conn: Conn): Promise<void> {
  if (countingWrites.has(conn)) return;
  await conn.run('CREATE TEMP TABLE IF NOT EXISTS row_writes (n INTEGER NOT NULL)');
  if (!(await conn.one('SELECT n FROM temp.row_writes'))) await conn.run('INSERT INTO temp.row_writes (n) VALUES (0)');
  // A virtual table (the waybill number index) and its shadow tables take no trigger; they are written
  // only by the triggers of the table they index, whose own writes are counted.
  const virtual = (await conn.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")).map((r) => r.name);
  const indexOnly = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  for (const table of (await dataTables(conn)).filter((name) => !indexOnly(name))) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await conn.run(`CREATE TEMP TRIGGER IF NOT EXISTS "${table}_${event.toLowerCase()}_counted" AFTER ${event} ON main."${table}" BEGIN UPDATE temp.row_writes SET n = n + 1; END`);
    }
  }
  countingWrites.add(conn);
}

/** PostgreSQL connections whose databases carry the write-noting triggers (writeMark). */
const notingWrites = new WeakSet<Conn>();

/**
 * Notes, from now on, each transaction that writes a row of a non-log table in this PostgreSQL
 * database: row triggers (and a TRUNCATE one) insert the transaction's id into a table of a schema of
 * their own, which the application's catalog (userTables, public only) never lists. The insert is part
 * of the writing transaction, so a rolled-back write leaves no trace; distinct ids never contend.
 * Each trigger is created in its own statement: one lock at a time, so no deadlock with live writers.
 */
async function noteWrites(conn: Conn): Promise<void> {
  if (notingWrites.has(conn)) return;
  await conn.run('CREATE SCHEMA IF NOT EXISTS write_marks');
  await conn.run('CREATE TABLE IF NOT EXISTS write_marks.transactions (tx bigint PRIMARY KEY)');
  await conn.run(
    'CREATE OR REPLACE FUNCTION write_marks.note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO write_marks.transactions VALUES (txid_current()) ON CONFLICT DO NOTHING; RETURN NULL; END $$',
  );
  for (const table of await dataTables(conn)) {
    await conn.run(`CREATE OR REPLACE TRIGGER write_mark AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION write_marks.note()`);
    await conn.run(`CREATE OR REPLACE TRIGGER write_mark_truncate AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION write_marks.note()`);
  }
  notingWrites.add(conn);
}

/**
 * A mark that moves whenever a row of any table is written (tests assert that a request wrote
 * nothing), the logs (schema-logs.ts) left out: a request's operation-log row and the usage counts
 * flushed meanwhile are the bookkeeping of requests, not data they change. Triggers do the counting,
 * inside the writing transaction, so a rolled-back write does not move the mark: on SQLite this
 * connection's rows written (countWrites), on PostgreSQL the database's writing transactions
 * (noteWrites: the server writes through a pool of its own connections). Both count from the first mark.
 */
export async function writeMark(conn: Conn): Promise<string> {
  if (conn.dialect === 'sqlite') {
    await countWrites(conn);
    return String((await conn.one<{ n: number }>('SELECT n FROM temp.row_writes'))!.n);
  }
  await noteWrites(conn);
  return String((await conn.one<{ n: number }>('SELECT count(*)::int AS n FROM write_marks.transactions'))!.n);
}
