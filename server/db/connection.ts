// Opens the database and applies the committed migrations: the embedded SQLite file by default,
// PostgreSQL when DATABASE_URL says so. Engine specifics (pragmas, migrators) stay in this folder.
import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { PostgresDatabase } from './postgres.ts';
import * as baseSchema from './schema.ts';
import * as transportSchema from './schema-transport.ts';
import type { Database } from './port.ts';
import { SqliteDatabase } from './sqlite.ts';
import { ROOT } from '../paths.ts';

const schema = { ...baseSchema, ...transportSchema };

/** The database as the server uses it: the port (server/db/port.ts), whichever engine is behind it. */
export type Db = Database;
export type { Conn, Database, ReadSnapshot } from './port.ts';

export const MIGRATIONS_FOLDER = join(ROOT, 'server', 'db', 'migrations');
export const PG_MIGRATIONS_FOLDER = join(ROOT, 'server', 'db', 'pg-migrations');

/**
 * The server's database: PostgreSQL when DATABASE_URL names one (postgres://…), else the SQLite file.
 * Either way the committed migrations are applied first; on PostgreSQL under an advisory lock, so
 * instances starting together migrate once.
 */
export async function connectDatabase(settings: { url?: string; file: string }): Promise<Database> {
  if (!settings.url) return openDatabase(settings.file);
  if (!/^postgres(ql)?:\/\//.test(settings.url)) throw new Error('DATABASE_URL 须为 postgres://… 形式的 PostgreSQL 连接地址');
  const db = PostgresDatabase.connect(settings.url);
  await migrateLocked(db);
  return db;
}

const MIGRATION_LOCK = 7_130_001;

export async function migrateLocked(db: PostgresDatabase): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: PG_MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

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
