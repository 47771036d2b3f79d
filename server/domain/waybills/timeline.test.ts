import { describe, expect, it } from 'vitest';
import { arriveLeaveState, durationStr, lateness, nodeStatusOf, nodeTypeOf } from './timeline.ts';

const MIN = 60_000;
const node = (nodeType: string, arrive: number | null = null, leave: number | null = null, arriveState: number | null = null) =>
  ({ nodeType, actualArriveTime: arrive, actualLeaveTime: leave, arriveState });

describe('early and late', () => {
  it.each([
    [0, 1], [59_999, 1], [-59_999, 1], [MIN, 3], [-MIN, 2], [125 * MIN, 3],
  ])('%i ms after the required time → state %i', (diff, state) => {
    expect(arriveLeaveState(1_000_000_000 + diff, 1_000_000_000)).toBe(state);
  });

  it('judges nothing without a required or an actual time', () => {
    expect(arriveLeaveState(null, 1)).toBeNull();
    expect(arriveLeaveState(1, null)).toBeNull();
    expect(lateness(1, null)).toEqual({ state: null, lateTimeStr: '', diffStr: '' });
  });

  it.each([
    [0, '0分钟'], [45 * MIN, '45分钟'], [65 * MIN, '1小时5分钟'], [120 * MIN, '2小时'], [(3 * 1440 + 120) * MIN, '3天2小时'], [-30 * MIN, '30分钟'],
  ])('duration %i ms reads %s', (ms, text) => {
    expect(durationStr(ms)).toBe(text);
  });

  it('the 晚点 tooltip time only when late', () => {
    expect(lateness(65 * MIN, 0)).toEqual({ state: 3, lateTimeStr: '1小时5分钟', diffStr: '晚点1小时5分钟' });
    expect(lateness(0, 30 * MIN)).toEqual({ state: 2, lateTimeStr: '', diffStr: '提前30分钟' });
    expect(lateness(10, 0)).toEqual({ state: 1, lateTimeStr: '', diffStr: '准时' });
  });
});

describe('node status (the timeline icon, 0-4)', () => {
  it.each([
    ['not reached yet', node('start'), { status: 300, step: 4 }, 0],
    ['arrived on time', node('start', 1, null, 1), { status: 400, step: 6 }, 1],
    ['arrived late', node('start', 1, null, 3), { status: 400, step: 6 }, 3],
    ['left', node('start', 1, 2, 3), { status: 400, step: 9 }, 2],
    ['via point skipped on the way to delivery', node('via'), { status: 400, step: 10 }, 4],
    ['via point still ahead', node('via'), { status: 400, step: 9 }, 0],
    ['unloading place ahead of an abnormal end', node('end'), { status: 600, step: 90 }, 4],
    ['unloading place of a transferred waybill', node('end'), { status: 700, step: 999 }, 4],
    ['unloading place while unloading', node('end', 1, null, 2), { status: 400, step: 11 }, 1],
  ])('%s → %i', (_name, n, w, status) => {
    expect(nodeStatusOf(n, w)).toBe(status);
  });

  it('reads any stored type other than start and end as a via point', () => {
    expect([nodeTypeOf('start'), nodeTypeOf('end'), nodeTypeOf('via'), nodeTypeOf('2')]).toEqual(['start', 'end', 'via', 'via']);
  });
});
