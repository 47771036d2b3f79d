// Arrays of plain values that no reference describes: typed as one line, separated the way the
// multi-query dialog accepts (semicolon, comma, space or newline), numbers kept as numbers.
import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { WidgetLabel } from './widget-label.tsx';

export function splitValues(text: string, numeric: boolean): (string | number)[] {
  const parts = text.split(/[;；,，\s]+/).filter(Boolean);
  return numeric ? parts.map((p) => (Number.isFinite(Number(p)) ? Number(p) : p)) : parts;
}

export function ValueListWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel, schema } = props;
  const items = (schema.items ?? {}) as { type?: string | string[] };
  const numeric = [items.type].flat().some((t) => t === 'integer' || t === 'number');
  const joined = Array.isArray(value) ? value.join(',') : '';
  const [text, setText] = useState(joined);
  if (splitValues(text, numeric).join(',') !== joined) setText(joined);
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Input
        id={id}
        size="small"
        value={text}
        disabled={disabled || readonly}
        placeholder={props.placeholder || '多个值用逗号分隔'}
        onChange={(_, d) => {
          setText(d.value);
          const list = splitValues(d.value, numeric);
          onChange(list.length ? list : options.emptyValue);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
        aria-describedby={ariaDescribedByIds(id)}
      />
    </>
  );
}
