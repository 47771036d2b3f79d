// The database port's transactions (server/db/port.ts), the same on both engines: a transaction
// inside another is a savepoint, and work a transaction started without waiting for it (an export a
// request launched) goes on by itself after the transaction ended, whatever the transaction's fate.
import { describe, expect, it } from 'vitest';
import { ConstraintError } from '../server/db/port.ts';
import { openTestDatabase } from './support/test-db.ts';

const db = await openTestDatabase();
await db.run('CREATE TABLE port_probe (name TEXT NOT NULL UNIQUE)');
const names = async () => (await db.all<{ name: string }>('SELECT name FROM port_probe ORDER BY name')).map((r) => r.name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('database port transactions', () => {
  it('a failed inner transaction undoes its own writes only', async () => {
    await db.transaction(async () => {
      await db.run("INSERT INTO port_probe (name) VALUES ('outer')");
      await expect(db.transaction(async () => {
        await db.run("INSERT INTO port_probe (name) VALUES ('inner')");
        await db.run("INSERT INTO port_probe (name) VALUES ('outer')");
      })).rejects.toBeInstanceOf(ConstraintError);
    });
    expect(await names()).toEqual(['outer']);
  });

  it('work started in a transaction and left running goes on after the transaction rolled back', async () => {
    let background: Promise<void> | undefined;
    await expect(db.transaction(async () => {
      await db.run("INSERT INTO port_probe (name) VALUES ('undone')");
      // Not awaited: it outlives the transaction, as a launched export does.
      background = (async () => {
        await sleep(50);
        await db.transaction(async () => {
          await db.run("INSERT INTO port_probe (name) VALUES ('later')");
        });
        await db.run("INSERT INTO port_probe (name) VALUES ('after')");
      })();
      throw new Error('the request failed');
    })).rejects.toThrow('the request failed');
    await background;
    expect(await names()).toEqual(['after', 'later', 'outer']);
  });
});

describe('many rows through one single-row statement (runRows, insertRows)', () => {
  const idColumn = db.dialect === 'postgres' ? 'id SERIAL PRIMARY KEY' : 'id INTEGER PRIMARY KEY';
  const ready = db.run(`CREATE TABLE port_rows (${idColumn}, name TEXT NOT NULL UNIQUE, n INTEGER NOT NULL)`);
  const rows = async () => db.all<{ id: number; name: string; n: number }>('SELECT id, name, n FROM port_rows ORDER BY id');

  it('answers the new ids in the order of the rows, and an upsert through runRows updates the rows it meets', async () => {
    await ready;
    const ids = await db.insertRows("INSERT INTO port_rows (name, n) VALUES (?, ?)", [['c', 1], ['a', 2], ['b', 3]]);
    expect((await rows()).map((r) => [r.id, r.name])).toEqual([[ids[0], 'c'], [ids[1], 'a'], [ids[2], 'b']]);
    await db.runRows('INSERT INTO port_rows (name, n) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET n = excluded.n', [['a', 20], ['d', 4]]);
    expect((await rows()).map((r) => [r.name, Number(r.n)])).toEqual([['c', 1], ['a', 20], ['b', 3], ['d', 4]]);
  });

  it('writes all rows or none: a duplicate among them leaves the table as it was, inside a transaction too', async () => {
    await ready;
    const before = await rows();
    await expect(db.insertRows('INSERT INTO port_rows (name, n) VALUES (?, ?)', [['e', 5], ['c', 6]])).rejects.toBeInstanceOf(ConstraintError);
    await db.transaction(async () => {
      await expect(db.runRows("INSERT INTO port_rows (name, n) VALUES (?, ?)", [['f', 7], ['f', 8]])).rejects.toBeInstanceOf(ConstraintError);
    });
    expect(await rows()).toEqual(before);
  });
});
