// The "nothing changed" mark the security suites rest on (get-no-writes, write-fuzz): if it failed to
// move on a write, those suites could not fail. It must move on each committed row write, and stay on a
// read, an update of no row, a rolled-back write and the request logs' own rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { writeMark } from '../server/db/catalog.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('write mark', () => {
  it('moves on a committed write of a row, and on each one after it', async () => {
    const before = await writeMark(t.db);
    await t.db.run("UPDATE corporations SET corp_name = corp_name || '改' WHERE id = 1");
    const afterOne = await writeMark(t.db);
    expect(afterOne).not.toBe(before);
    await t.db.run('DELETE FROM corporations WHERE id = -5');
    await t.db.transaction(async () => {
      await t.db.run("UPDATE corporations SET corp_name = '第二次' WHERE id = 1");
    });
    expect(await writeMark(t.db)).not.toBe(afterOne);
  });

  it('stays on a read, an update of no row, a rolled-back write and a log row', async () => {
    const before = await writeMark(t.db);
    await t.db.all('SELECT * FROM corporations');
    await t.db.run("UPDATE corporations SET corp_name = '无' WHERE id = -1");
    await expect(
      t.db.transaction(async () => {
        await t.db.run("UPDATE corporations SET corp_name = '回滚' WHERE id = 1");
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.run(
      "INSERT INTO operation_logs (corp_id, user_id, user_name, created_at, path, operation_name, code, success) VALUES (1, 1, 'admin', 0, '/x', 'x', 1, 1)",
    );
    expect(await writeMark(t.db)).toBe(before);
    expect((await t.db.one<{ name: string }>('SELECT corp_name AS name FROM corporations WHERE id = 1'))!.name).not.toBe('回滚');
  });
});
