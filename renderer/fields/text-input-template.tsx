// The theme's basic input, compact (size small) like every other control of the console.
import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { WidgetLabel } from './widget-label.tsx';

export function TextInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, value, label, hideLabel, onChange, onChangeOverride, onBlur, onFocus, autofocus, options, schema } = props;
  const { step, min, max, type: inputType } = getInputProps(schema, type, options);
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Input
        id={id}
        name={htmlName || id}
        size="small"
        type={inputType as 'text'}
        step={step}
        min={min}
        max={max}
        placeholder={placeholder}
        autoFocus={autofocus}
        disabled={disabled || readonly}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        value={value || value === 0 ? String(value) : ''}
        onChange={onChangeOverride ?? ((e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value))}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
        aria-describedby={ariaDescribedByIds(id)}
      />
    </>
  );
}
