// A tier's price (a rate rule's 阶梯单价): fen in the value, yuan on screen, as the money widget
// does it (money-widget.tsx); a text that is no amount is passed on as typed so the x-money rule words it.
import { Input } from '@fluentui/react-components';
import { useState } from 'react';
import { moneyText, moneyValue } from '../money-widget.tsx';

export interface PriceCellProps {
  id: string;
  label: string;
  value: unknown;
  invalid?: boolean;
  disabled?: boolean;
  onChange(value: number | string | undefined): void;
  onBlur?(): void;
}

export function PriceCell({ id, label, value, invalid, disabled, onChange, onBlur }: PriceCellProps) {
  const [text, setText] = useState(moneyText(value));
  const typed = moneyValue(text);
  if (typed !== value && !(typed === undefined && (value === null || value === undefined))) setText(moneyText(value));
  return (
    <Input
      id={id}
      size="small"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={invalid || undefined}
      style={{ width: 130 }}
      placeholder="单价"
      contentAfter="元"
      value={text}
      disabled={disabled}
      onChange={(_, d) => {
        setText(d.value);
        onChange(moneyValue(d.value));
      }}
      onBlur={onBlur}
    />
  );
}
