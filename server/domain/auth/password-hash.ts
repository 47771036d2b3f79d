// scrypt with a per-user random salt; comparison in constant time.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
// N=16384 keeps a login near 30 ms on these machines while staying far from brute-forceable.
const PARAMS = { N: 16384, r: 8, p: 1 } as const;

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')) {
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS).toString('hex');
  return { hash, salt };
}

export function verifyPassword(password: string, salt: string, expectedHex: string): boolean {
  const actual = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS);
  const expected = Buffer.from(expectedHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
