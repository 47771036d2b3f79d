// `x-time` fields: a date-time input whose value is epoch ms (the stored form), shown in Shanghai time.
import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { fromShanghaiInput, toShanghaiInput } from './date-time.ts';
import { WidgetLabel } from './widget-label.tsx';

export function DateTimeWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel } = props;
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Input
        id={id}
        size="small"
        type="datetime-local"
        step={1}
        value={toShanghaiInput(value)}
        disabled={disabled || readonly}
        onChange={(_, d) => onChange(d.value ? fromShanghaiInput(d.value) ?? options.emptyValue : options.emptyValue)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
        aria-describedby={ariaDescribedByIds(id)}
      />
    </>
  );
}
