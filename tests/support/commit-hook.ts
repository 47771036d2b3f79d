// A database seen through a hook on its commits, for tests of what happens before, at and after one.
import type { Conn } from '../../server/resources/statements.ts';

/**
 * The database seen through a transaction hook: `before` runs inside the transaction after its
 * statements, before the commit (await there to hold the commit; throw there to fail it).
 */
export function commitHook(db: Conn, before: () => Promise<void>) {
  let transactions = 0;
  let depth = 0;
  const conn: Conn = {
    dialect: db.dialect,
    maxParams: db.maxParams,
    one: (sql, params) => db.one(sql, params),
    all: (sql, params) => db.all(sql, params),
    run: (sql, params) => db.run(sql, params),
    insert: (sql, params) => db.insert(sql, params),
    insertMany: (sql, params) => db.insertMany(sql, params),
    runRows: (sql, rows) => db.runRows(sql, rows),
    insertRows: (sql, rows) => db.insertRows(sql, rows),
    lock: (name) => db.lock(name),
    // Savepoints inside (a batch's own) pass through; the outermost transaction is the one that commits.
    transaction: (fn, options) => db.transaction(async () => {
      if (depth++ > 0) return fn().finally(() => depth--);
      try {
        const result = await fn();
        transactions++;
        await before();
        return result;
      } finally {
        depth--;
      }
    }, options),
  };
  return { conn, transactions: () => transactions };
}
