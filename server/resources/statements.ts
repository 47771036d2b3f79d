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
