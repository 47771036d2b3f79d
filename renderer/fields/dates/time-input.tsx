// A time of day in 24-hour form (08:30, 17:45): typed freely or picked from half-hour steps.
// The value is hours, minutes and seconds; the day it belongs to is the caller's.
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { TimePicker } from '@fluentui/react-timepicker-compat';
import { useEffect, useState } from 'react';

export const TIME_PLACEHOLDER = '时:分';

export interface TimeOfDay {
  h: number;
  mi: number;
  s: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The day the picker's options and parsed times sit on; only their time of day is used. */
const ANCHOR = new Date(2000, 0, 1);
const onAnchor = (t: TimeOfDay) => new Date(2000, 0, 1, t.h, t.mi, t.s);

export function formatTime(t: TimeOfDay | null): string {
  if (!t) return '';
  return t.s ? `${pad(t.h)}:${pad(t.mi)}:${pad(t.s)}` : `${pad(t.h)}:${pad(t.mi)}`;
}

/** 8:30, 08:30, 0830, 08:30:15 or 8点30 → the time; null when it is not one. */
export function parseTime(text: string): TimeOfDay | null {
  const t = text.trim();
  const m = /^(\d{1,2})(?:[:：点时](\d{1,2})分?(?:[:：](\d{1,2})秒?)?)?$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const [h, mi, s] = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  return h < 24 && mi < 60 && s < 60 ? { h, mi, s } : null;
}

const useStyles = makeStyles({
  // Fluent's combobox is 250px wide at least; a time needs a third of that, chevron inside.
  root: { minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  // Half-hour steps make 48 options: a scrolling list under the field, not one as tall as the screen.
  listbox: { maxHeight: '264px', overflowY: 'auto' },
});

export interface TimeInputProps {
  value: TimeOfDay | null;
  onChange(time: TimeOfDay | null): void;
  'aria-label': string;
  className?: string;
  disabled?: boolean;
  onBlur?(): void;
}

export function TimeInput({ value, onChange, className, disabled, onBlur, ...aria }: TimeInputProps) {
  const s = useStyles();
  const shown = formatTime(value);
  const [text, setText] = useState(shown);
  // A new value from outside (a loaded record, another day picked) replaces what is shown.
  useEffect(() => setText(shown), [shown]);
  return (
    <TimePicker
      size="small"
      className={mergeClasses(s.root, className)}
      input={{ className: s.input }}
      listbox={{ className: s.listbox }}
      expandIcon={{ 'aria-label': '展开选项' }}
      // Fluent sizes the list to the space left below the field (autoSize), which overrides its height.
      positioning={{ autoSize: false }}
      freeform
      hourCycle="h23"
      increment={30}
      value={text}
      dateAnchor={ANCHOR}
      selectedTime={value ? onAnchor(value) : null}
      placeholder={TIME_PLACEHOLDER}
      disabled={disabled}
      aria-label={aria['aria-label']}
      formatDateToTimeString={(d) => formatTime({ h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds() })}
      parseTimeStringToDate={(input) => {
        const t = input ? parseTime(input) : null;
        return t ? { date: onAnchor(t) } : { date: null, errorType: input ? 'invalid-input' : undefined };
      }}
      onChange={(e) => setText(e.target.value)}
      onTimeChange={(_e, data) => {
        const d = data.selectedTime;
        if (d) {
          const next = { h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds() };
          setText(formatTime(next));
          onChange(next);
        } else if (!data.selectedTimeText) {
          // Emptied; leaving an empty field empty is no change.
          setText('');
          if (value) onChange(null);
        } else {
          // Not a time: the text goes back to the value, which stays as it was.
          setText(shown);
        }
      }}
      onBlur={onBlur}
    />
  );
}
