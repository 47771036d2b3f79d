import { describe, expect, it } from 'vitest';
import { checkPoint, checksNow, CHECK_TYPES } from './checks.ts';

describe('gate checks by the machine step', () => {
  it.each([
    [400, 6, CHECK_TYPES.ENTRY, 'start'],
    [400, 10, CHECK_TYPES.ENTRY, 'end'],
    [400, 10, CHECK_TYPES.UNLOADING, 'end'],
    [400, 8, CHECK_TYPES.EXIT, 'start'],
    [400, 11, CHECK_TYPES.EXIT, 'end'],
    [400, 9, CHECK_TYPES.ENTRY, null],
    [400, 6, CHECK_TYPES.UNLOADING, null],
    [300, 4, CHECK_TYPES.ENTRY, null],
    [500, 13, CHECK_TYPES.EXIT, null],
    [400, 6, 99, null],
  ])('%i/%i check %i → %s', (status, step, type, node) => {
    expect(checkPoint({ status, step }, type)).toBe(node);
  });

  it('at the unloading place before delivery both the entry and the unloading check are open', () => {
    expect(checksNow({ status: 400, step: 10 }).map((c) => c.checkType)).toEqual([2, 3]);
    expect(checksNow({ status: 400, step: 9 })).toEqual([]);
  });
});
