// The answers of one evaluation (waybillAction/evaluate): checked against the setting in force for
// the waybill's business type at the moment of the evaluation, and stored one row per question with
// the setting version they answered, beside the overall score the action always kept.
import { invalid } from '../../http/envelope.ts';
import { run, type Conn } from '../../resources/statements.ts';
import { askedQuestions, settingInForce, TEXT_ANSWER_MAX, type Question, type Setting } from './setting.ts';

export interface Answer {
  key: string;
  value: number | boolean | string;
}

/** The action's input for `answers` (its shape; what each value may be depends on the question). */
export const answersInput = {
  title: '评价项', type: 'array', maxItems: 20,
  items: {
    type: 'object', additionalProperties: false, required: ['key', 'value'],
    properties: {
      key: { title: '评价项编号', type: 'string', maxLength: 5, pattern: '^q[1-9][0-9]{0,3}$' },
      value: { title: '评价项答案', type: ['integer', 'boolean', 'string'], maxLength: TEXT_ANSWER_MAX },
    },
  },
};

interface Stored {
  key: string;
  kind: Question['kind'];
  value: number | null;
  textValue: string | null;
}

function checkOne(q: Question, value: Answer['value'] | undefined): Stored | null {
  const wrong = (what: string) => invalid(`评价项「${q.title}」：${what}`, { field: 'answers' });
  const blank = value === undefined || (typeof value === 'string' && !value.trim());
  if (blank) {
    if (q.required) throw wrong('必须填写');
    return null;
  }
  if (q.kind === 'star') {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) throw wrong('请选择1到5星');
    return { key: q.key, kind: q.kind, value, textValue: null };
  }
  if (q.kind === 'yesNo') {
    if (typeof value !== 'boolean') throw wrong('请选择是或否');
    return { key: q.key, kind: q.kind, value: value ? 1 : 0, textValue: null };
  }
  if (typeof value !== 'string') throw wrong('请填写文字');
  if (value.length > TEXT_ANSWER_MAX) throw wrong(`不能超过${TEXT_ANSWER_MAX}个字符`);
  return { key: q.key, kind: q.kind, value: null, textValue: value.trim() };
}

/** Checks the answers against the questions asked now; refuses an answer to a question not asked. */
export async function checkAnswers(conn: Conn, corpId: number, businessType: number, answers: Answer[] | undefined): Promise<{ setting: Setting; rows: Stored[] }> {
  const setting = await settingInForce(conn, corpId, businessType);
  const asked = askedQuestions(setting);
  const given = new Map<string, Answer['value']>();
  for (const a of answers ?? []) {
    if (!asked.some((q) => q.key === a.key)) throw invalid('评价项：该评价项已停用或不存在，请刷新后重试', { field: 'answers' });
    if (given.has(a.key)) throw invalid('评价项：同一评价项只能回答一次', { field: 'answers' });
    given.set(a.key, a.value);
  }
  const rows = asked.map((q) => checkOne(q, given.get(q.key))).filter((r): r is Stored => r !== null);
  return { setting, rows };
}

export async function storeAnswers(conn: Conn, corpId: number, evaluationId: number, waybillId: number, settingId: number, rows: Stored[]) {
  if (!rows.length) return;
  await run(conn,
    `INSERT INTO evaluation_answers (corp_id, evaluation_id, waybill_id, setting_id, question_key, kind, value, text_value) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    ...rows.flatMap((r) => [corpId, evaluationId, waybillId, settingId, r.key, r.kind, r.value, r.textValue]));
}
