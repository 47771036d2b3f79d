import { describe, expect, it } from 'vitest';
import { validateCalibration } from './calibration.ts';

const form = (over: Partial<{ lng: string; lat: string; radius: string; typeId: number }>) => ({ lng: '116.397128', lat: '39.916527', radius: '200', typeId: 3, ...over });

describe('fence calibration validation', () => {
  it('accepts six decimals and a radius up to 2000', () => {
    expect(validateCalibration(form({}))).toEqual({});
    expect(validateCalibration(form({ radius: '2000' }))).toEqual({});
  });

  it('names the empty or malformed coordinate', () => {
    expect(validateCalibration(form({ lng: '' })).lng).toBe('经度不能为空');
    expect(validateCalibration(form({ lng: '116.1234567' })).lng).toBe('经度必须为数字值，且最多输入六位小数');
    expect(validateCalibration(form({ lat: 'abc' })).lat).toBe('纬度必须为数字值，且最多输入六位小数');
    expect(validateCalibration(form({ lat: ' ' })).lat).toBe('纬度不能为空');
  });

  it('checks the radius of a point fence only', () => {
    expect(validateCalibration(form({ radius: '' })).radius).toBe('半径不能为空');
    expect(validateCalibration(form({ radius: '0' })).radius).toBe('半径必须为正整数值');
    expect(validateCalibration(form({ radius: '12.5' })).radius).toBe('半径必须为正整数值');
    expect(validateCalibration(form({ radius: '2001' })).radius).toBe('半径必须小于等于2000');
    expect(validateCalibration(form({ radius: '', typeId: 1 })).radius).toBeUndefined();
  });
});
