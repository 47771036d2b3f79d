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
