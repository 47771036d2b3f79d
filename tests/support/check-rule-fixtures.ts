// Baselines of the check rules' own POST calls for the bad-input suite: a rule a save accepts, and a waybill
// held at its entry check with a passing answer. The rule is scoped to a customer made here for it, so no
// other fixture's waybill is held by it. check/rule/update saves through the resource engine: its free text is
// stored as typed and null leaves an optional field empty, as the resource's own save does.
import type { TestApp } from './test-app.ts';
import { insertWaybill, placeAt } from './waybill-fixture.ts';

export async function checkRuleFixtures(t: TestApp) {
  const admin = await t.as('admin');
  const customer = await admin.post('/res/customer/save', { customerCode: 'CHECK01', customerName: '检查规则基线客户' });
  if (customer.code !== 1) throw new Error(`/res/customer/save: ${customer.message}`);
  const questions = [{ question: '车厢是否清洁', answerKind: 1, required: true, passAnswer: 1 }, { question: '备注', answerKind: 3 }];
  const rule = { ruleName: '基线检查规则', checkType: 1, customerId: customer.result.id, questions };
  const saved = await admin.post('/check/rule/update', rule);
  if (saved.code !== 1) throw new Error(`/check/rule/update: ${saved.message}`);
  const carrierId = (await t.db.one<{ id: number }>("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'", []))!.id;
  const f = await insertWaybill(t.db, { customerId: customer.result.id, carrierId });
  await placeAt(t.db, f, { status: 400, step: 6 }, carrierId);
  const update = '/check/rule/update';
  const text = 'a check rule\'s name, places and remark are free text, stored as typed (the resource\'s save)';
  const none = 'an optional field of a new check rule: null leaves it empty';
  return {
    bodies: {
      [update]: { ...rule, ruleName: '基线检查规则二' },
      '/check/rule/active': { id: saved.result.id, status: 1, version: 1 },
      '/check/rule/preview': { rule },
      '/waybill/check/flag': { waybillId: f.waybillId, checkType: 1, answers: [{ seq: 1, answer: 1 }, { seq: 2, answer: '已消毒' }] },
    },
    acceptedText: Object.fromEntries(['ruleName', 'remark', 'originProvince', 'originCity', 'destProvince', 'destCity'].map((f) => [`${update} ${f}`, text])),
    acceptedNull: Object.fromEntries(['id', 'version', 'customerId', 'carrierId', 'businessType', 'originProvince', 'originCity', 'destProvince', 'destCity', 'conditions', 'validFrom', 'validTo', 'remark']
      .map((f) => [`${update} ${f}`, none]).concat([['/check/rule/preview id', 'a preview of a new rule (no rule it edits)']])),
  };
}
