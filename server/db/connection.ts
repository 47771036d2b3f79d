// Opens the embedded SQLite database and applies the committed migrations.
// SQLite specifics (pragmas, the migrator) stay in this folder so another dialect can replace it.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as baseSchema from './schema.ts';
import * as transportSchema from './schema-transport.ts';

const schema = { ...baseSchema, ...transportSchema };

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_FOLDER = join(import.meta.dirname, 'migrations');

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Readers never block the single writer in WAL; a writer waits up to 5 s for another writer.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A 32 MB page cache (SQLite's default here is 16 MB): a vehicle's range of track chunks runs to
  // tens of MB and is read again page by page for each tab (npm run bench -- tracking: 9.7 M points/s
  // at 16 MB, 12.8 M at 32 MB). It is bounded, so an export's memory stays flat (bench export).
  sqlite.pragma('cache_size = -32768');
  const db = drizzle({ client: sqlite, schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // Refreshes planner statistics where they are missing or stale (a migration that adds an index,
  // say): without them SQLite may pick the new index and sort a million rows for a page of 20.
  sqlite.pragma('optimize = 0x10002');
  return db;
}

/** A connection holding one read transaction: every read sees the database as it stood when it began. */
export interface ReadSnapshot {
  db: Db;
  /** Ends the transaction and closes the connection. */
  close(): void;
}

/**
 * A second connection to the same file, in a read transaction begun at once (WAL lets the writer go
 * on meanwhile). An in-memory database has no second connection: undefined then. The page cache is
 * kept small, since the snapshot's reads come on top of the main connection's cache.
 */
export function openReadSnapshot(main: Db): ReadSnapshot | undefined {
  if (main.$client.memory) return undefined;
  const sqlite = new Database(main.$client.name, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -4096');
  sqlite.pragma('query_only = 1');
  sqlite.exec('BEGIN');
  // A deferred transaction takes its snapshot at its first read.
  sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
  const db = drizzle({ client: sqlite, schema }) as Db;
  return {
    db,
    close() {
      if (!sqlite.open) return;
      if (sqlite.inTransaction) sqlite.exec('COMMIT');
      sqlite.close();
    },
  };
}
