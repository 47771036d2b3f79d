// Fluent's calendar in Chinese: month and day names, 今天, every aria label, and dates written
// YYYY-MM-DD (the platform's one date format). The weeks start on Monday, as Chinese calendars do.
import type { CalendarStrings, DateFormatting } from '@fluentui/react-calendar-compat';

const MONTHS = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'];
const SHORT_MONTHS = ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'];

export const CALENDAR_STRINGS_ZH: CalendarStrings = {
  months: MONTHS,
  shortMonths: SHORT_MONTHS,
  days: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  shortDays: ['日', '一', '二', '三', '四', '五', '六'],
  goToToday: '今天',
  weekNumberFormatString: '第{0}周',
  prevMonthAriaLabel: '上个月',
  nextMonthAriaLabel: '下个月',
  prevYearAriaLabel: '上一年',
  nextYearAriaLabel: '下一年',
  prevYearRangeAriaLabel: '上一个年份区间',
  nextYearRangeAriaLabel: '下一个年份区间',
  closeButtonAriaLabel: '关闭',
  selectedDateFormatString: '已选日期 {0}',
  todayDateFormatString: '今天 {0}',
  monthPickerHeaderAriaLabel: '{0}，选择年份',
  yearPickerHeaderAriaLabel: '{0}，选择月份',
  dayMarkedAriaLabel: '已标记',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day (the picker's local Date) as 'YYYY-MM-DD'. */
export function formatDay(date?: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * What a user types for a day: 2026-11-05, 2026/11/5, 2026.11.5 or 20261105. Null when it is no
 * real day (2026-02-30 does not roll over into March).
 */
export function parseDay(text: string): Date | null {
  const t = text.trim();
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

export const DATE_FORMATTING_ZH: DateFormatting = {
  formatDay: (date) => String(date.getDate()),
  formatMonth: (date) => SHORT_MONTHS[date.getMonth()],
  formatYear: (date) => `${date.getFullYear()}`,
  formatMonthDayYear: (date) => `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`,
  formatMonthYear: (date) => `${date.getFullYear()}年${date.getMonth() + 1}月`,
};
