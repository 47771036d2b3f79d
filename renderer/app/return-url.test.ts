// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { returnPathOf } from './return-url.ts';

const origin = 'https://tms.example.cn';

describe('returnPathOf', () => {
  it('keeps same-origin paths with query and hash', () => {
    expect(returnPathOf('/orderDetail?orderId=7#top', origin)).toBe('/orderDetail?orderId=7#top');
    expect(returnPathOf(`${origin}/waybill/list`, origin)).toBe('/waybill/list');
  });

  it('falls back to /home for empty, foreign, protocol-relative and looping targets', () => {
    for (const url of [undefined, '', 'https://evil.example/x', '//evil.example/x', '/login', '/', 'javascript:alert(1)']) {
      expect(returnPathOf(url, origin)).toBe('/home');
    }
  });
});
