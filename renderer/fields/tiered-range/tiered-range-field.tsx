// The tiered range editor inside RJSF. As a field (`"ui:field": "tieredRange"`, chosen for x-tiered
// schemas) it shows the form's own validation, placed per cell by the errors' paths (.tiers.1.low).
// As a widget it has no nested errors, so it checks the shared rules itself once touched.
import type { ErrorSchema, FieldProps, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { validateTiers, type TierEntry, type TierError } from '../../../schemas/keywords/tiered.ts';
import { WidgetLabel } from '../widget-label.tsx';
import { TieredRangeEditor } from './tiered-range-editor.tsx';

/** Cell errors out of the field's error schema: `{1: {low: {__errors: [...]}}}`. */
export function tierErrorsOf(errorSchema: ErrorSchema | undefined): TierError[] {
  const out: TierError[] = [];
  for (const [key, node] of Object.entries((errorSchema ?? {}) as Record<string, any>)) {
    const index = Number(key);
    if (!Number.isInteger(index)) continue;
    for (const field of ['low', 'high'] as const) {
      const message = node?.[field]?.__errors?.[0];
      if (message) out.push({ index, field, message });
    }
  }
  return out;
}

/** Messages of a per-tier price field (`.tiers.1.unitPrice`), by row. */
export function priceErrorsOf(errorSchema: ErrorSchema | undefined, field: string | undefined): Map<number, string> {
  const out = new Map<number, string>();
  if (!field) return out;
  for (const [key, node] of Object.entries((errorSchema ?? {}) as Record<string, any>)) {
    const message = node?.[field]?.__errors?.[0];
    if (Number.isInteger(Number(key)) && message) out.set(Number(key), message);
  }
  return out;
}

export function TieredRangeField(props: FieldProps<TierEntry[]>) {
  const { fieldPathId, formData, onChange, onBlur, errorSchema, schema, uiSchema, required, disabled, readonly, name } = props;
  const id = fieldPathId.$id;
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? name;
  const priceField = (uiSchema?.['ui:options'] as { priceField?: string } | undefined)?.priceField;
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} />
      <TieredRangeEditor
        id={id}
        value={formData}
        onChange={(next) => onChange(next, fieldPathId.path)}
        onBlur={() => onBlur(id, formData)}
        errors={tierErrorsOf(errorSchema as ErrorSchema | undefined)}
        disabled={disabled || readonly}
        priceField={priceField}
        priceErrors={priceErrorsOf(errorSchema as ErrorSchema | undefined, priceField)}
      />
    </>
  );
}

export function TieredRangeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, required, disabled, readonly, label, hideLabel } = props;
  const [touched, setTouched] = useState(false);
  const rows = Array.isArray(value) ? (value as TierEntry[]) : undefined;
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <TieredRangeEditor
        id={id}
        value={rows}
        onChange={onChange}
        onBlur={() => {
          setTouched(true);
          onBlur(id, value);
        }}
        errors={touched && rows ? validateTiers(rows) : []}
        disabled={disabled || readonly}
      />
    </>
  );
}
