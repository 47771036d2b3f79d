// A select whose options come from the dialog's before call (`"ui:widget": "recordOptions"`,
// ui:options {from: 'nodes', value: 'nodeId', label: 'waybillNodeName', where: 'canArrive'}): the
// arrive and leave dialogs pick one of the nodes the waybill can arrive at or leave now. A single
// option is chosen at once.
import { Field, Select } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';

type Item = Record<string, unknown>;

export function recordOptions(record: Item | undefined, options: Record<string, unknown>): { value: unknown; label: string }[] {
  const list = record?.[String(options.from)];
  if (!Array.isArray(list)) return [];
  const where = options.where ? String(options.where) : undefined;
  return (list as Item[])
    .filter((i) => !where || Boolean(i[where]))
    .map((i) => ({ value: i[String(options.value ?? 'id')], label: String(i[String(options.label ?? 'name')] ?? '') }));
}

export function RecordOptionsWidget({ id, value, required, disabled, readonly, onChange, onBlur, options, label, rawErrors, registry }: WidgetProps) {
  const record = (registry.formContext as { record?: Item } | undefined)?.record;
  const items = recordOptions(record, options);
  const only = items.length === 1 ? items[0].value : undefined;
  useEffect(() => {
    if (only !== undefined && value === undefined) onChange(only);
  }, [only, value, onChange]);
  const index = items.findIndex((i) => i.value === value);
  return (
    <Field label={label} required={required} validationMessage={rawErrors?.[0]} size="small">
      <Select
        id={id}
        size="small"
        value={index < 0 ? '' : String(index)}
        disabled={disabled || readonly}
        onChange={(_e, d) => onChange(d.value === '' ? undefined : items[Number(d.value)].value)}
        onBlur={() => onBlur(id, value)}
      >
        <option value="">请选择</option>
        {items.map((i, n) => (
          <option key={n} value={String(n)}>
            {i.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
