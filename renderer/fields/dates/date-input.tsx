// A day picker in Chinese: type 2026-11-05 (or 2026/11/5) or pick from a calendar that says 一月…
// and 日一二三四五六, weeks from Monday, 今天 to jump back. The value is a local Date of the day;
// callers turn it into Shanghai epoch ms (shanghai-day.ts).
import { DatePicker } from '@fluentui/react-datepicker-compat';
import type { DayOfWeek } from '@fluentui/react-calendar-compat';
import { CALENDAR_STRINGS_ZH, DATE_FORMATTING_ZH, formatDay, parseDay } from './calendar-zh.ts';

export const DATE_PLACEHOLDER = '年-月-日';

export interface DateInputProps {
  id?: string;
  value: Date | null;
  onChange(day: Date | null): void;
  'aria-label'?: string;
  'aria-describedby'?: string;
  className?: string;
  disabled?: boolean;
  placeholder?: string;
  onBlur?(): void;
  onFocus?(): void;
}

export function DateInput({ value, onChange, className, disabled, placeholder, onBlur, onFocus, ...aria }: DateInputProps) {
  return (
    <DatePicker
      id={aria.id}
      size="small"
      className={className}
      value={value}
      onSelectDate={(d) => onChange(d ?? null)}
      allowTextInput
      formatDate={formatDay}
      parseDateFromString={parseDay}
      strings={CALENDAR_STRINGS_ZH}
      dateTimeFormatter={DATE_FORMATTING_ZH}
      firstDayOfWeek={1 as DayOfWeek}
      showGoToToday
      highlightSelectedMonth
      disabled={disabled}
      placeholder={placeholder ?? DATE_PLACEHOLDER}
      aria-label={aria['aria-label']}
      aria-describedby={aria['aria-describedby']}
      // The calendar popup's own label, English by default.
      popupSurface={{ 'aria-label': '日历' }}
      onBlur={onBlur}
      onFocus={onFocus}
    />
  );
}
