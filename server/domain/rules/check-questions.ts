// A check rule's questions (docs/rules.md "Check rules"), pure: what a saved list must keep, the list in
// words for lists and details, and how one answering is judged. The waybill's flag call and the rule's
// save both come here, so what the form accepts and what the gate judges are one rule.
import { invalid } from '../../http/envelope.ts';
import { AnswerKind, type CheckQuestion } from './types/check.ts';

const KIND_NAMES: Record<number, string> = { 1: '是/否', 2: '数值', 3: '文字' };
export const MAX_TEXT_ANSWER = 200;

const nth = (i: number, q?: CheckQuestion) => `第${i + 1}题${q ? `「${q.question}」` : ''}`;
const present = (v: unknown) => v !== undefined && v !== null;

/** The first thing wrong with a list of questions, in words, or null. */
export function questionProblem(questions: readonly CheckQuestion[]): string | null {
  const seen = new Set<string>();
  for (const [i, q] of questions.entries()) {
    const text = q.question.trim();
    if (!text) return `${nth(i)}：问题不能为空`;
    if (seen.has(text)) return `${nth(i)}：问题重复`;
    seen.add(text);
    if (q.answerKind !== AnswerKind.YES_NO && present(q.passAnswer)) return `${nth(i)}：只有是/否问题可以设置通过答案`;
    if (q.answerKind !== AnswerKind.NUMBER && (present(q.min) || present(q.max) || (q.unit ?? '') !== '')) return `${nth(i)}：只有数值问题可以设置单位和范围`;
    if (present(q.min) && present(q.max) && q.min! > q.max!) return `${nth(i)}：最小值不能大于最大值`;
  }
  return null;
}

/** Refuses (code 100 on `questions`) a list that breaks questionProblem; absent (an update leaving them) passes. */
export function checkQuestions(questions: readonly CheckQuestion[] | null | undefined) {
  const problem = questions ? questionProblem(questions) : null;
  if (problem) throw invalid(`检查问题：${problem}`, { field: 'questions' });
}

/** What passes, in words: 是, ≤ -15 ℃, 2 ~ 8 ℃; null when any answer passes. */
export function passText(q: CheckQuestion): string | null {
  const unit = q.unit ? ` ${q.unit}` : '';
  if (q.answerKind === AnswerKind.YES_NO) return present(q.passAnswer) ? (q.passAnswer ? '是' : '否') : null;
  if (q.answerKind !== AnswerKind.NUMBER) return null;
  if (present(q.min) && present(q.max)) return `${q.min} ~ ${q.max}${unit}`;
  if (present(q.min)) return `≥ ${q.min}${unit}`;
  if (present(q.max)) return `≤ ${q.max}${unit}`;
  return null;
}

/** The questions in words: 1. 车厢是否清洁（是/否，必答，通过：是）；2. … */
export function describeQuestions(questions: readonly CheckQuestion[] | null | undefined): string {
  return (questions ?? []).map((q, i) => {
    const kind = q.answerKind === AnswerKind.NUMBER && q.unit ? `数值 ${q.unit}` : KIND_NAMES[q.answerKind] ?? '';
    const pass = passText(q);
    return `${i + 1}. ${q.question}（${[kind, q.required ? '必答' : '选答', ...(pass ? [`通过：${pass}`] : [])].join('，')}）`;
  }).join('；');
}

export interface GivenAnswer {
  seq: number;
  answer?: number | string | null;
}

export interface JudgedAnswer {
  seq: number;
  question: string;
  answerKind: number;
  unit: string | null;
  required: boolean;
  answer: number | string | null;
  /** What passes, in words (null: any answer). */
  expected: string | null;
  /** null when not answered. */
  passed: boolean | null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One answer's own shape for its question (code 100 on `answers`, naming the question). */
function checkShape(i: number, q: CheckQuestion, v: number | string) {
  if (q.answerKind === AnswerKind.YES_NO && v !== 0 && v !== 1) throw invalid(`答案：${nth(i, q)}请回答是或否`, { field: 'answers' });
  if (q.answerKind === AnswerKind.NUMBER && (typeof v !== 'number' || !Number.isFinite(v))) throw invalid(`答案：${nth(i, q)}请填写数值`, { field: 'answers' });
  if (q.answerKind === AnswerKind.TEXT && typeof v !== 'string') throw invalid(`答案：${nth(i, q)}请填写文字`, { field: 'answers' });
  if (typeof v === 'string' && v.length > MAX_TEXT_ANSWER) throw invalid(`答案：${nth(i, q)}不能超过${MAX_TEXT_ANSWER}个字`, { field: 'answers' });
}

function passes(q: CheckQuestion, v: number | string): boolean {
  if (q.answerKind === AnswerKind.YES_NO) return !present(q.passAnswer) || v === q.passAnswer;
  if (q.answerKind === AnswerKind.NUMBER) return (!present(q.min) || (v as number) >= q.min!) && (!present(q.max) || (v as number) <= q.max!);
  return true;
}

/**
 * One answering judged against the rule's questions: each answer's shape (refused with code 100), every
 * required question answered (likewise), and whether each passes. The check passes when every required
 * question's answer passes; an optional question's failing answer is shown but does not hold the waybill.
 */
export function judgeAnswers(questions: readonly CheckQuestion[], given: readonly GivenAnswer[]) {
  const bySeq = new Map<number, GivenAnswer>();
  for (const a of given) {
    if (a.seq > questions.length) throw invalid(`答案：第${a.seq}题不存在`, { field: 'answers' });
    if (bySeq.has(a.seq)) throw invalid(`答案：第${a.seq}题重复回答`, { field: 'answers' });
    bySeq.set(a.seq, a);
  }
  const answers: JudgedAnswer[] = questions.map((q, i) => {
    const v = bySeq.get(i + 1)?.answer;
    const required = q.required === true;
    if (blank(v)) {
      if (required) throw invalid(`答案：${nth(i, q)}必须回答`, { field: 'answers' });
      return { seq: i + 1, question: q.question, answerKind: q.answerKind, unit: q.unit ?? null, required, answer: null, expected: passText(q), passed: null };
    }
    checkShape(i, q, v!);
    const answer = typeof v === 'string' ? v.trim() : v!;
    return { seq: i + 1, question: q.question, answerKind: q.answerKind, unit: q.unit ?? null, required, answer, expected: passText(q), passed: passes(q, answer) };
  });
  const failed = answers.filter((a) => a.required && a.passed === false);
  return { answers, passed: failed.length === 0, failed };
}
