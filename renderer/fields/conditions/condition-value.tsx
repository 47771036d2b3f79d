// The value part of one condition, by the operator's arity and the field's kind: nothing (为空), one
// value, several (属于: a multi-select of codes, or numbers and texts typed with commas), or a range.
import { Dropdown, Input, Option } from '@fluentui/react-components';
import { useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { splitValues } from '../value-list-widget.tsx';
import { useCodeOptions, type ConditionFieldDef, type OperatorDef } from './condition-defs.ts';

export type ConditionValue = number | string | (number | string)[] | null | undefined;

interface Props {
  env: Env;
  id: string;
  /** The value's accessible name (第1条条件的值). */
  label: string;
  field: ConditionFieldDef | undefined;
  operator: OperatorDef | undefined;
  value: ConditionValue;
  disabled: boolean;
  onChange(value: ConditionValue): void;
}

const asNumber = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? text : Number(text));

function CodePicker({ env, id, label, field, value, multiple, disabled, onChange }: Props & { multiple: boolean }) {
  const options = useCodeOptions(env, field);
  const picked = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(String);
  return (
    <Dropdown
      id={id}
      aria-label={label}
      size="small"
      multiselect={multiple}
      placeholder="请选择值"
      disabled={disabled}
      value={options.filter((o) => picked.includes(String(o.value))).map((o) => o.label).join('、')}
      selectedOptions={picked}
      onOptionSelect={(_, d) => {
        const chosen = options.filter((o) => d.selectedOptions.includes(String(o.value))).map((o) => o.value);
        onChange(multiple ? chosen : chosen[0]);
      }}
    >
      {options.map((o) => <Option key={String(o.value)} value={String(o.value)}>{o.label}</Option>)}
    </Dropdown>
  );
}

function ListInput({ id, label, field, value, disabled, onChange }: Props) {
  const numeric = field?.kind === 'number';
  const joined = Array.isArray(value) ? value.join(',') : '';
  const [text, setText] = useState(joined);
  if (splitValues(text, numeric).join(',') !== joined) setText(joined);
  return (
    <Input id={id} aria-label={label} size="small" value={text} disabled={disabled} placeholder="多个值用逗号分隔" onChange={(_, d) => {
      setText(d.value);
      onChange(splitValues(d.value, numeric));
    }} />
  );
}

export function ConditionValueEditor(props: Props) {
  const { id, label, field, operator, value, disabled, onChange } = props;
  if (!field || !operator || operator.arity === 'none') return null;
  const unit = field.unit ? <span>{field.unit}</span> : null;
  if (field.kind === 'code') return <CodePicker {...props} multiple={operator.arity === 'list'} />;
  if (operator.arity === 'list') return <ListInput {...props} />;
  const parse = (text: string) => (field.kind === 'number' ? asNumber(text) : text);
  if (operator.arity === 'pair') {
    const [low, high] = Array.isArray(value) ? value : [undefined, undefined];
    return (
      <span className="huoyun-condition-pair">
        <Input id={id} size="small" aria-label={`${label}下限`} value={low === undefined ? '' : String(low)} disabled={disabled}
          onChange={(_, d) => onChange([parse(d.value), high ?? ''])} />
        <span>至</span>
        <Input size="small" aria-label={`${label}上限`} value={high === undefined ? '' : String(high)} disabled={disabled}
          onChange={(_, d) => onChange([low ?? '', parse(d.value)])} />
        {unit}
      </span>
    );
  }
  return (
    <span className="huoyun-condition-pair">
      <Input id={id} aria-label={label} size="small" value={value === null || value === undefined ? '' : String(value)} disabled={disabled} placeholder="请输入值"
        onChange={(_, d) => onChange(parse(d.value))} />
      {unit}
    </span>
  );
}
