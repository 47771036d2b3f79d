// Baselines of the departure rules' own POST calls for the bad-input suite: a rule a save accepts,
// a waybill to check, and which of saveOrUpdateRule's fields take free text or null (it saves through
// the resource engine, so these are stored as typed, as the resource's own save stores them).
import type { TestApp } from './test-app.ts';

export async function departureRuleFixtures(t: Pick<TestApp, 'db'>) {
  const waybill = (await t.db.one<{ id: number }>('SELECT min(id) AS id FROM waybills WHERE corp_id = 1 AND is_deleted = 0', []))!;
  const rule = { ruleName: '坏输入发车规则', action: 2, conditions: [{ field: 'doorOpen', operator: 'ne', value: 1 }], message: '车门未关闭，不能离开装货地' };
  const save = '/departureRule/saveOrUpdateRule';
  const text = 'a departure rule\'s name, message, places and remark are free text, stored as typed (the resource\'s save)';
  const none = 'an optional field of a new departure rule: null leaves it empty';
  return {
    bodies: {
      [save]: rule,
      '/departureRule/checkRule': { waybillId: waybill.id, action: 2 },
      '/departureRule/preview': { rule },
    },
    acceptedText: Object.fromEntries(['ruleName', 'message', 'remark', 'originProvince', 'originCity', 'destProvince', 'destCity'].map((f) => [`${save} ${f}`, text])),
    acceptedNull: Object.fromEntries(['id', 'version', 'customerId', 'carrierId', 'businessType', 'originProvince', 'originCity', 'destProvince', 'destCity', 'validFrom', 'validTo', 'remark']
      .map((f) => [`${save} ${f}`, none]).concat([['/departureRule/preview id', 'a preview of a new rule (no rule it edits)']])),
  };
}
