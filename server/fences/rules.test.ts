import { describe, expect, it } from 'vitest';
import { latitudeError, longitudeError, radiusError } from './rules.ts';

describe('radius (spec section 5)', () => {
  it.each([
    [undefined, '半径不能为空'], [null, '半径不能为空'], ['', '半径不能为空'], ['  ', '半径不能为空'],
    [0, '半径必须为正整数值'], [-5, '半径必须为正整数值'], [12.5, '半径必须为正整数值'], ['12.0', '半径必须为正整数值'], ['abc', '半径必须为正整数值'], ['1e3', '半径必须为正整数值'],
    [2001, '半径必须小于等于2000'], ['2001', '半径必须小于等于2000'],
  ])('%j → %s', (value, message) => expect(radiusError(value as never)).toBe(message));
  it.each([1, 200, 2000, '200'])('%j is fine', (value) => expect(radiusError(value)).toBeNull());
});

describe('coordinates', () => {
  it('required, a number with at most six decimals', () => {
    expect(longitudeError('')).toBe('经度不能为空');
    expect(latitudeError(undefined)).toBe('纬度不能为空');
    expect(longitudeError(121.1234567)).toBe('经度必须为数字值，且最多输入六位小数');
    expect(latitudeError('31.2x')).toBe('纬度必须为数字值，且最多输入六位小数');
    expect(longitudeError(121.123456)).toBeNull();
    expect(latitudeError('-31.5')).toBeNull();
  });
  it('within the globe', () => {
    expect(longitudeError(181)).toBe('经度必须在-180到180之间');
    expect(latitudeError(-91)).toBe('纬度必须在-90到90之间');
  });
});
