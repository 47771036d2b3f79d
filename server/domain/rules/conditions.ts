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
 * A condition as a function of the event's values, specialised once per rule for numbers (the common
 * case of weights, distances and codes, alone or as a load's list of goods categories), answering
 * exactly as applyOperator does and allocating nothing per event; any other value takes applyOperator.
 */
export function compileCondition(c: Condition): (facts: FactValues) => boolean {
  const { field, operator: op, value } = c;
  const general = (facts: FactValues) => applyOperator(op, facts[field] ?? null, value);
  // A positive operator holds for a list when it has a present value and every present value passes
  // (operators.ts): written out here so that a list of numbers costs no filtered copy.
  const onNumbers = (test: (x: number) => boolean) => (facts: FactValues) => {
    const x = facts[field];
    if (typeof x === 'number') return test(x);
    if (!Array.isArray(x)) return general(facts);
    let any = false;
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (v === null || v === '') continue;
      if (typeof v !== 'number') return general(facts);
      if (!test(v)) return false;
      any = true;
    }
    return any;
  };
  const n = Number(value);
  switch (op) {
    case 'gt': return onNumbers((x) => x > n);
    case 'gte': return onNumbers((x) => x >= n);
    case 'lt': return onNumbers((x) => x < n);
    case 'lte': return onNumbers((x) => x <= n);
    case 'between': {
      const [low, high] = value as number[];
      return onNumbers((x) => x >= low && x <= high);
    }
    // Equal as operators.ts compares (the same text): two numbers are equal when ===, or both NaN.
    case 'eq': {
      if (typeof value === 'number') return onNumbers((x) => x === value || (x !== x && value !== value));
      const text = String(value);
      return onNumbers((x) => String(x) === text);
    }
    case 'in': {
      const operands = value as (number | string)[];
      const numbers = new Set(operands.filter((o): o is number => typeof o === 'number'));
      const texts = new Set(operands.filter((o) => typeof o !== 'number').map(String));
      return texts.size
        ? onNumbers((x) => numbers.has(x) || texts.has(String(x)))
        : onNumbers((x) => numbers.has(x));
    }
    default: return general;
  }
}

/** All of a rule's conditions as one function (true without any). */
export function compileConditions(conditions: readonly Condition[] | null): (facts: FactValues) => boolean {
  const tests = (conditions ?? []).map(compileCondition);
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0];
  return (facts) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i](facts)) return false;
    return true;
  };
}

/** Whether every condition holds for the event's values. */
export function conditionsHold(conditions: readonly Condition[] | null, facts: FactValues): boolean {
  if (!conditions) return true;
  for (const c of conditions) if (!applyOperator(c.operator, facts[c.field] ?? null, c.value)) return false;
  return true;
}
