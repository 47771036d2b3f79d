// Number fields. The typed text is kept apart from the value so that '12.' or '-' can be typed on
// the way to a number; the form gets a number, or the text itself when it is not one (the schema
// then reports it in Chinese). A field with `x-scale` ({factor, unit}) is stored in small units
// (milliseconds) and typed and shown in big ones (分钟): value = typed × factor, rounded.
import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { WidgetLabel } from './widget-label.tsx';

const textOf = (v: unknown, factor = 1) =>
  v === undefined || v === null ? '' : typeof v === 'number' ? String(Number((v / factor).toFixed(4))) : String(v);

/** The value a typed text stands for, in the field's stored units. */
export function scaledValue(text: string, factor = 1): number | string | undefined {
  const n = parseNumberText(text);
  return typeof n === 'number' && factor !== 1 ? Math.round(n * factor) : n;
}

export function parseNumberText(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) && /^-?\d*\.?\d+(?:e[+-]?\d+)?$|^-?\d+\.$/i.test(t) ? n : t;
}

export function NumberWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel, schema } = props;
  const scale = schema['x-scale'] as { factor: number; unit: string } | undefined;
  const factor = scale?.factor ?? 1;
  const [text, setText] = useState(textOf(value, factor));
  // Follow outside changes (a loaded record, a reset) without overwriting what is being typed.
  const parsed = scaledValue(text, factor);
  if (parsed !== value && !(parsed === undefined && (value === null || value === undefined)) && textOf(value, factor) !== text) {
    setText(textOf(value, factor));
  }
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Input
        id={id}
        size="small"
        inputMode="decimal"
        value={text}
        disabled={disabled || readonly}
        placeholder={props.placeholder}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        contentAfter={scale?.unit}
        onChange={(_, d) => {
          setText(d.value);
          const next = scaledValue(d.value, factor);
          onChange(next === undefined ? options.emptyValue : next);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
        aria-describedby={ariaDescribedByIds(id)}
      />
    </>
  );
}
