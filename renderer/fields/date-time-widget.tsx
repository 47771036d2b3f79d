// `x-time` fields: a Chinese day picker (YYYY-MM-DD) beside a 24-hour time (HH:mm). The value is
// epoch ms (the stored form), read and written as Asia/Shanghai time whatever the browser's zone.
// `x-time: "date"` fields (ui:options.dateOnly) show the day alone and keep its 00:00.
import { makeStyles, tokens } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { DateInput } from './dates/date-input.tsx';
import { fromPickerDay, shanghaiParts, toPickerDay } from './dates/shanghai-day.ts';
import { TimeInput, type TimeOfDay } from './dates/time-input.tsx';
import { WidgetLabel } from './widget-label.tsx';

const useStyles = makeStyles({
  row: { display: 'flex', columnGap: tokens.spacingHorizontalS },
  day: { flexGrow: 1, minWidth: '130px' },
  time: { width: '110px', minWidth: '110px' },
});

const timeOf = (ms: unknown): TimeOfDay | null => {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  const p = shanghaiParts(ms);
  return { h: p.h, mi: p.mi, s: p.s };
};

export function DateTimeWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel } = props;
  const s = useStyles();
  const day = toPickerDay(value);
  const time = timeOf(value);
  const off = disabled || readonly;
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <div className={s.row}>
        <DateInput
          id={id}
          className={s.day}
          value={day}
          disabled={off}
          aria-label={`${label}日期`}
          // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
          aria-describedby={ariaDescribedByIds(id)}
          // A new day keeps the time already chosen (a date alone stays at 00:00); a first day starts at 00:00.
          onChange={(d) => onChange(d ? (options.dateOnly ? fromPickerDay(d, 0, 0, 0) : fromPickerDay(d, time?.h, time?.mi, time?.s)) : options.emptyValue)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
        {!options.dateOnly && <TimeInput
          className={s.time}
          value={time}
          disabled={off}
          aria-label={`${label}时间`}
          // A time without a day is on today (Shanghai); clearing the time keeps the day at 00:00.
          onChange={(t) => {
            if (!t && !day) return onChange(options.emptyValue);
            const base = day ?? toPickerDay(Date.now())!;
            onChange(fromPickerDay(base, t?.h ?? 0, t?.mi ?? 0, t?.s ?? 0));
          }}
          onBlur={() => onBlur(id, value)}
        />}
      </div>
    </>
  );
}
