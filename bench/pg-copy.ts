// The fast way to give a --pg bench its data: the SQLite bench file (.bench/list-api.db or
// .bench/waybill-list.db, built by the same generators if missing) copied table by table into the
// freshly migrated PostgreSQL database, so both engines hold byte for byte the same rows, the
// trigger-kept summaries included. Each table goes out as a CSV file and in with one server-side
// COPY on a connection whose triggers are off (session_replication_role = replica: no summary
// trigger adds a second time what the copied summary tables already hold, no per-row foreign-key
// checks). Then the identity counters move past the copied ids (the port's advanceIdCounters) and
// VACUUM (ANALYZE) does what autovacuum would do in time. This is bench tooling talking to the `pg`
// driver directly; the app itself never loads data this way.
//
// Why not the generators through the port: on this 2-core machine under load they made 100,000
// vehicles in 28 s and 50,000 waybills in 123 s on PostgreSQL even with multi-row INSERTs (the
// demo seed alone 137 s): 1,000,000 waybills would take about 40 minutes per run. `--generate`
// still builds through them (bench/pg-bench.ts).
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advanceIdCounters, userTables } from '../server/db/catalog.ts';
import type { SqliteDatabase } from '../server/db/sqlite.ts';
import type { BenchPg } from './pg-bench.ts';

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Buffer.isBuffer(v)) return `\\x${v.toString('hex')}`;
  const s = String(v);
  // Quoted always: an empty string stays distinct from NULL (the unquoted empty cell).
  return `"${s.replaceAll('"', '""')}"`;
}

/** Copies every table both databases have (the columns both have) from the SQLite file into PostgreSQL. */
export async function copySqliteToPg(sqlite: SqliteDatabase, p: BenchPg, log: (s: string) => void = console.log): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  const pgTables = new Set(await userTables(p.db));
  const tables = (await userTables(sqlite)).filter((t) => pgTables.has(t));
  const dir = mkdtempSync(join(tmpdir(), 'huoyun-bench-copy-'));
  chmodSync(dir, 0o755); // the server (user postgres) reads the files
  const client = await p.raw.connect();
  let total = 0;
  try {
    await client.query('SET session_replication_role = replica');
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const table of tables) {
      const t = performance.now();
      const pgColumns = new Set(
        (await client.query<{ c: string }>("SELECT column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1", [table])).rows.map((r) => r.c),
      );
      const columns = (sqlite.$client.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[])
        .map((r) => r.name)
        .filter((c) => pgColumns.has(c));
      if (columns.length === 0) continue;
      const file = join(dir, `${table}.csv`);
      const fd = openSync(file, 'w', 0o644);
      let rows = 0;
      try {
        let chunk: string[] = [];
        const stmt = sqlite.$client.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`).raw(true);
        for (const row of stmt.iterate() as Iterable<unknown[]>) {
          chunk.push(row.map(csvCell).join(','));
          rows++;
          if (chunk.length === 20_000) {
            writeSync(fd, chunk.join('\n') + '\n');
            chunk = [];
          }
        }
        if (chunk.length) writeSync(fd, chunk.join('\n') + '\n');
      } finally {
        closeSync(fd);
      }
      chmodSync(file, 0o644);
      if (rows > 0) {
        // Indexes that back no constraint are built once after the load rather than row by row during it.
        const indexes = rows < 50_000 ? [] : (await client.query<{ name: string; def: string }>(
          `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
            WHERE i.schemaname = 'public' AND i.tablename = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`, [table])).rows;
        for (const ix of indexes) await client.query(`DROP INDEX "${ix.name}"`);
        await client.query(`COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM '${file}' WITH (FORMAT csv)`);
        for (const ix of indexes) await client.query(ix.def);
      }
      rmSync(file, { force: true });
      total += rows;
      if (rows >= 100_000) log(`    ${table}: ${rows.toLocaleString('en')} rows in ${elapsed(t)}`);
    }
    await client.query('SET session_replication_role = DEFAULT');
  } finally {
    client.release();
    rmSync(dir, { recursive: true, force: true });
  }
  await advanceIdCounters(p.db);
  log(`  copied ${tables.length} tables, ${total.toLocaleString('en')} rows in ${elapsed(started)}`);
  const t = performance.now();
  await p.raw.query('VACUUM (ANALYZE)');
  log(`  VACUUM (ANALYZE) in ${elapsed(t)}`);
  return { seconds: (performance.now() - started) / 1000, rows: total };
}
