// The delegate rules' calls in tests/bad-input.test.ts: their baseline bodies (an order for find),
// and which values they take as they come. /delegate/rule/save is a resource save or, with id and
// version, an update: its free text is stored as typed and null clears an optional field, as the
// resource's own save does.
import type { TestApp } from './test-app.ts';
import { ORDER_BODY } from './order-fixtures.ts';

type Row = Record<string, any>;

export async function delegateRuleFixtures(t: TestApp) {
  const admin = await t.as('admin');
  const order = await admin.post('/orderInfo/save', ORDER_BODY);
  if (order.code !== 1) throw new Error(`/orderInfo/save: ${order.message}`);
  const rule = { ruleName: '基线委托规则', delegateCarrierId: 1 };
  const bodies: Record<string, Row> = {
    '/delegate/rule/save': rule,
    '/delegate/rule/unique': { ruleName: '基线委托规则' },
    '/delegate/rule/find': { orderId: order.result.id },
    '/delegate/rule/preview': { rule },
  };
  const stored = 'a rule\'s free text, stored as typed (as the resource\'s own save stores it)';
  const acceptedText: Record<string, string> = {
    ...Object.fromEntries(['ruleName', 'originProvince', 'originCity', 'destProvince', 'destCity', 'remark'].map((f) => [`/delegate/rule/save ${f}`, stored])),
    '/delegate/rule/unique ruleName': 'a name to check: such text is a name like any other, answered true (free)',
  };
  const cleared = 'null clears an optional field of the rule (the resource save\'s own rule)';
  const acceptedNull: Record<string, string> = {
    ...Object.fromEntries(['customerId', 'businessType', 'originProvince', 'originCity', 'destProvince', 'destCity', 'conditions', 'backupCarrierIds', 'validFrom', 'validTo', 'remark']
      .map((f) => [`/delegate/rule/save ${f}`, cleared])),
    '/delegate/rule/unique id': 'no rule being edited: every live rule counts',
  };
  return { bodies, acceptedText, acceptedNull };
}
