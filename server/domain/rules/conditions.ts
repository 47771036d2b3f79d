// A rule's conditions: each names a declared field, an operator and a value; all must hold. Checked
// when a rule is saved (a refusal names the condition in the user's words) and evaluated, purely, for
// each event.
import { invalid } from '../../http/envelope.ts';
import { applyOperator, OPERATOR_BY_KEY } from './operators.ts';
import type { Condition, ConditionField, FactValues, RuleType } from './rule-type.ts';

export const MAX_CONDITIONS = 20;

const isValue = (v: unknown, kind: ConditionField['kind']) =>
  kind === 'text' ? typeof v === 'string' && v.length <= 100 : typeof v === 'number' && Number.isFinite(v);

/** The first problem of a condition list, in Chinese, or null. */
export function conditionProblem(type: RuleType<unknown>, conditions: readonly Condition[]): string | null {
  if (conditions.length > MAX_CONDITIONS) return `条件最多${MAX_CONDITIONS}条`;
  for (const [i, c] of conditions.entries()) {
    const at = `第${i + 1}条条件`;
    const field = type.fields.find((f) => f.key === c.field);
    if (!field) return `${at}：请选择条件字段`;
    const op = OPERATOR_BY_KEY.get(c.operator);
    if (!op || !op.kinds.includes(field.kind)) return `${at}：${field.title}不能使用该运算符`;
    const v = c.value;
    if (op.arity === 'none') continue;
    if (op.arity === 'one' && !isValue(v, field.kind)) return `${at}：请填写${field.title}的值`;
    if (op.arity === 'list' && (!Array.isArray(v) || v.length === 0 || v.length > 50 || !v.every((x) => isValue(x, field.kind)))) {
      return `${at}：请选择${field.title}的值`;
    }
    if (op.arity === 'pair') {
      if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => isValue(x, 'number'))) return `${at}：请填写${field.title}的范围`;
      if ((v[0] as number) > (v[1] as number)) return `${at}：${field.title}的下限不能大于上限`;
    }
  }
  return null;
}

/** Refuses (code 100, field conditions) a list the type cannot evaluate. */
export function checkConditions(type: RuleType<unknown>, conditions: readonly Condition[] | null | undefined) {
  const problem = conditions ? conditionProblem(type, conditions) : null;
  if (problem) throw invalid(`条件：${problem}`, { field: 'conditions' });
}

/**
 * A condition as a function of the event's values, specialised once per rule for a single number (the
 * common case of weights, distances and codes), answering exactly as applyOperator does.
 */
export function compileCondition(c: Condition): (facts: FactValues) => boolean {
  const { field, operator: op, value } = c;
  const general = (facts: FactValues) => applyOperator(op, facts[field] ?? null, value);
  const onNumber = (test: (x: number) => boolean) => (facts: FactValues) => {
    const x = facts[field];
    return typeof x === 'number' ? test(x) : general(facts);
  };
  const n = Number(value);
  switch (op) {
    case 'gt': return onNumber((x) => x > n);
    case 'gte': return onNumber((x) => x >= n);
    case 'lt': return onNumber((x) => x < n);
    case 'lte': return onNumber((x) => x <= n);
    case 'between': {
      const [low, high] = value as number[];
      return onNumber((x) => x >= low && x <= high);
    }
    case 'eq': return onNumber((x) => String(x) === String(value));
    case 'in': {
      const set = new Set((value as (number | string)[]).map(String));
      return onNumber((x) => set.has(String(x)));
    }
    default: return general;
  }
}

/** All of a rule's conditions as one function (true without any). */
export function compileConditions(conditions: readonly Condition[] | null): (facts: FactValues) => boolean {
  const tests = (conditions ?? []).map(compileCondition);
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0];
  return (facts) => tests.every((t) => t(facts));
}

/** Whether every condition holds for the event's values. */
export function conditionsHold(conditions: readonly Condition[] | null, facts: FactValues): boolean {
  if (!conditions) return true;
  for (const c of conditions) if (!applyOperator(c.operator, facts[c.field] ?? null, c.value)) return false;
  return true;
}
