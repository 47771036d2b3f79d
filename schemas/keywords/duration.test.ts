import { describe, expect, it } from 'vitest';
import { durationText } from './duration.ts';

describe('durationText', () => {
  it('reads a long duration in minutes as days, hours and minutes', () => {
    expect(durationText(193805.1)).toBe('134天14小时5分');
  });
  it('leaves out the parts that are zero', () => {
    expect(durationText(1440)).toBe('1天');
    expect(durationText(61)).toBe('1小时1分');
    expect(durationText(1500)).toBe('1天1小时');
    expect(durationText(45)).toBe('45分');
  });
  it('says seconds only under a minute, and zero as 0秒', () => {
    expect(durationText(0.5)).toBe('30秒');
    expect(durationText(0)).toBe('0秒');
  });
  it('takes other units and keeps the sign', () => {
    expect(durationText(90_000, 'ms')).toBe('2分');
    expect(durationText(26, 'hour')).toBe('1天2小时');
    expect(durationText(-90, 'minute')).toBe('-1小时30分');
  });
});
