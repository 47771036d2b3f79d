import { describe, it, expect } from 'vitest';
import {
  passwordRule, passwordStrength, strengthLabel, confirmPasswordRule,
  PASSWORD_GUIDANCE, PASSWORD_MIN, PASSWORD_MAX,
} from './password.ts';

describe('passwordRule', () => {
  it.each([
    ['abc 1234', '密码不能包含空格'],
    ['abc\t12345', '密码不能包含空格'],
    ['密码abc12345', '密码不能包含中文字符'],
    ['ａbc12345', '密码不能包含全角字符'],
    ['abc12345！', '密码不能包含全角字符'],
    ['abc　12345', '密码不能包含全角字符'], // ideographic space is full-width before it is whitespace
    ['ab1', '新密码长度应在8~15位'],
    ['', '新密码长度应在8~15位'],
    ['abcd1234abcd1234', '新密码长度应在8~15位'],
    ['abcdefgh', '密码强度不符合要求'],
    ['12345678', '密码强度不符合要求'],
    ['!@#$%^&*', '密码强度不符合要求'],
  ])('%j → %s', (pwd, message) => expect(passwordRule(pwd)).toBe(message));

  it('checks in the spec order: Chinese, full-width, whitespace, length, strength', () => {
    expect(passwordRule('中ａ 1')).toBe('密码不能包含中文字符');
    expect(passwordRule('ａ 1')).toBe('密码不能包含全角字符');
    expect(passwordRule('a 1')).toBe('密码不能包含空格');
    expect(passwordRule('a1')).toBe('新密码长度应在8~15位');
  });

  it.each(['abcd1234', 'abc123!@', 'Abcdefg!', '12345678@', 'abcd1234abcd123'])('accepts %j', (pwd) => {
    expect(passwordRule(pwd)).toBeNull();
  });
});

describe('passwordStrength', () => {
  it.each([
    ['abcdefgh', 30, '低'],
    ['abcd1234', 60, '中'],
    ['abc123!@', 100, '高'],
    ['ab1', 0, ''],
    ['abc 1234', 0, ''],
    ['密码abc12345', 0, ''],
  ] as const)('%j → %i (%s)', (pwd, level, label) => {
    expect(passwordStrength(pwd)).toBe(level);
    expect(strengthLabel(passwordStrength(pwd))).toBe(label);
  });
});

describe('confirmation and constants', () => {
  it('requires equal confirmation', () => {
    expect(confirmPasswordRule('abcd1234', 'abcd1234')).toBeNull();
    expect(confirmPasswordRule('abcd1234', 'abcd1235')).toBe('两次输入密码不一致');
  });
  it('exports the spec constants', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 15]);
    expect(PASSWORD_GUIDANCE).toBe('密码长度8-15位，必须包含字母（区分大小写）、数字、字符中两种组成，不能使用空格、中文。');
  });
});
