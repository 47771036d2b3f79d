// The questions of the 服务评价 setting as the evaluation dialog asks them: 1–5 stars, 是/否, or a
// text. Used by the dialog (`"ui:widget": "evaluationAnswers"`: the questions in force for the
// waybill, from waybillAction/getEvaluateSetting?id=) and by the settings page's 预览 (the draft).
import { Button, Field, Radio, RadioGroup, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';

export interface AskedQuestion {
  key: string;
  title: string;
  kind: 'star' | 'yesNo' | 'text';
  required: boolean;
}
export interface GivenAnswer {
  key: string;
  value: number | boolean | string;
}

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  stars: { display: 'flex', columnGap: tokens.spacingHorizontalXXS },
  star: { minWidth: '28px', fontSize: '20px', color: tokens.colorPaletteMarigoldForeground1 },
  off: { minWidth: '28px', fontSize: '20px', color: tokens.colorNeutralForeground4 },
});

/** The star count, 是/否 or text of each question; `onChange` answers the list the action takes. */
export function EvaluationQuestions({ questions, answers, onChange, errors }: { questions: AskedQuestion[]; answers: GivenAnswer[]; onChange: (next: GivenAnswer[]) => void; errors?: string[] }) {
  const s = useStyles();
  const valueOf = (key: string) => answers.find((a) => a.key === key)?.value;
  const set = (key: string, value: GivenAnswer['value'] | undefined) =>
    onChange([...answers.filter((a) => a.key !== key), ...(value === undefined || value === '' ? [] : [{ key, value }])]);
  return (
    <div className={s.list}>
      {questions.map((q) => {
        const v = valueOf(q.key);
        return (
          <Field key={q.key} label={q.title} required={q.required} size="small">
            {q.kind === 'star' ? (
              <div className={s.stars} role="radiogroup" aria-label={q.title}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <Button key={n} appearance="transparent" size="small" className={typeof v === 'number' && n <= v ? s.star : s.off}
                    role="radio" aria-checked={v === n} aria-label={`${n}星`} onClick={() => set(q.key, n)}>★</Button>
                ))}
              </div>
            ) : q.kind === 'yesNo' ? (
              <RadioGroup layout="horizontal" value={v === undefined ? '' : v ? 'yes' : 'no'} onChange={(_e, d) => set(q.key, d.value === 'yes')}>
                <Radio value="yes" label="是" />
                <Radio value="no" label="否" />
              </RadioGroup>
            ) : (
              <Textarea size="small" resize="vertical" maxLength={200} value={typeof v === 'string' ? v : ''} onChange={(_e, d) => set(q.key, d.value)} />
            )}
          </Field>
        );
      })}
      {errors?.length ? <Field validationMessage={errors[0]} validationState="error" size="small" /> : null}
    </div>
  );
}

/** The dialog's `answers` field: asks the questions in force for the dialog's waybill. */
export function EvaluationAnswersWidget({ value, onChange, rawErrors, registry }: WidgetProps) {
  const ctx = (registry.formContext ?? {}) as { env?: Env; recordId?: string };
  const [questions, setQuestions] = useState<AskedQuestion[]>([]);
  useEffect(() => {
    if (!ctx.env) return;
    let live = true;
    ctx.env.api.get<{ questions: AskedQuestion[] }>('/waybillAction/getEvaluateSetting', ctx.recordId ? { id: ctx.recordId } : {}).then(
      (a) => live && setQuestions(a.questions ?? []),
      () => live && setQuestions([]),
    );
    return () => {
      live = false;
    };
  }, [ctx.env, ctx.recordId]);
  const answers = (Array.isArray(value) ? value : []) as GivenAnswer[];
  return <EvaluationQuestions questions={questions} answers={answers} onChange={(next) => onChange(next.length ? next : undefined)} errors={rawErrors} />;
}
