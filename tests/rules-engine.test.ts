// The rule engine's pure parts (server/domain/rules): operators over single and several values, the
// conditions a save accepts, and the choice of the most specific rule in force.
import { describe, expect, it } from 'vitest';
import { applyOperator } from '../server/domain/rules/operators.ts';
import { compileCondition, conditionProblem, conditionsHold } from '../server/domain/rules/conditions.ts';
import { chooseRule, specificity, validAt } from '../server/domain/rules/choose.ts';
import { temperatureRuleType } from '../server/domain/rules/types/temperature.ts';
import { changesWithin, rulesAt, type RuleVersion } from '../server/domain/rules/versions.ts';
import { rulesInForce } from '../server/domain/rules/preview/rules-in-force.ts';
import { orderPartsFor, waybillPartsFor } from '../server/domain/rules/preview/facts-needed.ts';
import type { RuleRecord, ScopeFacts } from '../server/domain/rules/rule-type.ts';
import { shanghaiDateStart } from '../server/resources/time.ts';

const rule = (over: Partial<RuleRecord>): RuleRecord => ({
  id: 1, ruleName: 'r', status: 0, priority: 0, validFrom: null, validTo: null, customerId: null, carrierId: null, businessType: null,
  originProvince: null, originCity: null, destProvince: null, destCity: null, conditions: null, ...over,
});
const scope: ScopeFacts = {
  customerIds: [7], carrierId: 3, businessType: 1,
  origin: { province: '河南省', city: '郑州市' }, destination: { province: '山东省', city: '济南市' },
};
const NOW = shanghaiDateStart('2026-11-20') + 10 * 3600_000;

describe('operators', () => {
  it('compare, contain and test membership of one value', () => {
    expect(applyOperator('gt', 5, 4)).toBe(true);
    expect(applyOperator('gt', 4, 4)).toBe(false);
    expect(applyOperator('between', 4, [4, 6])).toBe(true);
    expect(applyOperator('between', 6.1, [4, 6])).toBe(false);
    expect(applyOperator('in', 3, [1, 3])).toBe(true);
    expect(applyOperator('notIn', 3, [1, 3])).toBe(false);
    expect(applyOperator('contains', '郑州市金水区', '郑州')).toBe(true);
    expect(applyOperator('eq', '3', 3)).toBe(true);
  });

  it('a load of several values satisfies a positive operator only when every value does', () => {
    expect(applyOperator('eq', [3, 3], 3)).toBe(true);
    expect(applyOperator('eq', [3, 4], 3)).toBe(false);
    expect(applyOperator('ne', [4, 5], 3)).toBe(true);
    expect(applyOperator('ne', [3, 5], 3)).toBe(false);
  });

  it('an absent value is only empty: it satisfies no comparison', () => {
    expect(applyOperator('empty', null, undefined)).toBe(true);
    expect(applyOperator('empty', [], undefined)).toBe(true);
    expect(applyOperator('gt', null, 0)).toBe(false);
    expect(applyOperator('lt', null, 10)).toBe(false);
    expect(applyOperator('notEmpty', [null, 2], undefined)).toBe(true);
  });
});

describe('conditions', () => {
  it('names what is wrong with a condition in the user\'s words', () => {
    const problem = (c: object) => conditionProblem(temperatureRuleType, [c as never]);
    expect(problem({ field: 'password', operator: 'eq', value: 1 })).toBe('第1条条件：请选择条件字段');
    expect(problem({ field: 'goodsCategory', operator: 'contains', value: 'x' })).toBe('第1条条件：货品类别不能使用该运算符');
    expect(problem({ field: 'weightT', operator: 'gt', value: '十' })).toBe('第1条条件：请填写重量的值');
    expect(problem({ field: 'goodsCategory', operator: 'in', value: [] })).toBe('第1条条件：请选择货品类别的值');
    expect(problem({ field: 'distanceKm', operator: 'between', value: [500, 100] })).toBe('第1条条件：运输距离的下限不能大于上限');
    expect(problem({ field: 'distanceKm', operator: 'between', value: [100, 500] })).toBeNull();
    expect(problem({ field: 'carModelId', operator: 'empty' })).toBeNull();
  });

  it('hold when all of them hold', () => {
    const conditions = [{ field: 'goodsCategory', operator: 'eq', value: 3 }, { field: 'weightT', operator: 'gte', value: 10 }];
    expect(conditionsHold(conditions, { goodsCategory: [3], weightT: 12 })).toBe(true);
    expect(conditionsHold(conditions, { goodsCategory: [3], weightT: 9.5 })).toBe(false);
    expect(conditionsHold(null, {})).toBe(true);
  });
});

describe('compiled conditions', () => {
  it('answer exactly as the operators do, for every operator over single, several and absent values', () => {
    const facts = [null, 0, -0, 3, 3.5, 10, NaN, '3', '', '郑州', [3, 3], [3, 4], [], [null], [null, 3], [3, null], [3, '3'], ['3', 3], [4, '郑州'], [''], [NaN]] as const;
    const operands: Record<string, unknown[]> = {
      eq: [3, '3', '3.0', 0, NaN], ne: [3], in: [[3, 4], ['3'], [3, '4'], ['3.0'], [NaN]], notIn: [[3]], gt: [3, 0, '3'], gte: [3], lt: [3.5], lte: [3],
      between: [[3, 10], [0, 3]], contains: ['郑'], notContains: ['郑'], empty: [undefined], notEmpty: [undefined],
    };
    for (const [operator, values] of Object.entries(operands)) {
      for (const value of values) {
        const test = compileCondition({ field: 'f', operator, value: value as never });
        for (const fact of facts) expect(test({ f: fact as never }), `${operator} ${JSON.stringify(value)} on ${JSON.stringify(fact)}`).toBe(applyOperator(operator, fact as never, value as never));
      }
    }
  });
});

describe('choosing a rule', () => {
  it('takes the most specific: a line over a customer over a carrier over a business type over conditions', () => {
    const all = rule({ id: 1 });
    const withCondition = rule({ id: 2, conditions: [{ field: 'weightT', operator: 'gt', value: 1 }] });
    const businessType = rule({ id: 3, businessType: 1 });
    const carrier = rule({ id: 4, carrierId: 3 });
    const customer = rule({ id: 5, customerId: 7 });
    const line = rule({ id: 6, originProvince: '河南' });
    const facts = { weightT: 5 };
    const ranked = [all, withCondition, businessType, carrier, customer, line];
    for (let i = ranked.length; i > 0; i--) expect(chooseRule(ranked.slice(0, i), NOW, scope, facts)).toBe(ranked[i - 1]);
    expect(specificity(rule({ customerId: 7, carrierId: 3 }))).toBeGreaterThan(specificity(customer));
  });

  it('among equally specific rules, the higher priority, then the newer', () => {
    const a = rule({ id: 1, customerId: 7, priority: 2 });
    const b = rule({ id: 2, customerId: 7, priority: 1 });
    const c = rule({ id: 3, customerId: 7, priority: 1 });
    expect(chooseRule([b, a, c], NOW, scope, {})).toBe(a);
    expect(chooseRule([b, c], NOW, scope, {})).toBe(c);
  });

  it('ignores rules out of scope, stopped, or outside their dates (the last day counts whole)', () => {
    expect(chooseRule([rule({ customerId: 8 })], NOW, scope, {})).toBeNull();
    expect(chooseRule([rule({ destCity: '青岛' })], NOW, scope, {})).toBeNull();
    expect(chooseRule([rule({ status: 1 })], NOW, scope, {})).toBeNull();
    expect(validAt(rule({ validTo: shanghaiDateStart('2026-11-20') }), NOW)).toBe(true);
    expect(validAt(rule({ validTo: shanghaiDateStart('2026-11-19') }), NOW)).toBe(false);
    expect(validAt(rule({ validFrom: shanghaiDateStart('2026-11-21') }), NOW)).toBe(false);
  });

  it('judges a moment by the versions in force then', () => {
    const v = (version: number, validSince: number, validUntil: number | null, tempMax: number): RuleVersion =>
      ({ rule: rule({ id: 1, tempMax } as never), version, validSince, validUntil });
    const versions = [v(1, 100, 200, 4), v(2, 200, null, 8)];
    expect(rulesAt(versions, 150).map((r) => r.tempMax)).toEqual([4]);
    expect(rulesAt(versions, 200).map((r) => r.tempMax)).toEqual([8]);
    expect(rulesAt(versions, 99)).toEqual([]);
    expect(changesWithin(versions, 100, 300)).toEqual([200]);
  });
});

describe('what a preview reads', () => {
  it('the rules in force are those rulesAt gives, one list object per span between changes', () => {
    const [a, b, candidate] = [rule({ id: 1 }), rule({ id: 2 }), rule({ id: 3 })];
    const versions: RuleVersion[] = [{ rule: a, version: 1, validSince: 100, validUntil: 200 }, { rule: b, version: 1, validSince: 150, validUntil: null }];
    const at = rulesInForce(versions, [candidate]);
    for (const t of [50, 100, 120, 149, 150, 199, 200, 300]) expect(at(t), `at ${t}`).toEqual([...rulesAt(versions, t), candidate]);
    expect(at(120)).toBe(at(149));
    expect(at(150)).not.toBe(at(149));
  });

  it('the facts read are those the rules can test; a field it does not know reads everything', () => {
    const none = waybillPartsFor([rule({})]);
    expect(Object.values(none).some(Boolean)).toBe(false);
    expect(waybillPartsFor([rule({ originCity: '郑州' })]).nodes).toBe(true);
    expect(waybillPartsFor([rule({ customerId: 7 })]).customers).toBe(true);
    expect(waybillPartsFor([rule({ conditions: [{ field: 'weightT', operator: 'gt', value: 1 }] })]).goods).toBe(true);
    expect(waybillPartsFor([rule({ conditions: [{ field: 'distanceKm', operator: 'gt', value: 1 }] })])).toMatchObject({ nodes: true, distance: true, goods: false });
    expect(Object.values(waybillPartsFor([rule({ conditions: [{ field: 'somethingNew', operator: 'eq', value: 1 }] })])).every(Boolean)).toBe(true);
    expect(orderPartsFor([rule({ conditions: [{ field: 'loadHour', operator: 'gt', value: 8 }] })]).goods).toBe(false);
    expect(orderPartsFor([rule({ conditions: [{ field: 'goodsCategory', operator: 'eq', value: 3 }] })]).goods).toBe(true);
  });
});
