// The one way domain code reaches the database, whichever engine is behind it: embedded SQLite
// (server/db/sqlite.ts, the default) or PostgreSQL (DATABASE_URL). Statements are SQL text with `?`
// placeholders, written so both engines read them alike (docs/decisions.md "Two engines"); every call
// answers a promise, since PostgreSQL's driver is asynchronous.
//
// Transactions need no handle passed around: inside `transaction(fn)` every call made by `fn`, however
// deep, runs on the transaction's connection (AsyncLocalStorage carries it across awaits). A
// transaction begun inside another becomes a savepoint, so a helper that needs atomicity may open
// its own without knowing whether its caller already did.

export interface RunResult {
  /** Rows the statement inserted, changed or deleted. */
  changes: number;
}

export type Dialect = 'sqlite' | 'postgres';

/**
 * A write the database refused for one of its constraints, the same on both engines (each adapter
 * turns its driver's error into this): `columns` names the columns involved where the engine says.
 */
export class ConstraintError extends Error {
  constructor(
    readonly kind: 'unique' | 'notNull' | 'foreignKey' | 'check',
    readonly columns: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConstraintError';
  }
}

export interface TransactionOptions {
  /**
   * Take the write lock at BEGIN rather than at the first write: for a read-count-then-write that
   * must not interleave with the same transaction elsewhere (the export queue's claim). On
   * PostgreSQL this is a transaction-scoped advisory lock named by `lock`.
   */
  exclusive?: { lock: string };
}

export interface Conn {
  readonly dialect: Dialect;
  /** The first row, or undefined. */
  one<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  run(sql: string, params?: readonly unknown[]): Promise<RunResult>;
  /** An INSERT's new `id` (the statement must not say RETURNING itself). */
  insert(sql: string, params?: readonly unknown[]): Promise<number>;
  /**
   * A multi-row INSERT … VALUES (…), (…)'s new ids in the order of its rows (the statement must not say
   * RETURNING itself). Both engines number the rows of one VALUES list in order, but neither promises
   * the order RETURNING lists them in, so the ids are answered sorted.
   */
  insertMany(sql: string, params?: readonly unknown[]): Promise<number[]>;
  /**
   * Many rows through one single-row statement: `sql` is `INSERT INTO t (…) VALUES (…)`, optionally with
   * `ON CONFLICT …` after it and never RETURNING; `rows` holds each row's parameters. All rows or none
   * are written. SQLite runs its one prepared statement per row (a multi-row VALUES list of a new length
   * is parsed and compiled anew, row by row, which costs several times the inserts); PostgreSQL sends
   * multi-row VALUES lists below its parameter limit (a round trip per row would cost more).
   */
  runRows(sql: string, rows: readonly (readonly unknown[])[]): Promise<void>;
  /** The same for a plain INSERT, answering the new ids in the order of `rows`. */
  insertRows(sql: string, rows: readonly (readonly unknown[])[]): Promise<number[]>;
  /** The most `?` parameters one statement may bind: a multi-row INSERT or an IN list is cut below it. */
  readonly maxParams: number;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Inside a transaction: waits for and then holds the lock called `name` until the transaction ends,
   * for a read-then-write that the same code on another instance must not interleave with (the next
   * business number, a check of what is already taken). On SQLite one connection runs one
   * transaction at a time, so this only has to be inside one.
   */
  lock(name: string): Promise<void>;
}

/** A connection holding one read-only transaction: every read sees the database as it stood when it began. */
export interface ReadSnapshot {
  conn: Conn;
  close(): Promise<void>;
}

export interface Database extends Conn {
  /** A second connection reading one snapshot (an export), or undefined where there is none (in memory). */
  snapshot(): Promise<ReadSnapshot | undefined>;
  close(): Promise<void>;
  /** True once close() was called: background work over the database (the export heartbeat) stops. */
  readonly closed: boolean;
  /**
   * Messages between the instances serving this database (PostgreSQL LISTEN/NOTIFY): `heard` gets every
   * payload sent on `channel` by any instance, this one included, while listening; the answer stops.
   * A payload must stay under 8000 bytes. On SQLite, which one process serves alone, there is no other
   * instance: `listen` answers null (so callers need not gather what nobody would hear) and `notify`
   * sends nothing.
   */
  listen(channel: string, heard: (payload: string) => void): Promise<(() => Promise<void>) | null>;
  notify(channel: string, payload: string): Promise<void>;
}
