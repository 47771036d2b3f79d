// Lock-out and slow login: a guesser is slowed per account and address with growing delays, a
// sprayer per address, a distributed guesser per account for unknown addresses only; the real user
// elsewhere still gets in, an administrator can unlock, and guessed names leave no rows behind.
// Only Date is faked (the clock of the delays); hashing runs for real.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { ADDRESS_FREE, ACCOUNT_FREE, PAIR_FREE, WINDOW_MS } from '../../server/domain/auth/throttle.ts';
import { hashesRunning, HASHES_AT_ONCE, verifyPasswordAsync, hashPassword } from '../../server/domain/auth/password-hash.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.db.run('DELETE FROM login_throttle');
});

const RIGHT = 'Huoyun@2026';
const login = (userName: string, password: string, address: string) =>
  t.call('POST', '/login', { body: { userName, password }, headers: { 'x-forwarded-for': address } });
const rows = async () => (await t.db.one<{ n: number }>('SELECT count(*) AS n FROM login_throttle'))!.n;
let now = Date.now();
const clock = (ms = 0) => {
  now += ms;
  vi.setSystemTime(now);
};
const fakeClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock();
};

describe('one account from one address', () => {
  it('the guesser waits 1, then 2, then 4 minutes; the real user on another address gets in throughout', async () => {
    fakeClock();
    for (let i = 1; i < PAIR_FREE; i++) expect((await login('customer', `bad-${i}`, '10.0.0.1')).message).toMatch(/^用户名或密码错误/);
    expect((await login('customer', 'bad-5', '10.0.0.1')).message).toBe('登录失败次数过多，请1分钟后再试');
    expect((await login('customer', RIGHT, '10.0.0.1')).message).toBe('登录失败次数过多，请1分钟后再试');
    expect((await login('customer', RIGHT, '10.0.0.2')).code).toBe(1);
    clock(61_000);
    expect((await login('customer', 'bad-6', '10.0.0.1')).message).toBe('登录失败次数过多，请2分钟后再试');
    clock(121_000);
    expect((await login('customer', 'bad-7', '10.0.0.1')).message).toBe('登录失败次数过多，请4分钟后再试');
    expect((await login('customer', RIGHT, '10.0.0.2')).code).toBe(1);
    clock(241_000);
    expect((await login('customer', RIGHT, '10.0.0.1')).code).toBe(1);
  });

  it('warns when two tries are left', async () => {
    for (let i = 1; i <= PAIR_FREE - 3; i++) await login('monitor', `bad-${i}`, '10.0.1.1');
    expect((await login('monitor', 'bad-x', '10.0.1.1')).message).toBe('用户名或密码错误，还可尝试2次');
  });
});

describe('spraying and distributed guessing', () => {
  it('one address spraying one password over many accounts is stopped; other addresses are not', async () => {
    // A real account now and then (fewer times than its own pair limit), unknown names otherwise.
    const names = Array.from({ length: ADDRESS_FREE + 5 }, (_, i) => (i % 7 === 0 ? 'dispatcher' : `nobody${i}`));
    const answers = [];
    for (const name of names) answers.push((await login(name, 'Spring@2026', '10.0.2.1')).message);
    expect(answers.slice(ADDRESS_FREE)).toEqual(Array(5).fill(expect.stringMatching(/^当前网络登录失败次数过多，请\d+分钟后再试$/)));
    expect((await login('dispatcher', RIGHT, '10.0.2.1')).code).toBe(0);
    expect((await login('dispatcher', RIGHT, '10.0.2.2')).code).toBe(1);
  });

  it('many addresses at one account slow unknown addresses only: the real user\'s usual address still gets in', async () => {
    expect((await login('carrier', RIGHT, '10.0.3.200')).code).toBe(1); // the real user's usual address
    for (let a = 1; a <= ACCOUNT_FREE / (PAIR_FREE - 1); a++) {
      for (let i = 1; i < PAIR_FREE; i++) await login('carrier', `bad-${a}-${i}`, `10.0.3.${a}`);
    }
    expect((await login('carrier', RIGHT, '10.0.3.99')).message).toMatch(/^登录失败次数过多/);
    expect((await login('carrier', RIGHT, '10.0.3.200')).code).toBe(1);
  });

  it('300 unknown user names leave no rows behind once their window has passed', async () => {
    fakeClock();
    // In batches, so both hashing threads work.
    for (let i = 0; i < 300; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, k) => login(`ghost${i + k}`, 'x', `10.1.${(i + k) >> 8}.${(i + k) & 255}`)));
    }
    expect(await rows()).toBeGreaterThan(0);
    clock(WINDOW_MS + 61_000);
    await login('ghost-last', 'x', '10.2.0.1');
    expect(await rows()).toBe(3); // only the last attempt's own counters
  }, 180_000);

  it('300 unknown names from one address stop making rows once the address is stopped', async () => {
    for (let i = 0; i < 300; i++) await login(`phantom${i}`, 'x', '10.3.0.1');
    expect(await rows()).toBeLessThanOrEqual(2 * ADDRESS_FREE + 1);
  });
});

describe('an administrator unlocks', () => {
  it('clears the account\'s delays (userUnlock3); a dispatcher without it is refused', async () => {
    for (let i = 1; i <= PAIR_FREE; i++) await login('monitor', `bad-${i}`, '10.4.0.1');
    expect((await login('monitor', RIGHT, '10.4.0.1')).message).toMatch(/^登录失败次数过多/);
    const monitorId = (await t.db.one<{ id: number }>("SELECT id FROM users WHERE user_name = 'monitor'"))!.id;
    const dispatcher = await t.login('dispatcher');
    expect((await t.call('POST', '/user/unlock', { token: dispatcher, body: { id: monitorId } })).code).toBe(104);
    const admin = await t.login('admin');
    // The user list marks the held-back account, so 解锁 is offered on that row alone.
    const limited = async () => ((await t.call('POST', '/res/user/list', { token: admin, body: { pageSize: 100 } })).result.data as { userName: string; loginLimited: number }[])
      .filter((u) => u.loginLimited === 1).map((u) => u.userName);
    expect(await limited()).toEqual(['monitor']);
    const r = await t.call('POST', '/user/unlock', { token: admin, body: { id: monitorId } });
    expect([r.code, r.message]).toEqual([1, '账号已解锁']);
    expect(await limited()).toEqual([]);
    expect((await login('monitor', RIGHT, '10.4.0.1')).code).toBe(1);
  });
});

describe('hashing does not block the event loop', () => {
  it('other work runs while a hash is computed, and at most HASHES_AT_ONCE hash at a time', async () => {
    const { hash, salt } = hashPassword('abc');
    let ticked = false;
    const hashing = verifyPasswordAsync('abc', salt, hash).then((ok) => ({ ok, tickedFirst: ticked }));
    setImmediate(() => (ticked = true));
    expect(await hashing).toEqual({ ok: true, tickedFirst: true });

    const seen: number[] = [];
    const timer = setInterval(() => seen.push(hashesRunning()), 1);
    await Promise.all(Array.from({ length: 16 }, () => login('admin', 'wrong', '10.5.0.1')));
    clearInterval(timer);
    expect(Math.max(...seen)).toBe(HASHES_AT_ONCE);
  });
});
