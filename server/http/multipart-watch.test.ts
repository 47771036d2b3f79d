import { describe, expect, it } from 'vitest';
import { boundaryOf, partSizeWatch } from './multipart-watch.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const tooLarge = () => new Error('too large');

/** Feeds `body` in chunks of `size` bytes; answers whether the watch refused it. */
function refused(body: string, size: number, maxPart: number) {
  const watch = partSizeWatch('XB', maxPart, tooLarge);
  const bytes = enc(body);
  try {
    for (let i = 0; i < bytes.length; i += size) watch(bytes.subarray(i, i + size));
    return false;
  } catch {
    return true;
  }
}

describe('multipart part sizes', () => {
  it('reads the boundary, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(boundaryOf('multipart/form-data; boundary="a b"; charset=utf-8')).toBe('a b');
    expect(boundaryOf('multipart/form-data')).toBeUndefined();
  });

  it('measures each part, with delimiters split across chunks at every position', () => {
    const body = `--XB\r\n${'a'.repeat(20)}\r\n--XB\r\n${'b'.repeat(20)}\r\n--XB--\r\n`;
    for (let size = 1; size <= body.length; size++) {
      expect(refused(body, size, 30)).toBe(false);
      expect(refused(body, size, 19)).toBe(true);
    }
  });

  it('refuses a long stretch with no delimiter at all', () => {
    expect(refused('x'.repeat(100), 7, 50)).toBe(true);
  });
});
