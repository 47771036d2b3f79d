// Fields with `x-dictionary` (status, yes/no...): a Fluent dropdown of the dictionary's labels whose
// value is the item's id with its own type (0/1 stays a number).
import { Dropdown, Option } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { formContextOf } from './form-context.ts';
import { useDictionary } from './dictionaries.ts';
import { WidgetLabel } from './widget-label.tsx';

export function DictionaryWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel, registry, schema } = props;
  const { env } = formContextOf(registry);
  const key = String(options.dictionary ?? schema['x-dictionary'] ?? '');
  const items = useDictionary(env, key);
  // Cleared means null, which an enum only accepts when it lists null.
  const clearable = !required && (!Array.isArray(schema.enum) || schema.enum.includes(null));
  const has = value !== undefined && value !== null && value !== '';
  const selected = has ? items.find((i) => String(i.id) === String(value)) : undefined;
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Dropdown
        id={id}
        size="small"
        placeholder={props.placeholder || '请选择'}
        value={selected?.label ?? ''}
        selectedOptions={has ? [String(value)] : []}
        disabled={disabled || readonly}
        clearable={clearable}
        // Fluent's default names are English ('Clear selection').
        clearButton={{ 'aria-label': '清除选择' }}
        onOptionSelect={(_, d) => {
          const item = items.find((i) => String(i.id) === d.optionValue);
          onChange(item ? item.id : options.emptyValue);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
        aria-describedby={ariaDescribedByIds(id)}
      >
        {items.map((i) => (
          <Option key={String(i.id)} value={String(i.id)} disabled={i.disabled}>
            {i.label}
          </Option>
        ))}
      </Dropdown>
    </>
  );
}
