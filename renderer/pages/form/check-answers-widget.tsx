// The answering dialog of a check rule (检查规则): the questions of the check the waybill is held at, as
// waybill/check/node gives them for the dialog's waybill — 是/否, a number with its unit and the range
// that passes, or a text — answered as [{seq, answer}] for waybill/check/flag. Whether the answers pass
// is the server's to say (server/domain/rules/check-questions.ts); a failing answering is kept there and
// its message names the failing questions.
import { Field, Input, Radio, RadioGroup, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';

interface HeldQuestion {
  seq: number;
  question: string;
  answerKind: number;
  unit?: string | null;
  required: boolean;
  expected: string | null;
}
interface Answer {
  seq: number;
  answer: number | string | null;
}

const YES_NO = 1;
const NUMBER = 2;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  number: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

export function CheckAnswersWidget({ value, onChange, rawErrors, registry }: WidgetProps) {
  const s = useStyles();
  const ctx = (registry.formContext ?? {}) as { env?: Env; recordId?: string };
  const [questions, setQuestions] = useState<HeldQuestion[] | null>(null);
  // Numbers as typed, so "-" or "1." can be on the way to a number without being thrown away.
  const [typed, setTyped] = useState<Record<number, string>>({});
  useEffect(() => {
    if (!ctx.env || !ctx.recordId) return;
    let live = true;
    ctx.env.api.get<{ pending: { questions: HeldQuestion[] } | null }>('/waybill/check/node', { waybillId: ctx.recordId }).then(
      (a) => live && setQuestions(a.pending?.questions ?? []),
      () => live && setQuestions([]),
    );
    return () => {
      live = false;
    };
  }, [ctx.env, ctx.recordId]);
  // One entry per question, null while unanswered: the server names the required ones left open. (The
  // form's own default for a list with minItems is one empty entry, which is no answer at all.)
  const given = (Array.isArray(value) ? value : []) as Partial<Answer>[];
  const valueOf = (seq: number) => given.find((a) => a?.seq === seq)?.answer ?? undefined;
  const complete = (patch?: { seq: number; answer: Answer['answer'] | null }) =>
    (questions ?? []).map((q) => ({ seq: q.seq, answer: q.seq === patch?.seq ? patch.answer : valueOf(q.seq) ?? null }));
  useEffect(() => {
    if (questions?.length && (given.length !== questions.length || given.some((a, i) => a?.seq !== questions[i].seq))) onChange(complete());
  });
  const set = (seq: number, answer: Answer['answer'] | undefined) => onChange(complete({ seq, answer: answer === undefined || answer === '' ? null : answer }));
  const typeNumber = (seq: number, text: string) => {
    setTyped({ ...typed, [seq]: text });
    const n = Number(text);
    set(seq, text.trim() !== '' && Number.isFinite(n) ? n : undefined);
  };
  if (questions === null) return <span className={s.hint}>正在读取检查问题…</span>;
  if (!questions.length) return <span className={s.hint}>该运单当前没有待进行的检查</span>;
  return (
    <div className={s.list}>
      {questions.map((q) => {
        const v = valueOf(q.seq);
        const label = `${q.seq}. ${q.question}`;
        const hint = q.expected ? `通过：${q.expected}` : undefined;
        return (
          <Field key={q.seq} label={label} required={q.required} hint={hint} size="small">
            {q.answerKind === YES_NO ? (
              <RadioGroup layout="horizontal" value={v === undefined ? '' : String(v)} onChange={(_e, d) => set(q.seq, Number(d.value))}>
                <Radio value="1" label="是" />
                <Radio value="0" label="否" />
              </RadioGroup>
            ) : q.answerKind === NUMBER ? (
              <div className={s.number}>
                <Input size="small" inputMode="decimal" aria-label={q.question} value={typed[q.seq] ?? (typeof v === 'number' ? String(v) : '')} onChange={(_e, d) => typeNumber(q.seq, d.value)} />
                {q.unit ? <span>{q.unit}</span> : null}
              </div>
            ) : (
              <Textarea size="small" resize="vertical" maxLength={200} aria-label={q.question} value={typeof v === 'string' ? v : ''} onChange={(_e, d) => set(q.seq, d.value)} />
            )}
          </Field>
        );
      })}
      {rawErrors?.length ? <Field validationMessage={rawErrors[0]} validationState="error" size="small" /> : null}
    </div>
  );
}
