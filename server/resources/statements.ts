// Prepared statements are cached by their SQL text: a list request of a known shape compiles nothing.
import type Database from 'better-sqlite3';

const MAX_CACHED = 500;

export class StatementCache {
  private cache = new Map<string, Database.Statement>();

  constructor(private readonly sqlite: Database.Database) {}

  get(sql: string): Database.Statement {
    let stmt = this.cache.get(sql);
    if (!stmt) {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      stmt = this.sqlite.prepare(sql);
      this.cache.set(sql, stmt);
    }
    return stmt;
  }
}

export type Sqlite = Database.Database;

const caches = new WeakMap<Sqlite, StatementCache>();

/** A statement prepared once per database and SQL text, for hand-written domain queries. */
export function stmt(sqlite: Sqlite, sql: string): Database.Statement {
  let cache = caches.get(sqlite);
  if (!cache) caches.set(sqlite, (cache = new StatementCache(sqlite)));
  return cache.get(sql);
}

export const one = <T>(sqlite: Sqlite, sql: string, ...params: unknown[]) => stmt(sqlite, sql).get(...params) as T | undefined;
export const all = <T>(sqlite: Sqlite, sql: string, ...params: unknown[]) => stmt(sqlite, sql).all(...params) as T[];
export const run = (sqlite: Sqlite, sql: string, ...params: unknown[]) => stmt(sqlite, sql).run(...params);
