// Two instances on one database: each keeps its own cache of resolved sessions, and a change made
// through one is honoured by the other within a second (sessions.ts, the shared counter). Here the
// second instance is a second app over the same database, as a second server process would be.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../server/app.ts';
import { CHECK_MS } from '../server/domain/auth/sessions.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { createTestApp } from './support/test-app.ts';

const t = await createTestApp();
const other = await createApp({ db: t.db, registry: holdRegistry(), filesDir: mkdtempSync(join(tmpdir(), 'huoyun-files-')) });
const onOther = async (token: string) => {
  const res = await other.app.request('/api/menu/menuTree', { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: '{"useSystem":3}' });
  return [res.status, ((await res.json()) as { code: number }).code];
};
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** Longer than an instance trusts its cache without looking at the shared counter. */
const aWhile = () => new Promise((r) => setTimeout(r, CHECK_MS + 100));

describe('a change on one instance holds on the other', () => {
  it('a sign-out on one is refused on the other', async () => {
    const token = await t.login('monitor');
    // The other instance has resolved, and so cached, the session.
    expect(await onOther(token)).toEqual([200, 1]);
    expect((await t.call('POST', '/signOut', { token })).code).toBe(1);
    await aWhile();
    expect(await onOther(token)).toEqual([401, 103]);
  });

  it("a password change on one ends the user's other sessions on the other", async () => {
    const kept = await t.login('dispatcher');
    const elsewhere = await t.login('dispatcher');
    expect(await onOther(elsewhere)).toEqual([200, 1]);
    const changed = await t.call('POST', '/user/modifyCurrentPassword', {
      token: kept, body: { oldPassword: b64(DEMO_PASSWORD), newPassword: b64('Newpass@2026'), confirmPassword: b64('Newpass@2026') },
    });
    expect(changed.code).toBe(1);
    await aWhile();
    expect(await onOther(elsewhere)).toEqual([401, 103]);
    expect(await onOther(kept)).toEqual([200, 1]);
  });
});
