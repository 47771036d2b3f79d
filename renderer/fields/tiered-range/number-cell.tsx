// One bound of a tier: a compact number input that lets '12.' be typed on the way to 12.5.
import { Input } from '@fluentui/react-components';
import { useState } from 'react';
import { parseNumberText } from '../number-widget.tsx';

export interface NumberCellProps {
  id: string;
  label: string;
  value: number | undefined;
  invalid?: boolean;
  disabled?: boolean;
  onChange(value: number | undefined): void;
  onBlur?(): void;
}

const textOf = (v: number | undefined) => (v === undefined ? '' : String(v));

export function NumberCell({ id, label, value, invalid, disabled, onChange, onBlur }: NumberCellProps) {
  const [text, setText] = useState(textOf(value));
  const parsed = parseNumberText(text);
  if ((typeof parsed === 'number' ? parsed : undefined) !== value && textOf(value) !== text) setText(textOf(value));
  return (
    <Input
      id={id}
      size="small"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={invalid || undefined}
      style={{ width: 110 }}
      value={text}
      disabled={disabled}
      onChange={(_, d) => {
        setText(d.value);
        const next = parseNumberText(d.value);
        onChange(typeof next === 'number' ? next : undefined);
      }}
      onBlur={onBlur}
    />
  );
}
