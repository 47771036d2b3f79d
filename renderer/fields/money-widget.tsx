// Money fields (`x-money`): the value is an integer of fen, the user types and sees yuan with at most
// two decimals (schemas/keywords/money.ts converts both ways on the decimal text). A text that is no
// amount (three decimals, a minus sign) reaches the form as typed, so the x-money rule words it.
import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { fenToYuan, isFen, parseYuan } from '../../schemas/keywords/money.ts';
import { WidgetLabel } from './widget-label.tsx';

/** The yuan text a stored value starts as: 123450 → '1234.50'; anything else as it is. */
export function moneyText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return isFen(value) ? fenToYuan(value) : String(value);
}

/** What the form holds for a typed text: fen, undefined for empty, or the text itself when invalid. */
export function moneyValue(text: string): number | string | undefined {
  const parsed = parseYuan(text);
  if (parsed.message !== undefined) return text;
  return parsed.fen ?? undefined;
}

export function MoneyWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel } = props;
  const [text, setText] = useState(moneyText(value));
  // Follow outside changes (a loaded record, a reset) without rewriting what is being typed.
  const typed = moneyValue(text);
  if (typed !== value && !(typed === undefined && (value === null || value === undefined))) setText(moneyText(value));
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Input
        id={id}
        size="small"
        inputMode="decimal"
        value={text}
        disabled={disabled || readonly}
        placeholder={props.placeholder || '0.00'}
        maxLength={24}
        contentAfter="元"
        onChange={(_, d) => {
          setText(d.value);
          const next = moneyValue(d.value);
          onChange(next === undefined ? options.emptyValue : next);
        }}
        // A valid amount is rewritten with its two decimals when the user leaves the field (12.5 → 12.50).
        onBlur={() => {
          if (isFen(value)) setText(fenToYuan(value));
          onBlur(id, value);
        }}
        onFocus={() => onFocus(id, value)}
        aria-describedby={ariaDescribedByIds(id)}
      />
    </>
  );
}
