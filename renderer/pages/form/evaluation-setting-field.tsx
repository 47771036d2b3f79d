// The 服务评价设置 page's questions (`"ui:field": "evaluationSettingQuestions"`): the list edited as any
// list of objects, and 预览 showing the evaluation dialog as a driver or customer will see it with
// the questions as they stand in the form (the enabled ones, in their order), before saving.
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import { EvaluationQuestions, type AskedQuestion, type GivenAnswer } from './evaluation-questions.tsx';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalS },
  overall: { marginBottom: tokens.spacingVerticalS },
});

interface Draft extends Partial<AskedQuestion> {
  enabled?: boolean;
  sort?: number;
}

/** The questions the dialog would ask: enabled, titled, in order (as the server's askedQuestions). */
export const previewQuestions = (draft: Draft[]): AskedQuestion[] =>
  draft
    .map((q, i) => ({ ...q, key: q.key ?? `new${i}` }))
    .filter((q) => q.enabled !== false && q.title?.trim() && q.kind)
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((q) => ({ key: q.key, title: q.title!.trim(), kind: q.kind!, required: Boolean(q.required) }));

export function EvaluationSettingField(props: FieldProps) {
  const s = useStyles();
  const { ArrayField } = props.registry.fields;
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<GivenAnswer[]>([]);
  const [score, setScore] = useState('5');
  const asked = previewQuestions((Array.isArray(props.formData) ? props.formData : []) as Draft[]);
  return (
    <>
      <ArrayField {...props} />
      <div className={s.bar}>
        <Button size="small" onClick={() => { setAnswers([]); setOpen(true); }}>预览</Button>
      </div>
      <Dialog open={open} onOpenChange={(_e, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>评价（预览）</DialogTitle>
            <DialogContent>
              <div className={s.hint}>司机或客户评价运单时看到的窗口；预览不会保存任何内容。</div>
              {/* The dialog's own fields around the questions, as transport/waybill-comment lays them out. */}
              <Field className={s.overall} label="评分" required size="small">
                <Input size="small" value={score} onChange={(_e, d) => setScore(d.value)} />
              </Field>
              <EvaluationQuestions questions={asked} answers={answers} onChange={setAnswers} />
              <Field label="评价内容" size="small">
                <Textarea size="small" resize="vertical" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" size="small" onClick={() => setOpen(false)}>关闭</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
