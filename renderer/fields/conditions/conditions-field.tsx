// The condition editor every rule form shares (`"x-conditions": "<rule type>"` on an array field):
// rows of 字段 · 运算符 · 值, driven by the type's condition definitions from the server, so a new
// field or type needs no change here. The rules a saved list must keep are the server's; this only
// offers what they allow (a field's own operators, the arity's value).
import { Button, Dropdown, Option, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldProps } from '@rjsf/utils';
import { formContextOf } from '../form-context.ts';
import { WidgetLabel } from '../widget-label.tsx';
import { useConditionDefs } from './condition-defs.ts';
import { ConditionValueEditor, type ConditionValue } from './condition-value.tsx';

interface Condition {
  field?: string;
  operator?: string;
  value?: ConditionValue;
}

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'grid', gridTemplateColumns: '10em 8em minmax(12em, 1fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  empty: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function ConditionsField(props: FieldProps<Condition[]>) {
  const { fieldPathId, formData, onChange, schema, uiSchema, required, disabled, readonly, name, registry, rawErrors, errorSchema } = props;
  const { env } = formContextOf(registry);
  const styles = useStyles();
  const id = fieldPathId.$id;
  const ruleType = String(schema['x-conditions' as keyof typeof schema] ?? '');
  const defs = useConditionDefs(env, ruleType);
  const rows = Array.isArray(formData) ? formData : [];
  const off = Boolean(disabled || readonly);
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? name;
  const set = (next: Condition[]) => onChange((next.length ? next : undefined) as Condition[], fieldPathId.path);
  const change = (i: number, patch: Condition) => set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const errors = [...(rawErrors ?? []), ...((errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [])];
  return (
    <div>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} />
      <div className={styles.rows} id={id}>
        {rows.length === 0 && <span className={styles.empty}>未设置附加条件</span>}
        {rows.map((row, i) => {
          const field = defs?.fields.find((f) => f.key === row.field);
          const operators = (defs?.operators ?? []).filter((o) => field?.operators.includes(o.key));
          const operator = operators.find((o) => o.key === row.operator);
          return (
            <div className={styles.row} key={i}>
              <Dropdown size="small" aria-label={`第${i + 1}条条件的字段`} placeholder="选择字段" disabled={off} value={field?.title ?? ''}
                selectedOptions={row.field ? [row.field] : []}
                onOptionSelect={(_, d) => change(i, { field: d.optionValue, operator: undefined, value: undefined })}>
                {(defs?.fields ?? []).map((f) => <Option key={f.key} value={f.key}>{f.title}</Option>)}
              </Dropdown>
              <Dropdown size="small" aria-label={`第${i + 1}条条件的运算符`} placeholder="运算符" disabled={off || !field} value={operator?.label ?? ''}
                selectedOptions={row.operator ? [row.operator] : []}
                onOptionSelect={(_, d) => change(i, { operator: d.optionValue, value: undefined })}>
                {operators.map((o) => <Option key={o.key} value={o.key}>{o.label}</Option>)}
              </Dropdown>
              <ConditionValueEditor env={env} id={`${id}-${i}-value`} label={`第${i + 1}条条件的值`} field={field} operator={operator} value={row.value} disabled={off}
                onChange={(value) => change(i, { value })} />
              <Button size="small" appearance="subtle" disabled={off} onClick={() => set(rows.filter((_, j) => j !== i))}>删除</Button>
            </div>
          );
        })}
        <div>
          <Button size="small" disabled={off || !defs || rows.length >= (schema.maxItems ?? 20)} onClick={() => set([...rows, {}])}>添加条件</Button>
        </div>
        {errors.map((e) => <span key={e} className={styles.error}>{e}</span>)}
      </div>
    </div>
  );
}
