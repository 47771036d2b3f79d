// scrypt with a per-user random salt; comparison in constant time. Logins hash on libuv's thread
// pool (async scrypt), a bounded number at once, so a burst of logins neither blocks the event loop
// nor takes every pool thread from file and export work; beyond the queue's bound a login is refused.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { failure } from '../../http/envelope.ts';

const KEY_LENGTH = 64;
// N=16384 keeps a login near 30 ms on these machines while staying far from brute-forceable.
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
/** Hashes running at once: two of libuv's four pool threads, leaving the rest to files and exports. */
export const HASHES_AT_ONCE = 2;
/** Hashes waiting for a turn; more than this is a flood, answered at once instead of queued. */
export const HASH_QUEUE_LIMIT = 64;
export const BUSY_MESSAGE = '登录请求过多，请稍后再试';

const newSalt = () => randomBytes(16).toString('hex');

/** For seeds and tests, where nothing else waits on the event loop. */
export function hashPassword(password: string, salt = newSalt()) {
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS).toString('hex');
  return { hash, salt };
}

let running = 0;
const waiting: (() => void)[] = [];

/** Hashes on the pool now (the bound's test and the login bench read it). */
export const hashesRunning = () => running;

async function scryptBounded(password: string, salt: string): Promise<Buffer> {
  if (running >= HASHES_AT_ONCE) {
    if (waiting.length >= HASH_QUEUE_LIMIT) throw failure(BUSY_MESSAGE);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    // The turn passes straight to the next waiter, so `running` never drops below the work in flight.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export async function hashPasswordAsync(password: string, salt = newSalt()) {
  return { hash: (await scryptBounded(password, salt)).toString('hex'), salt };
}

export async function verifyPasswordAsync(password: string, salt: string, expectedHex: string): Promise<boolean> {
  const actual = await scryptBounded(password, salt);
  const expected = Buffer.from(expectedHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
