/**
 * Password rules of spec section 5, checked in the spec's order so the user sees the most basic
 * problem first, plus the strength meter (0/30/60/100, spec section 9).
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;
export const PASSWORD_GUIDANCE =
  '密码长度8-15位，必须包含字母（区分大小写）、数字、字符中两种组成，不能使用空格、中文。';
export const PASSWORD_STRENGTH_MESSAGE = '密码强度不符合要求';
export const PASSWORD_MISMATCH_MESSAGE = '两次输入密码不一致';

export type PasswordStrength = 0 | 30 | 60 | 100;

// Full-width ASCII variants (！ to ～) and the ideographic space: an IME left in full-width mode
// produces these, and the password then differs from what the user believes they typed.
const FULL_WIDTH = /[\uFF01-\uFF5E\u3000]/;

/** The rules a password must pass before its strength is even measured; order matters. */
const BASIC_RULES: ReadonlyArray<{ fails(pwd: string): boolean; message: string }> = [
  { fails: (p) => /\p{Script=Han}/u.test(p), message: '密码不能包含中文字符' },
  { fails: (p) => FULL_WIDTH.test(p), message: '密码不能包含全角字符' },
  { fails: (p) => /\s/.test(p), message: '密码不能包含空格' },
  { fails: (p) => p.length < PASSWORD_MIN || p.length > PASSWORD_MAX, message: '新密码长度应在8~15位' },
];

function basicFailure(pwd: string): string | null {
  return BASIC_RULES.find((rule) => rule.fails(pwd))?.message ?? null;
}

/** 100 = digit + letter + other symbol, 60 = any two, 30 = one, 0 = breaks a basic rule. */
export function passwordStrength(pwd: string): PasswordStrength {
  if (basicFailure(pwd) !== null) return 0;
  const kinds = [/\d/, /[a-zA-Z]/, /[^a-zA-Z\d]/].filter((re) => re.test(pwd)).length;
  return kinds >= 3 ? 100 : kinds === 2 ? 60 : kinds === 1 ? 30 : 0;
}

const LABELS: Record<PasswordStrength, string> = { 0: '', 30: '低', 60: '中', 100: '高' };

export function strengthLabel(level: PasswordStrength): string {
  return LABELS[level];
}

/** First failing message, or null when the password is acceptable (mid or high strength). */
export function passwordRule(pwd: string): string | null {
  const failure = basicFailure(pwd);
  if (failure !== null) return failure;
  return passwordStrength(pwd) >= 60 ? null : PASSWORD_STRENGTH_MESSAGE;
}

export function confirmPasswordRule(pwd: string, confirm: string): string | null {
  return pwd === confirm ? null : PASSWORD_MISMATCH_MESSAGE;
}
