// The test app's own guard: "nothing changed" must fail, naming the table, when something did — or every
// bad-input test relying on it could pass over a write it should have caught.
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

describe('assertUnchanged', () => {
  it('passes on an untouched database and names the table a write changed', async () => {
    const t = await createTestApp();
    const before = await t.snapshot();
    await t.assertUnchanged(before);
    await t.db.run("UPDATE users SET real_name = real_name || '改' WHERE id = (SELECT min(id) FROM users)", []);
    await expect(t.assertUnchanged(before)).rejects.toThrow(/changed table\(s\) users$/);
  });
});
