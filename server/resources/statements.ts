// The statement helpers domain code writes its queries with: SQL text with `?` placeholders through
// the database port (server/db/port.ts), whichever engine is behind it. Each answers a promise.
// Inside `tx(conn, fn)` every call, however deep, joins the transaction (see port.ts).
import type { Conn, RunResult, TransactionOptions } from '../db/port.ts';

export type { Conn };

export const one = <T>(conn: Conn, sql: string, ...params: unknown[]): Promise<T | undefined> => conn.one<T>(sql, params);
export const all = <T>(conn: Conn, sql: string, ...params: unknown[]): Promise<T[]> => conn.all<T>(sql, params);
export const run = (conn: Conn, sql: string, ...params: unknown[]): Promise<RunResult> => conn.run(sql, params);
/** An INSERT's new id. */
export const insert = (conn: Conn, sql: string, ...params: unknown[]): Promise<number> => conn.insert(sql, params);
/** A multi-row INSERT's new ids, in the order of its rows. */
export const insertMany = (conn: Conn, sql: string, ...params: unknown[]): Promise<number[]> => conn.insertMany(sql, params);
export const tx = <T>(conn: Conn, fn: () => Promise<T>, options?: TransactionOptions): Promise<T> => conn.transaction(fn, options);
