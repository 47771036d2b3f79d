// The answering dialog of a check rule (检查规则): the questions of the check the waybill is held at, as
// waybill/check/node gives them for the dialog's waybill — 是/否, a number with its unit and the range
// that passes, or a text — answered as [{seq, answer}] for waybill/check/flag. Whether the answers pass
// is the server's to say (server/domain/rules/check-questions.ts); a failing answering is kept there and
// its message names the failing questions.
import { Field, Input, Radio, RadioGroup, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
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
  // The answers live here, and the form hears of each change a render later: two answers given before the
  // form has re-rendered (a quick click then a keystroke) must both be kept, so each one builds on the
  // widget's own latest answers, never on the form's value of the render it was given in.
  const [answers, setAnswers] = useState<Record<number, Answer['answer']>>(() => answersFrom(value));
  const tell = useRef(onChange);
  tell.current = onChange;
  // One entry per question, null while unanswered: the server names the required ones left open. (The
  // form's own default for a list with minItems is one empty entry, which is no answer at all.)
  useEffect(() => {
    if (questions?.length) tell.current(questions.map((q) => ({ seq: q.seq, answer: answers[q.seq] ?? null })));
  }, [questions, answers]);
  const valueOf = (seq: number) => answers[seq] ?? undefined;
  const set = (seq: number, answer: Answer['answer'] | undefined) =>
    setAnswers((now) => ({ ...now, [seq]: answer === undefined || answer === '' ? null : answer }));
  const typeNumber = (seq: number, text: string) => {
    setTyped((now) => ({ ...now, [seq]: text }));
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

function answersFrom(value: unknown): Record<number, Answer['answer']> {
  const given = (Array.isArray(value) ? value : []) as Partial<Answer>[];
  return Object.fromEntries(given.filter((a) => typeof a?.seq === 'number').map((a) => [a.seq, a.answer ?? null]));
}
