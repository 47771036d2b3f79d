/**
 * The shared validators of spec section 5 as pure predicates with their exact Chinese messages.
 * ajv formats (server) and RJSF customFormats (browser) are both built from this table, so a rule
 * and its message exist once.
 */
import { fitsNumber, parseDecimal, type NumberRuleOptions } from './number-rule.ts';
import { isIdCard } from './id-card.ts';

export const REQUIRED_MESSAGE = '内容不能为空';

export type FormatName =
  | 'digits' | 'positiveInteger' | 'letters' | 'chinese' | 'idCard' | 'emails' | 'mobile' | 'phone'
  | 'bankCard' | 'engineNo' | 'terminalNo' | 'decimal1' | 'decimal2' | 'bigDecimal3' | 'decimal7' | 'signedDecimal6'
  | 'code17' | 'code18' | 'plateNo' | 'longitude' | 'latitude' | 'radius' | 'hourMinute';

export interface FormatRule {
  test(value: string): boolean;
  message: string;
}

const regexTest = (re: RegExp) => (value: string) => re.test(value);
const numberTest = (options: NumberRuleOptions) => (value: string) => fitsNumber(value, options);
const positiveWithDecimals = (decimals: number) => (value: string) =>
  fitsNumber(value, { decimals }) && Number(value) > 0;

// Coordinates: at most 6 decimals (the stored precision, spec section 9) and inside the valid range.
const coordinateTest = (limit: number) => (value: string) => {
  const parts = parseDecimal(value);
  return parts !== null && parts.fracPart.length <= 6 && Math.abs(Number(value)) <= limit;
};

// Deliberately simple: the server cannot prove deliverability, it only rejects obvious typos.
const EMAIL = /^[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
// Spaces after ';' are how people paste lists, so parts are trimmed; an empty part is still an error.
const isEmails = (value: string) => value.split(';').every((part) => EMAIL.test(part.trim()));

// Landline: optional 3-4 digit area code, 7-8 digit number, optional extension; 400/800 hotlines;
// or a mainland mobile (11 digits starting with 1), since people enter one in "phone" fields.
const PHONE = /^(?:(?:0\d{2,3}-)?\d{7,8}(?:-\d{1,6})?|[48]00-?\d{3}-?\d{4}|1\d{10})$/;

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
// Serial characters exclude I and O (not issued, confused with 1 and 0). New-energy plates have 6:
// D/F first (small cars) or last (large vehicles). Trailer, coach and police plates end in a character.
const PLATE = new RegExp(
  `^[${PROVINCES}][A-Z](?:[A-HJ-NP-Z0-9]{5}|[DF][A-HJ-NP-Z0-9]{5}|\\d{5}[DF]|[A-HJ-NP-Z0-9]{4}[挂学警])$`,
);

export const MAX_RADIUS = 2000;
export const DEFAULT_RADIUS = 200;
const RADIUS_REQUIRED = '半径不能为空';
const RADIUS_INTEGER = '半径必须为正整数值';
const RADIUS_MAX = '半径必须小于等于2000';
const isPositiveInteger = regexTest(/^[1-9]\d*$/);

export const formatRules: Record<FormatName, FormatRule> = {
  digits: { test: regexTest(/^\d+$/), message: '输入的内容必须由数字组成' },
  positiveInteger: { test: isPositiveInteger, message: '请输入正整数' },
  letters: { test: regexTest(/^[a-zA-Z]+$/), message: '输入的内容必须由字母组成' },
  chinese: { test: regexTest(/^\p{Script=Han}+$/u), message: '输入的内容必须由中文组成' },
  idCard: { test: (v) => isIdCard(v), message: '输入正确的身份证' },
  emails: { test: isEmails, message: '请输入正确的邮箱' },
  mobile: { test: regexTest(/^\d{1,20}$/), message: '请输入正确的手机号码' },
  phone: { test: regexTest(PHONE), message: '请输入正确的电话号码' },
  bankCard: { test: regexTest(/^\d{12,19}$/), message: '请输入正确的银行卡号' },
  engineNo: { test: regexTest(/^[A-Za-z0-9]{1,30}$/), message: '请输入正确的发动机号' },
  // A vehicle terminal's number (终端号): its own rule and words, not the engine number's.
  terminalNo: { test: regexTest(/^[A-Za-z0-9]{1,32}$/), message: '终端号只能由字母和数字组成' },
  decimal1: { test: positiveWithDecimals(1), message: '请输入最多一位小数的正数' },
  decimal2: { test: positiveWithDecimals(2), message: '请输入最多二位小数的正数' },
  // "below 10^12" is exactly "at most 12 integer digits", hence the configurable number rule.
  bigDecimal3: {
    test: numberTest({ intDigits: 12, decimals: 3 }),
    message: '请输入小于1000000000000且最多三位小数的数字',
  },
  decimal7: {
    test: numberTest({ intDigits: 8, decimals: 7 }),
    message: '请输入小于100000000且最多七位小数的数字',
  },
  signedDecimal6: { test: numberTest({ decimals: 6, allowNegative: true }), message: '请输入六位小数' },
  code17: { test: regexTest(/^[A-Z0-9]{17}$/), message: '请输入17位数字/大写英文字母' },
  code18: { test: regexTest(/^[A-Z0-9]{18}$/), message: '请输入18位数字/大写英文字母' },
  plateNo: { test: regexTest(PLATE), message: '请输入正确的车牌号' },
  longitude: { test: coordinateTest(180), message: '经度必须为数字值，且最多输入六位小数' },
  latitude: { test: coordinateTest(90), message: '纬度必须为数字值，且最多输入六位小数' },
  radius: { test: isPositiveInteger, message: RADIUS_INTEGER },
  // A time of day (a delivery window's start or end): two-digit hour and minute, so text order is time order.
  hourMinute: { test: regexTest(/^(?:[01]\d|2[0-3]):[0-5]\d$/), message: '请输入正确的时间，格式为HH:mm' },
};

/** Radius of a point fence, checks in the spec's order; null when valid. */
export function radiusRule(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || String(value).trim() === '') return RADIUS_REQUIRED;
  const text = typeof value === 'number' ? String(value) : value;
  if (!isPositiveInteger(text)) return RADIUS_INTEGER;
  return Number(text) > MAX_RADIUS ? RADIUS_MAX : null;
}
