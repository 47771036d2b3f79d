// Small helpers over better-sqlite3 for the order endpoints: statements are prepared once per
// database and SQL text (the same cache the resource engine uses), rows come back typed.
import type Database from 'better-sqlite3';
import { StatementCache } from '../../resources/statements.ts';

export type Sqlite = Database.Database;

const caches = new WeakMap<Sqlite, StatementCache>();

export function stmt(sqlite: Sqlite, sql: string): Database.Statement {
  let cache = caches.get(sqlite);
  if (!cache) caches.set(sqlite, (cache = new StatementCache(sqlite)));
  return cache.get(sql);
}

export const one = <T>(sqlite: Sqlite, sql: string, ...params: unknown[]) => stmt(sqlite, sql).get(...params) as T | undefined;
export const all = <T>(sqlite: Sqlite, sql: string, ...params: unknown[]) => stmt(sqlite, sql).all(...params) as T[];
export const run = (sqlite: Sqlite, sql: string, ...params: unknown[]) => stmt(sqlite, sql).run(...params);

/** Quantities, weights and volumes carry at most three decimals: sums are rounded back to them. */
export const round3 = (n: number | null | undefined) => Math.round((n ?? 0) * 1000) / 1000;
