// A check rule's questions (`"x-check-questions": true` on an array field): one row per question in the
// order asked — 问题, 答案类型, then what that kind takes (是/否: the 通过答案; 数值: 单位 and the passing
// 最小值/最大值; 文字: nothing), 必答 — with 上移/下移/删除 and 添加问题. Titles, the answer kinds and the bounds
// come from the field's schema (its items' properties and their dictionaries); the rules a saved list must
// keep are the server's (server/domain/rules/check-questions.ts).
import { Button, Checkbox, Dropdown, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useDictionary } from '../dictionaries.ts';
import { formContextOf } from '../form-context.ts';
import { WidgetLabel } from '../widget-label.tsx';
import { NumberCell } from '../tiered-range/number-cell.tsx';

interface Question {
  question?: string;
  answerKind?: number;
  unit?: string;
  required?: boolean;
  passAnswer?: number;
  min?: number;
  max?: number;
}

const YES_NO = 1;
const NUMBER = 2;

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'grid', gridTemplateColumns: '2em minmax(14em, 1fr) 7em minmax(16em, auto) 6em auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  seq: { color: tokens.colorNeutralForeground3, textAlign: 'right' },
  kindPart: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  empty: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const propsOf = (schema: RJSFSchema) => ((schema.items ?? {}) as RJSFSchema).properties as Record<string, RJSFSchema & { 'x-dictionary'?: string }> | undefined ?? {};

export function CheckQuestionsField(props: FieldProps<Question[]>) {
  const { fieldPathId, formData, onChange, schema, uiSchema, required, disabled, readonly, name, registry, rawErrors, errorSchema } = props;
  const { env } = formContextOf(registry);
  const styles = useStyles();
  const id = fieldPathId.$id;
  const item = propsOf(schema);
  const title = (f: string) => String(item[f]?.title ?? f);
  const kinds = useDictionary(env, item.answerKind?.['x-dictionary'] ?? 'checkAnswerKind');
  const yesNo = useDictionary(env, item.passAnswer?.['x-dictionary'] ?? 'yesNo');
  const rows = Array.isArray(formData) ? formData : [];
  const off = Boolean(disabled || readonly);
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? name;
  const set = (next: Question[]) => onChange((next.length ? next : undefined) as Question[], fieldPathId.path);
  const change = (i: number, patch: Question) => set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    set(next);
  };
  // Changing the kind drops what only the old kind takes, so a saved question never carries a stray bound.
  const setKind = (i: number, answerKind: number) => change(i, { answerKind, passAnswer: undefined, unit: undefined, min: undefined, max: undefined });
  const errors = [...(rawErrors ?? []), ...((errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [])];
  return (
    <div>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} />
      <div className={styles.rows} id={id}>
        {rows.length === 0 && <span className={styles.empty}>未设置检查问题</span>}
        {rows.map((row, i) => {
          const at = `第${i + 1}题的`;
          const kind = kinds.find((k) => Number(k.id) === row.answerKind);
          const pass = yesNo.find((k) => Number(k.id) === row.passAnswer);
          return (
            <div className={styles.row} key={i}>
              <span className={styles.seq}>{i + 1}.</span>
              <Input size="small" aria-label={`${at}${title('question')}`} placeholder={title('question')} disabled={off} value={row.question ?? ''}
                maxLength={item.question?.maxLength} onChange={(_, d) => change(i, { question: d.value })} />
              <Dropdown size="small" style={{ minWidth: 0 }} aria-label={`${at}${title('answerKind')}`} placeholder={title('answerKind')} disabled={off}
                value={kind?.label ?? ''} selectedOptions={row.answerKind ? [String(row.answerKind)] : []}
                onOptionSelect={(_, d) => setKind(i, Number(d.optionValue))}>
                {kinds.map((k) => <Option key={k.id} value={String(k.id)}>{k.label}</Option>)}
              </Dropdown>
              <div className={styles.kindPart}>
                {row.answerKind === YES_NO && (
                  <Dropdown size="small" style={{ minWidth: 0, width: '9em' }} aria-label={`${at}${title('passAnswer')}`} placeholder={`${title('passAnswer')}：不限`} disabled={off}
                    value={pass ? `${title('passAnswer')}：${pass.label}` : ''} selectedOptions={row.passAnswer === undefined ? [] : [String(row.passAnswer)]}
                    onOptionSelect={(_, d) => change(i, { passAnswer: d.optionValue === '' ? undefined : Number(d.optionValue) })}>
                    <Option value="">不限</Option>
                    {yesNo.map((k) => <Option key={k.id} value={String(k.id)}>{k.label}</Option>)}
                  </Dropdown>
                )}
                {row.answerKind === NUMBER && (
                  <>
                    <Input size="small" style={{ width: '5em' }} aria-label={`${at}${title('unit')}`} placeholder={title('unit')} disabled={off} value={row.unit ?? ''}
                      maxLength={item.unit?.maxLength} onChange={(_, d) => change(i, { unit: d.value || undefined })} />
                    <NumberCell id={`${id}-${i}-min`} label={`${at}${title('min')}`} value={row.min} disabled={off} onChange={(min) => change(i, { min })} />
                    <span>~</span>
                    <NumberCell id={`${id}-${i}-max`} label={`${at}${title('max')}`} value={row.max} disabled={off} onChange={(max) => change(i, { max })} />
                  </>
                )}
              </div>
              <Checkbox label={<span style={{ whiteSpace: 'nowrap' }}>{title('required')}</span>} aria-label={`${at}${title('required')}`} disabled={off} checked={row.required === true} onChange={(_, d) => change(i, { required: d.checked === true || undefined })} />
              <div>
                <Button size="small" appearance="subtle" disabled={off || i === 0} onClick={() => move(i, -1)}>上移</Button>
                <Button size="small" appearance="subtle" disabled={off || i === rows.length - 1} onClick={() => move(i, 1)}>下移</Button>
                <Button size="small" appearance="subtle" disabled={off} onClick={() => set(rows.filter((_, j) => j !== i))}>删除</Button>
              </div>
            </div>
          );
        })}
        <div>
          <Button size="small" disabled={off || rows.length >= (schema.maxItems ?? 30)} onClick={() => set([...rows, { answerKind: YES_NO, required: true }])}>添加问题</Button>
        </div>
        {errors.map((e) => <span key={e} className={styles.error}>{e}</span>)}
      </div>
    </div>
  );
}
