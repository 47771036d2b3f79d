// A waybill's checks (docs/rules.md "Check rules"): answering one (waybill/check/flag), what the waybill
// awaits and what was answered (waybill/check/node), and the questions of the rule in force
// (check/question). Every read and write takes the waybill in the user's scope, so a customer or carrier
// user sees and answers only its own waybills' checks.
import type { SessionUser } from '../../http/context.ts';
import { Code, failure } from '../../http/envelope.ts';
import { Outcome } from '../../http/route.ts';
import type { Registry } from '../../registry/types.ts';
import { labelOf } from '../../registry/labels.ts';
import { all, insert, one, tx, type Conn } from '../../resources/statements.ts';
import { formatTime } from '../../resources/time.ts';
import { loadWaybill } from '../waybills/scope.ts';
import { checkPassed, checkPointOf, checkPointOfType, checkRuleAt, pendingChecks } from './check-gate.ts';
import { describeQuestions, judgeAnswers, passText, type GivenAnswer, type JudgedAnswer } from './check-questions.ts';
import { AnswerKind, CHECK_TYPE_NAMES, type CheckRuleRecord } from './types/check.ts';

export interface FlagBody {
  waybillId: number;
  checkType: number;
  answers: GivenAnswer[];
}

const questionsOf = (rule: CheckRuleRecord) => rule.questions.map((q, i) => ({ seq: i + 1, ...q, required: q.required === true, expected: passText(q) }));

/**
 * Records one answering of the check the waybill stands at, judged by the rule version in force now. A
 * passing answering releases the waybill; a failing one is kept (what the gate found) and answered with
 * code 0 naming the failing questions: the waybill stays held until a passing answering.
 */
export async function flagCheck(conn: Conn, user: SessionUser, body: FlagBody) {
  const name = CHECK_TYPE_NAMES[body.checkType];
  const saved = await tx(conn, async () => {
    await conn.lock(`waybills:${body.waybillId}`);
    const w = await loadWaybill(conn, user, body.waybillId);
    const now = Date.now();
    if (checkPointOf(w) !== checkPointOfType(body.checkType)) throw failure(`运单当前不在${name}环节，请刷新后重试`);
    const rule = await checkRuleAt(conn, w.corpId, w.id, body.checkType, now);
    if (!rule) throw failure(`该运单没有须进行的${name}`);
    if (await checkPassed(conn, w.id, body.checkType)) throw failure(`${name}已通过，无需重复检查`);
    const judged = judgeAnswers(rule.questions, body.answers);
    const id = await insert(conn,
      `INSERT INTO waybill_checks (corp_id, waybill_id, check_type, rule_id, rule_version, rule_name, answers, passed, user_id, user_name, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      w.corpId, w.id, body.checkType, rule.id, rule.version as number, rule.ruleName, JSON.stringify(judged.answers), judged.passed ? 1 : 0,
      user.userId, user.realName || user.userName, now);
    return { id, checkType: body.checkType, checkTypeStr: name, ruleId: rule.id, ruleName: rule.ruleName, ...judged };
  });
  if (saved.passed) return saved;
  const which = saved.failed.map((a) => `第${a.seq}题「${a.question}」${a.expected ? `应为${a.expected}` : ''}`).join('、');
  return new Outcome(Code.FAILURE, `${name}未通过：${which}`, saved);
}

/** The answers in words: 车厢是否清洁：是；预冷温度：-18 ℃（不符合 ≤ -15 ℃）. */
function answersText(answers: readonly JudgedAnswer[]): string {
  const shown = (a: JudgedAnswer) => (a.answer === null ? '未答' : a.answerKind === AnswerKind.YES_NO ? (a.answer ? '是' : '否') : `${a.answer}${a.unit ? ` ${a.unit}` : ''}`);
  return answers.map((a) => `${a.question}：${shown(a)}${a.passed === false ? `（不符合 ${a.expected}）` : ''}`).join('；');
}

interface CheckRow { id: number; checkType: number; ruleId: number; ruleVersion: number; ruleName: string; answers: string; passed: number; userName: string; at: number }

/** The answerings recorded on a waybill, oldest first (the detail's 检查记录). */
export async function checksOf(conn: Conn, reg: Registry, waybillId: number) {
  const rows = await all<CheckRow>(conn, `SELECT id, check_type AS "checkType", rule_id AS "ruleId", rule_version AS "ruleVersion", rule_name AS "ruleName",
    answers, passed, user_name AS "userName", at FROM waybill_checks WHERE waybill_id = ? ORDER BY at, id`, waybillId);
  return rows.map((r) => {
    const answers = JSON.parse(r.answers) as JudgedAnswer[];
    return {
      ...r, checkTypeStr: labelOf(reg, 'checkType', r.checkType), answers, answersText: answersText(answers), passed: r.passed === 1,
      passedStr: r.passed === 1 ? '通过' : '未通过', atStr: formatTime(r.at),
    };
  });
}

/** waybill/check/node: the check the waybill awaits now (if any, with its rule's questions) and those answered. */
export async function checkNode(conn: Conn, reg: Registry, user: SessionUser, waybillId: number) {
  const w = await loadWaybill(conn, user, waybillId);
  const held = (await pendingChecks(conn, w.corpId, [w], Date.now())).get(w.id);
  const vehicle = w.vehicleId ? await one<{ vehicleNo: string }>(conn, 'SELECT vehicle_no AS "vehicleNo" FROM vehicles WHERE id = ?', w.vehicleId) : undefined;
  return {
    // What the answering dialog shows above the questions (its summary reads flat fields).
    waybillId: w.id, waybillNo: w.waybillNo, vehicleNo: vehicle?.vehicleNo ?? null,
    checkTypeStr: held ? CHECK_TYPE_NAMES[held.checkType] : null, ruleName: held?.rule.ruleName ?? null,
    checkStatus: held?.checkStatus ?? null,
    pending: held ? {
      checkType: held.checkType, checkTypeStr: CHECK_TYPE_NAMES[held.checkType], checkStatus: held.checkStatus,
      checkStatusStr: labelOf(reg, 'waybillStatus', held.checkStatus), ruleId: held.rule.id, ruleName: held.rule.ruleName, questions: questionsOf(held.rule),
    } : null,
    answered: await checksOf(conn, reg, w.id),
  };
}

/** check/question: the questions of the rule in force now for the waybill's check of that type (null: none). */
export async function checkQuestionsFor(conn: Conn, user: SessionUser, waybillId: number, checkType: number) {
  const w = await loadWaybill(conn, user, waybillId);
  const rule = await checkRuleAt(conn, w.corpId, w.id, checkType, Date.now());
  if (!rule) return null;
  return {
    checkType, checkTypeStr: CHECK_TYPE_NAMES[checkType], ruleId: rule.id, ruleName: rule.ruleName, version: rule.version,
    questionsText: describeQuestions(rule.questions), questions: questionsOf(rule),
  };
}
