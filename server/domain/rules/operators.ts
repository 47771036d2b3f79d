// The operators a rule's conditions may use (delegate/listOperator), with the Chinese the condition
// editor shows, and their meaning as one pure function. A value kind says which operators a field
// offers: numbers compare, texts contain, lists of codes (a dictionary, a reference) are members.
export type ValueKind = 'number' | 'text' | 'code';

export interface OperatorDef {
  key: string;
  label: string;
  /** 'one' a single value, 'list' several (in, not in), 'pair' [low, high], 'none' no value. */
  arity: 'one' | 'list' | 'pair' | 'none';
  kinds: readonly ValueKind[];
}

export const OPERATORS: readonly OperatorDef[] = [
  { key: 'eq', label: '等于', arity: 'one', kinds: ['number', 'text', 'code'] },
  { key: 'ne', label: '不等于', arity: 'one', kinds: ['number', 'text', 'code'] },
  { key: 'in', label: '属于', arity: 'list', kinds: ['number', 'text', 'code'] },
  { key: 'notIn', label: '不属于', arity: 'list', kinds: ['number', 'text', 'code'] },
  { key: 'gt', label: '大于', arity: 'one', kinds: ['number'] },
  { key: 'gte', label: '大于等于', arity: 'one', kinds: ['number'] },
  { key: 'lt', label: '小于', arity: 'one', kinds: ['number'] },
  { key: 'lte', label: '小于等于', arity: 'one', kinds: ['number'] },
  { key: 'between', label: '介于', arity: 'pair', kinds: ['number'] },
  { key: 'contains', label: '包含', arity: 'one', kinds: ['text'] },
  { key: 'notContains', label: '不包含', arity: 'one', kinds: ['text'] },
  { key: 'empty', label: '为空', arity: 'none', kinds: ['number', 'text', 'code'] },
  { key: 'notEmpty', label: '不为空', arity: 'none', kinds: ['number', 'text', 'code'] },
];

export const OPERATOR_BY_KEY = new Map(OPERATORS.map((o) => [o.key, o]));

/** A fact as the event gives it: one value, or several (a waybill's goods categories). */
export type Fact = number | string | null | readonly (number | string | null)[];
export type Operand = number | string | readonly (number | string)[] | null | undefined;

const present = (v: number | string | null) => v !== null && v !== '';
const same = (a: number | string | null, b: number | string) => a === b || (a !== null && String(a) === String(b));

/** Whether one present value satisfies the operator. */
function holdsFor(op: string, v: number | string, operand: Operand): boolean {
  switch (op) {
    case 'eq': return same(v, operand as number | string);
    case 'ne': return !same(v, operand as number | string);
    case 'in': return (operand as readonly (number | string)[]).some((o) => same(v, o));
    case 'notIn': return !(operand as readonly (number | string)[]).some((o) => same(v, o));
    case 'gt': return Number(v) > Number(operand);
    case 'gte': return Number(v) >= Number(operand);
    case 'lt': return Number(v) < Number(operand);
    case 'lte': return Number(v) <= Number(operand);
    case 'between': {
      const [low, high] = operand as readonly number[];
      return Number(v) >= low && Number(v) <= high;
    }
    case 'contains': return String(v).includes(String(operand));
    case 'notContains': return !String(v).includes(String(operand));
    default: return false;
  }
}

/**
 * Whether a fact satisfies `op operand`. A fact of several values (the goods of a load) satisfies a
 * positive operator when every value does, and a negative one (ne, notIn, notContains) when no value
 * breaks it: a rule for 冷冻 goods applies to a load that is all 冷冻. An absent fact satisfies only
 * `empty` and the negative operators (nothing to break them); a number compared with nothing is false.
 */
export function applyOperator(op: string, fact: Fact, operand: Operand): boolean {
  // The common case, one value, without building a list (this runs per rule per event).
  if (!Array.isArray(fact)) {
    const one = fact as number | string | null;
    if (op === 'empty') return !present(one);
    if (op === 'notEmpty') return present(one);
    if (!present(one)) return op === 'ne' || op === 'notIn' || op === 'notContains';
    return holdsFor(op, one as number | string, operand);
  }
  const values = (fact as readonly (number | string | null)[]).filter(present) as (number | string)[];
  if (op === 'empty') return values.length === 0;
  if (op === 'notEmpty') return values.length > 0;
  if (values.length === 0) return op === 'ne' || op === 'notIn' || op === 'notContains';
  return values.every((v) => holdsFor(op, v, operand));
}
