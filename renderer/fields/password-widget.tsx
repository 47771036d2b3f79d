// `x-password` fields: hidden input, at most 15 characters (spec section 5: maxlength 15).
import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { WidgetLabel } from './widget-label.tsx';

export const PASSWORD_MAX_LENGTH = 15;

export function PasswordWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel } = props;
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Input
        id={id}
        size="small"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled || readonly}
        placeholder={props.placeholder}
        onChange={(_, d) => onChange(d.value === '' ? options.emptyValue : d.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
        aria-describedby={ariaDescribedByIds(id)}
      />
    </>
  );
}
