// A select whose options come from the dialog's before call (`"ui:widget": "recordOptions"`,
// ui:options {from: 'nodes', value: 'nodeId', label: 'waybillNodeName', where: 'canArrive'}): the
// arrive and leave dialogs pick one of the nodes the waybill can arrive at or leave now. A single
// option is chosen at once. With ui:options.list the options come from their own GET call
// (record-list.ts): the confirm-business-type dialog offers the line's used business types.
import { Field, Select } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { useRecordList, type ListContext } from './record-list.ts';

type Item = Record<string, unknown>;

/** The options of a list of items: `value` and `label` name the item fields. */
export function recordOptions(list: Item[], options: Record<string, unknown>): { value: unknown; label: string }[] {
  return list.map((i) => ({ value: i[String(options.value ?? 'id')], label: String(i[String(options.label ?? 'name')] ?? '') }));
}

export function RecordOptionsWidget({ id, value, required, disabled, readonly, onChange, onBlur, options, label, rawErrors, registry }: WidgetProps) {
  const items = recordOptions(useRecordList(options, (registry.formContext ?? {}) as ListContext) ?? [], options);
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
