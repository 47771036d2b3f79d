// PostgreSQL behind the database port (server/db/port.ts), on node-postgres (`pg`): a pool of
// connections; a transaction takes one of them for its whole length and every call made inside it,
// however deep, runs there (AsyncLocalStorage); outside, each statement takes any free connection.
// Integers come back as numbers (our ids and epoch milliseconds stay below 2^53), as better-sqlite3
// gives them.
//
// Statements are written once, in what both engines read alike (docs/decisions.md "Two engines").
// Three differences are bridged here, once per SQL text, so domain code never mentions them:
// - `?` placeholders become `$1, $2, …`;
// - a camelCase identifier (`o.order_no AS orderNo`, `ORDER BY orderNo`) is quoted: PostgreSQL folds
//   unquoted names to lower case, SQLite keeps them; our columns and tables are all snake_case;
// - LIKE becomes ILIKE: SQLite's LIKE ignores the case of ASCII letters, PostgreSQL's does not.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { ConstraintError, type Conn, type Database, type ReadSnapshot, type RunResult, type TransactionOptions } from './port.ts';

const INT8 = 20;
const NUMERIC = 1700;
/** How values are parsed: bigint and numeric as numbers (ids and epoch ms stay below 2^53). Shared with the benchmarks' raw driver. */
export const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

const translated = new Map<string, string>();
const MAX_TRANSLATED = 2000;

const CAMEL = /^[a-z_][A-Za-z0-9_]*[A-Z][A-Za-z0-9_]*$/;
const WORD = /[A-Za-z0-9_]/;

/** The statement as PostgreSQL must read it (see the head of this file); quoted text is left alone. */
export function toPostgres(sql: string): string {
  const hit = translated.get(sql);
  if (hit) return hit;
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (WORD.test(c) && (i === 0 || !WORD.test(sql[i - 1]))) {
      let end = i;
      while (end < sql.length && WORD.test(sql[end])) end++;
      const word = sql.slice(i, end);
      out += CAMEL.test(word) ? `"${word}"` : word.toUpperCase() === 'LIKE' ? 'ILIKE' : word;
      i = end - 1;
    } else if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop + 1);
      i = stop;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  if (translated.size >= MAX_TRANSLATED) translated.delete(translated.keys().next().value!);
  translated.set(sql, out);
  return out;
}

const PG_CONSTRAINTS: Record<string, ConstraintError['kind']> = { '23505': 'unique', '23502': 'notNull', '23503': 'foreignKey', '23514': 'check' };

/**
 * PostgreSQL's constraint errors as the port's: the columns come from the error's `column` (NOT NULL)
 * or its detail, "Key (corp_id, user_name)=(1, x) already exists." (unique).
 */
function constraintsNamed(err: unknown): never {
  const e = err as pg.DatabaseError;
  const kind = PG_CONSTRAINTS[e.code ?? ''];
  if (!kind) throw err;
  const keyColumns = /^Key \(([^)]*)\)=/.exec(e.detail ?? '')?.[1];
  const columns = kind === 'notNull' && e.column ? [e.column] : kind === 'unique' && keyColumns ? keyColumns.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
  throw new ConstraintError(kind, columns, e.message);
}

/**
 * One connection answers one statement at a time: statements sent together on it (a Promise.all
 * inside a transaction) wait their turn here, in the order sent, as they do on SQLite's one connection.
 */
class Serial {
  private tail: Promise<unknown> = Promise.resolve();
  constructor(private readonly client: pg.ClientBase) {}

  query(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
    const next = this.tail.then(() => this.client.query(text, params));
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/**
 * `INSERT INTO t (…) VALUES (…) [ON CONFLICT …]` cut at its one row's tuple: the text before VALUES, the
 * parenthesised tuple (placeholders and literals), and what follows it.
 */
export function splitValues(sql: string): { head: string; tuple: string; tail: string } {
  const at = sql.search(/\bVALUES\s*\(/i);
  if (at < 0) throw new Error(`runRows/insertRows need INSERT … VALUES (…): ${sql}`);
  const open = sql.indexOf('(', at);
  let depth = 0;
  let quoted = false;
  for (let i = open; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')' && --depth === 0) return { head: sql.slice(0, at).trimEnd(), tuple: sql.slice(open, i + 1), tail: sql.slice(i + 1) };
  }
  throw new Error(`runRows/insertRows: unbalanced VALUES tuple in ${sql}`);
}

interface Held {
  client: Serial;
  depth: number;
  /**
   * False once the transaction ended. Work a transaction started and did not wait for (an export a
   * request launched) still carries its context; it must then use the pool, as on SQLite, not the
   * client the transaction gave back.
   */
  open: boolean;
}

/** Statements on whatever `clientFor` gives: the pool, a transaction's client, or a snapshot's. */
abstract class PostgresConn implements Conn {
  readonly dialect = 'postgres' as const;
  /** The wire protocol counts a statement's parameters in 16 bits. */
  readonly maxParams = 65_535;
  protected abstract queryable(): pg.Pool | Serial;

  protected query(sql: string, params: readonly unknown[]) {
    return this.queryable().query(toPostgres(sql), params as unknown[]).catch(constraintsNamed);
  }

  async one<T>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.query(sql, params)).rows[0] as T | undefined;
  }

  async all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.query(sql, params)).rows as T[];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<RunResult> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  async insert(sql: string, params: readonly unknown[] = []): Promise<number> {
    return Number((await this.query(`${sql} RETURNING id`, params)).rows[0].id);
  }

  async insertMany(sql: string, params: readonly unknown[] = []): Promise<number[]> {
    const { rows } = await this.query(`${sql} RETURNING id`, params);
    return rows.map((r: { id: unknown }) => Number(r.id)).sort((a, b) => a - b);
  }

  async runRows(sql: string, rows: readonly (readonly unknown[])[]): Promise<void> {
    await this.eachValuesList(sql, rows, (text, params) => this.run(text, params));
  }

  async insertRows(sql: string, rows: readonly (readonly unknown[])[]): Promise<number[]> {
    const ids: number[] = [];
    await this.eachValuesList(sql, rows, async (text, params) => { ids.push(...await this.insertMany(text, params)); });
    return ids;
  }

  /** The single-row statement as multi-row VALUES lists below the parameter limit, in one transaction (all rows or none). */
  private async eachValuesList(sql: string, rows: readonly (readonly unknown[])[], send: (sql: string, params: unknown[]) => Promise<unknown>) {
    if (!rows.length) return;
    const { head, tuple, tail } = splitValues(sql);
    const perStatement = Math.max(1, Math.floor(this.maxParams / Math.max(1, rows[0].length)));
    const statement = (part: readonly (readonly unknown[])[]) => send(`${head} VALUES ${part.map(() => tuple).join(', ')}${tail}`, part.flat());
    // One statement is atomic by itself; more go in one transaction (a savepoint inside the caller's).
    if (rows.length <= perStatement) return void await statement(rows);
    await this.transaction(async () => {
      for (let i = 0; i < rows.length; i += perStatement) {
        await statement(rows.slice(i, i + perStatement));
      }
    });
  }

  abstract transaction<T>(fn: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  abstract lock(name: string): Promise<void>;
}

export class PostgresDatabase extends PostgresConn implements Database {
  private readonly owner = new AsyncLocalStorage<Held>();

  constructor(
    readonly pool: pg.Pool,
    private readonly url: string,
  ) {
    super();
  }

  static connect(url: string, max = 10): PostgresDatabase {
    const pool = new pg.Pool({ connectionString: url, max, types });
    // An idle connection the server dropped (a restart, a network cut) is reported here; without a
    // listener it would end the process. The pool opens a new connection for the next query.
    pool.on('error', (err) => console.error(`PostgreSQL 空闲连接中断: ${err.message}`));
    return new PostgresDatabase(pool, url);
  }

  /** The caller's transaction, if it is still going on. */
  private live(): Held | undefined {
    const held = this.owner.getStore();
    return held?.open ? held : undefined;
  }

  protected queryable() {
    return this.live()?.client ?? this.pool;
  }

  async transaction<T>(fn: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const held = this.live();
    if (held) return this.savepoint(held, fn);
    const client = await this.pool.connect();
    const mine: Held = { client: new Serial(client), depth: 0, open: true };
    try {
      await client.query('BEGIN');
      try {
        // One holder of the named lock at a time, across every instance on this database.
        if (options.exclusive) await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [options.exclusive.lock]);
        const result = await this.owner.run(mine, fn);
        // In turn after any statement fn sent and did not wait for.
        await mine.client.query('COMMIT');
        return result;
      } catch (e) {
        await mine.client.query('ROLLBACK');
        throw e;
      }
    } finally {
      mine.open = false;
      client.release();
    }
  }

  async lock(name: string): Promise<void> {
    const held = this.live();
    if (!held) throw new Error(`lock(${name}) outside a transaction`);
    await held.client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
  }

  private async savepoint<T>(held: Held, fn: () => Promise<T>): Promise<T> {
    const name = `sp${++held.depth}`;
    await held.client.query(`SAVEPOINT ${name}`);
    try {
      const result = await fn();
      await held.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (e) {
      await held.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw e;
    } finally {
      held.depth--;
    }
  }

  /**
   * A connection in a REPEATABLE READ, read-only transaction: one snapshot for a whole export. A
   * connection of its own, outside the pool (as SQLite opens a second one): exports hold theirs for
   * minutes, and the export queue bounds how many run, so they never starve the pool the requests
   * and the queue's own claim need.
   */
  async snapshot(): Promise<ReadSnapshot> {
    const client = new pg.Client({ connectionString: this.url, types });
    // A dropped connection fails the export's next read; the event itself must not end the process.
    client.on('error', (err) => console.error(`PostgreSQL 导出连接中断: ${err.message}`));
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The snapshot is taken at the first statement.
    await client.query('SELECT 1');
    let open = true;
    return {
      conn: new SnapshotConn(client),
      async close() {
        if (!open) return;
        open = false;
        try {
          await client.query('COMMIT');
        } finally {
          await client.end();
        }
      },
    };
  }

  /**
   * LISTEN on a connection of its own, outside the pool (a pooled connection would be handed to other
   * queries). A dropped connection is opened again after a second, for as long as the listener lives;
   * what was sent meanwhile is not heard (a listener must be able to lose messages).
   */
  async listen(channel: string, heard: (payload: string) => void): Promise<() => Promise<void>> {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const open = async () => {
      const c = new pg.Client({ connectionString: this.url, types });
      client = c;
      const lost = () => {
        if (stopped || client !== c) return;
        client = null;
        void c.end().catch(() => undefined);
        retry = setTimeout(() => void open(), 1000);
        retry.unref();
      };
      c.on('notification', (m) => m.channel === channel && heard(m.payload ?? ''));
      c.on('error', (err) => {
        console.error(`PostgreSQL 实例通知连接中断: ${err.message}`);
        lost();
      });
      c.on('end', lost);
      try {
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (err) {
        console.error(`PostgreSQL 实例通知连接失败: ${(err as Error).message}`);
        lost();
      }
    };
    await open();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    };
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** True from the moment close() is called: statements still under way then fail with the pool. */
  get closed(): boolean {
    return this.pool.ending || this.pool.ended;
  }
}

/** Reads inside a snapshot's transaction; a "transaction" there is the snapshot itself. */
class SnapshotConn extends PostgresConn {
  private readonly serial: Serial;
  constructor(client: pg.Client) {
    super();
    this.serial = new Serial(client);
  }

  protected queryable() {
    return this.serial;
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /** A snapshot only reads: it takes no write lock. */
  async lock(): Promise<void> {}
}
