// Opens the embedded SQLite database and applies the committed migrations.
// SQLite specifics (pragmas, the migrator) stay in this folder so another dialect can replace it.
import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as baseSchema from './schema.ts';
import * as transportSchema from './schema-transport.ts';
import type { Database } from './port.ts';
import { SqliteDatabase } from './sqlite.ts';

const schema = { ...baseSchema, ...transportSchema };

/** The database as the server uses it: the port (server/db/port.ts), whichever engine is behind it. */
export type Db = Database;
export type { Conn, Database, ReadSnapshot } from './port.ts';

export const MIGRATIONS_FOLDER = join(import.meta.dirname, 'migrations');

export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Readers never block the single writer in WAL; a writer waits up to 5 s for another writer.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A 32 MB page cache (SQLite's default here is 16 MB): a vehicle's range of track chunks runs to
  // tens of MB and is read again page by page for each tab (npm run bench -- tracking: 9.7 M points/s
  // at 16 MB, 12.8 M at 32 MB). It is bounded, so an export's memory stays flat (bench export).
  sqlite.pragma('cache_size = -32768');
  migrate(drizzle({ client: sqlite, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  // Refreshes planner statistics where they are missing or stale (a migration that adds an index,
  // say): without them SQLite may pick the new index and sort a million rows for a page of 20.
  sqlite.pragma('optimize = 0x10002');
  return new SqliteDatabase(sqlite);
}
