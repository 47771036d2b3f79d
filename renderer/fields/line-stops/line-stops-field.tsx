// A fixed line's stops (`"x-line-stops": true` on an array field): one row per stop in the order driven —
// 电子围栏 (a fence picker), 停靠类型 (装货/卸货/途经), the planned arrival as days and 时:分 after the
// departure, the planned stay in minutes — with 上移/下移/删除 and 添加站点, like the check rule's question
// list. Titles and the stop types come from the field's schema; the rules a saved line keeps (loads first,
// unloads last, times forward) are the server's (server/domain/fixed-lines/stops.ts).
import { Button, Combobox, Dropdown, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useDictionary } from '../dictionaries.ts';
import { formContextOf } from '../form-context.ts';
import { WidgetLabel } from '../widget-label.tsx';
import { NumberCell } from '../tiered-range/number-cell.tsx';
import { useFenceOptions } from './fence-options.ts';

interface Stop {
  areaId?: number;
  stopType?: number;
  arriveDay?: number;
  arriveTime?: string;
  stayMinutes?: number;
}

const LOAD = 1;
const UNLOAD = 2;
const VIA = 3;

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'grid', gridTemplateColumns: '2em minmax(14em, 1fr) 7em auto auto auto auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  seq: { color: tokens.colorNeutralForeground3, textAlign: 'right' },
  part: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', whiteSpace: 'nowrap' },
  empty: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const propsOf = (schema: RJSFSchema) => ((schema.items ?? {}) as RJSFSchema).properties as Record<string, RJSFSchema & { 'x-dictionary'?: string }> | undefined ?? {};

function FencePicker({ label, value, disabled, onChange, env, chosen }: { label: string; value?: number; disabled: boolean; onChange(id: number): void; env: Parameters<typeof useFenceOptions>[0]; chosen: number[] }) {
  const [text, setText] = useState<string | null>(null);
  const options = useFenceOptions(env, text ?? '', chosen);
  const current = options.find((o) => o.id === value);
  return (
    <Combobox size="small" style={{ minWidth: 0 }} aria-label={label} placeholder="请选择电子围栏" disabled={disabled} freeform={false}
      value={text ?? current?.areaName ?? ''} selectedOptions={value ? [String(value)] : []}
      onInput={(e) => setText((e.target as HTMLInputElement).value)} onBlur={() => setText(null)}
      onOptionSelect={(_, d) => { if (d.optionValue) onChange(Number(d.optionValue)); setText(null); }}>
      {options.length === 0 ? <Option disabled value="">暂无数据</Option> : options.map((o) => <Option key={o.id} value={String(o.id)}>{o.areaName}</Option>)}
    </Combobox>
  );
}

export function LineStopsField(props: FieldProps<Stop[]>) {
  const { fieldPathId, formData, onChange, schema, uiSchema, required, disabled, readonly, name, registry, rawErrors, errorSchema } = props;
  const { env } = formContextOf(registry);
  const styles = useStyles();
  const id = fieldPathId.$id;
  const item = propsOf(schema);
  const title = (f: string) => String(item[f]?.title ?? f);
  const types = useDictionary(env, item.stopType?.['x-dictionary'] ?? 'fixedLineStopType');
  const rows = Array.isArray(formData) ? formData : [];
  const off = Boolean(disabled || readonly);
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? name;
  const chosen = rows.map((r) => r.areaId).filter((a): a is number => typeof a === 'number');
  const set = (next: Stop[]) => onChange((next.length ? next : undefined) as Stop[], fieldPathId.path);
  const change = (i: number, patch: Stop) => set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    set(next);
  };
  // A new stop goes before the unloading place at the end, as a stop on the way.
  const add = () => {
    if (rows.length === 0) return set([{ stopType: LOAD, arriveDay: 0, arriveTime: '00:00', stayMinutes: 30 }, { stopType: UNLOAD, arriveDay: 0, stayMinutes: 30 }]);
    const last = rows.at(-1)!;
    set(last.stopType === UNLOAD ? [...rows.slice(0, -1), { stopType: VIA, arriveDay: 0, stayMinutes: 0 }, last] : [...rows, { stopType: UNLOAD, arriveDay: 0, stayMinutes: 30 }]);
  };
  const errors = [...(rawErrors ?? []), ...((errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [])];
  return (
    <div>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} />
      <div className={styles.rows} id={id}>
        {rows.length === 0 && <span className={styles.empty}>未设置线路站点</span>}
        {rows.map((row, i) => {
          const at = `第${i + 1}站的`;
          const kind = types.find((k) => Number(k.id) === row.stopType);
          return (
            <div className={styles.row} key={i}>
              <span className={styles.seq}>{i + 1}.</span>
              <FencePicker label={`${at}${title('areaId')}`} value={row.areaId} disabled={off} env={env} chosen={chosen} onChange={(areaId) => change(i, { areaId })} />
              <Dropdown size="small" style={{ minWidth: 0 }} aria-label={`${at}${title('stopType')}`} placeholder={title('stopType')} disabled={off}
                value={kind?.label ?? ''} selectedOptions={row.stopType ? [String(row.stopType)] : []} onOptionSelect={(_, d) => change(i, { stopType: Number(d.optionValue) })}>
                {types.map((k) => <Option key={k.id} value={String(k.id)}>{k.label}</Option>)}
              </Dropdown>
              <span className={styles.part}>
                出发后
                <NumberCell id={`${id}-${i}-day`} label={`${at}${title('arriveDay')}`} value={row.arriveDay} disabled={off} onChange={(arriveDay) => change(i, { arriveDay })} />
                天
                <Input size="small" style={{ width: '5.5em' }} aria-label={`${at}${title('arriveTime')}`} placeholder="时:分" maxLength={5} disabled={off}
                  value={row.arriveTime ?? ''} onChange={(_, d) => change(i, { arriveTime: d.value || undefined })} />
                到达
              </span>
              <span className={styles.part}>
                停留
                <NumberCell id={`${id}-${i}-stay`} label={`${at}${title('stayMinutes')}`} value={row.stayMinutes} disabled={off} onChange={(stayMinutes) => change(i, { stayMinutes })} />
                分钟
              </span>
              <div>
                <Button size="small" appearance="subtle" disabled={off || i === 0} onClick={() => move(i, -1)}>上移</Button>
                <Button size="small" appearance="subtle" disabled={off || i === rows.length - 1} onClick={() => move(i, 1)}>下移</Button>
                <Button size="small" appearance="subtle" disabled={off} onClick={() => set(rows.filter((_, j) => j !== i))}>删除</Button>
              </div>
            </div>
          );
        })}
        <div>
          <Button size="small" disabled={off || rows.length >= (schema.maxItems ?? 30)} onClick={add}>添加站点</Button>
        </div>
        {errors.map((e) => <span key={e} className={styles.error}>{e}</span>)}
      </div>
    </div>
  );
}
