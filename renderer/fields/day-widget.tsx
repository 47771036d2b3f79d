// A calendar day kept as text, 'YYYY-MM-DD' (`"ui:widget": "day"`): fields whose value is a date, not
// an instant (a bill's 账期 from/to, Asia/Shanghai days as the server takes them). The same Chinese
// day picker as the x-time fields, without a time.
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { DateInput } from './dates/date-input.tsx';
import { WidgetLabel } from './widget-label.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** The picker's local day as 'YYYY-MM-DD' (the day the user picked, whatever the browser's zone). */
export const dayText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** 'YYYY-MM-DD' as the picker's local Date, or null for anything else. */
export function dayOf(value: unknown): Date | null {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

export function DayWidget({ id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel }: WidgetProps) {
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <DateInput
        id={id}
        value={dayOf(value)}
        disabled={disabled || readonly}
        aria-label={label}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(d) => onChange(d ? dayText(d) : options.emptyValue)}
        // The picker reads a typed day on blur and reports it after the blur event: the form checks the
        // field a tick later, once the day is in, or it would say 不能为空 under a filled field.
        onBlur={() => setTimeout(() => onBlur(id, value), 0)}
        onFocus={() => onFocus(id, value)}
      />
    </>
  );
}
