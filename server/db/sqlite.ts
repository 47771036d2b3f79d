// The embedded engine behind the database port (server/db/port.ts): one better-sqlite3 connection,
// statements prepared once per SQL text. better-sqlite3 answers at once, but a transaction's body
// may now await, and while it waits other requests run. On one connection their statements would
// land inside the open transaction (and be rolled back with it), so a transaction holds the
// connection: a statement from outside waits until it ends, and transactions run one at a time.
// Inside, AsyncLocalStorage tells the transaction's own statements from the others.
import { AsyncLocalStorage } from 'node:async_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { ConstraintError, type Database, type ReadSnapshot, type RunResult, type TransactionOptions } from './port.ts';

const MAX_CACHED = 500;

const SQLITE_CONSTRAINTS: Record<string, ConstraintError['kind']> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_NOTNULL: 'notNull',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreignKey',
  SQLITE_CONSTRAINT_CHECK: 'check',
};

/** Runs a statement, turning SQLite's constraint errors ("UNIQUE constraint failed: t.a, t.b") into the port's. */
function constraintsNamed<T>(statement: () => T): T {
  try {
    return statement();
  } catch (err) {
    const kind = SQLITE_CONSTRAINTS[(err as { code?: string }).code ?? ''];
    if (!kind) throw err;
    const message = (err as Error).message;
    const columns = (message.split('constraint failed: ')[1] ?? '').split(',').map((c) => c.trim().split('.').pop() ?? '').filter(Boolean);
    throw new ConstraintError(kind, kind === 'foreignKey' ? [] : columns, message);
  }
}

interface Held {
  /** Savepoints opened inside, for names. */
  depth: number;
  done: Promise<void>;
}

export class SqliteDatabase implements Database {
  readonly dialect = 'sqlite' as const;
  /** SQLITE_MAX_VARIABLE_NUMBER as better-sqlite3 builds SQLite (the default since 3.32). */
  readonly maxParams = 32_766;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly owner = new AsyncLocalStorage<Held>();
  /** The transaction holding the connection, if any. */
  private held: Held | null = null;
  /** Resolves when the last queued transaction has ended: the next one starts after it. */
  private tail: Promise<void> = Promise.resolve();

  /**
   * `$client`: the raw better-sqlite3 connection, for what is SQLite by nature (the migrator, the demo
   * seed, tests' direct assertions). Domain code goes through the port.
   */
  constructor(readonly $client: BetterSqlite3.Database) {}

  private statement(sql: string): BetterSqlite3.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size >= MAX_CACHED) this.statements.delete(this.statements.keys().next().value!);
      s = this.$client.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Waits while another caller's transaction holds the connection. */
  private async turn(): Promise<void> {
    while (this.held && this.owner.getStore() !== this.held) await this.held.done;
  }

  async one<T>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    if (this.held) await this.turn();
    return constraintsNamed(() => this.statement(sql).get(...params) as T | undefined);
  }

  async all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (this.held) await this.turn();
    return constraintsNamed(() => this.statement(sql).all(...params) as T[]);
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<RunResult> {
    if (this.held) await this.turn();
    return constraintsNamed(() => ({ changes: this.statement(sql).run(...params).changes }));
  }

  async insert(sql: string, params: readonly unknown[] = []): Promise<number> {
    if (this.held) await this.turn();
    return constraintsNamed(() => Number(this.statement(sql).run(...params).lastInsertRowid));
  }

  async insertMany(sql: string, params: readonly unknown[] = []): Promise<number[]> {
    if (this.held) await this.turn();
    const rows = constraintsNamed(() => this.statement(`${sql} RETURNING id`).all(...params) as { id: number }[]);
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  async runRows(sql: string, rows: readonly (readonly unknown[])[]): Promise<void> {
    await this.insertRows(sql, rows);
  }

  async insertRows(sql: string, rows: readonly (readonly unknown[])[]): Promise<number[]> {
    if (this.held) await this.turn();
    if (!rows.length) return [];
    const statement = this.statement(sql);
    // better-sqlite3's transaction is a savepoint inside the caller's: the rows are written all or none.
    return constraintsNamed(() => this.$client.transaction(() => rows.map((r) => Number(statement.run(...r).lastInsertRowid)))());
  }

  async transaction<T>(fn: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const mine = this.owner.getStore();
    if (mine && mine === this.held) return this.savepoint(mine, fn);
    let release!: () => void;
    const held: Held = { depth: 0, done: new Promise<void>((r) => (release = r)) };
    const before = this.tail;
    this.tail = held.done;
    await before;
    // Statements from outside that arrived meanwhile ran on the free connection; from here they wait.
    while (this.held) await this.held.done;
    this.held = held;
    try {
      // A transaction the raw connection already holds (a test's or a seed's own BEGIN) is joined as a savepoint.
      if (this.$client.inTransaction) return await this.owner.run(held, () => this.savepoint(held, fn));
      this.$client.exec(options.exclusive ? 'BEGIN IMMEDIATE' : 'BEGIN');
      try {
        const result = await this.owner.run(held, fn);
        this.$client.exec('COMMIT');
        return result;
      } catch (e) {
        if (this.$client.inTransaction) this.$client.exec('ROLLBACK');
        throw e;
      }
    } finally {
      this.held = null;
      release();
    }
  }

  /** The connection runs one transaction at a time: being inside one is the lock. */
  async lock(name: string): Promise<void> {
    if (!this.owner.getStore() && !this.$client.inTransaction) throw new Error(`lock(${name}) outside a transaction`);
  }

  private async savepoint<T>(held: Held, fn: () => Promise<T>): Promise<T> {
    const name = `sp${++held.depth}`;
    this.$client.exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn();
      this.$client.exec(`RELEASE ${name}`);
      return result;
    } catch (e) {
      this.$client.exec(`ROLLBACK TO ${name}`);
      this.$client.exec(`RELEASE ${name}`);
      throw e;
    } finally {
      held.depth--;
    }
  }

  /**
   * A second connection to the same file, in a read transaction begun at once (WAL lets the writer
   * go on meanwhile). An in-memory database has no second connection: undefined then. Its page
   * cache is kept small, since its reads come on top of the main connection's cache.
   */
  async snapshot(): Promise<ReadSnapshot | undefined> {
    if (this.$client.memory) return undefined;
    const second = new BetterSqlite3(this.$client.name, { fileMustExist: true });
    second.pragma('busy_timeout = 5000');
    second.pragma('cache_size = -4096');
    second.pragma('query_only = 1');
    second.exec('BEGIN');
    // A deferred transaction takes its snapshot at its first read.
    second.prepare('SELECT count(*) FROM sqlite_master').get();
    return {
      conn: new SqliteDatabase(second),
      async close() {
        if (!second.open) return;
        if (second.inTransaction) second.exec('COMMIT');
        second.close();
      },
    };
  }

  /** One process serves a SQLite file: there is no other instance to hear or tell (port.ts). */
  async listen(): Promise<null> {
    return null;
  }

  async notify(): Promise<void> {}

  async close(): Promise<void> {
    if (this.$client.open) this.$client.close();
  }

  get closed(): boolean {
    return !this.$client.open;
  }
}
