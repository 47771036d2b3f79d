// Statement helpers for the waybill endpoints: prepared once per database and SQL text (the same
// cache the resource engine uses), rows typed at the call.
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

/** Quantities carry at most three decimals and are compared in thousandths (as splits.ts does). */
export const milli = (n: number) => Math.round(n * 1000);
export const round3 = (n: number) => Math.round(n * 1000) / 1000;
