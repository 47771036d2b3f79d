// Baselines of the stowage rules' and auto-stowage's own POST calls for the bad-input suite: a rule a
// save accepts, and a pending proposal to adopt or reject. The proposal's rule covers one customer no
// other fixture orders for, so the run leaves every other fixture's orders free.
import type { TestApp } from './test-app.ts';

type Row = Record<string, any>;

export async function stowageRuleFixtures(t: TestApp) {
  const admin = await t.as('admin');
  const ok = async (path: string, body: Row) => {
    const r = await admin.post(path, body);
    if (r.code !== 1) throw new Error(`${path}: ${r.message}`);
    return r.result;
  };
  const customer = (await t.db.one<{ id: number }>('SELECT max(id) AS id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND status = 0', []))!;
  const vehicle = (await t.db.one<{ id: number; carrierId: number; carModelId: number | null }>(`SELECT v.id, v.carrier_id AS "carrierId", v.car_model_id AS "carModelId" FROM vehicles v
    JOIN drivers d ON d.id = v.driver_id WHERE v.corp_id = 1 AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND v.carrier_id IS NOT NULL ORDER BY v.id DESC LIMIT 1`, []))!;
  const model = vehicle.carModelId ?? (await t.db.one<{ id: number }>('SELECT min(id) AS id FROM car_models WHERE corp_id = 1 AND is_deleted = 0', []))!.id;
  await t.db.run('UPDATE vehicles SET car_model_id = ?, load_weight = 1000 WHERE id = ?', [model, vehicle.id]);
  // The demo's stowage rules stand aside: the run proposes this fixture's order only.
  await t.db.run("DELETE FROM rule_versions WHERE rule_type = 'stowage'", []);
  const rule = { ruleName: '基线配载规则', vehicleCarrierId: vehicle.carrierId, carModelIds: [model], maxOrders: 5, maxLoadRate: 100 };
  await ok('/stowageRule/saveOrUpdate', { ...rule, ruleName: '基线配载规则（已存）', customerId: customer.id });
  await ok('/orderInfo/save', { customerId: customer.id, businessType: 1, shipperAreaId: 1, receiverAreaId: 3, goods: [{ goodsName: '配载货物', quantity: 1, unit: '件', weight: 1 }] });
  const run = await ok('/orderStowageTask/autoStowage', {});
  const pending = (await ok('/orderStowageTask/autoStowageList', { runId: run.runId, status: [2] })).data[0];
  if (!pending) throw new Error('stowage fixture: the run proposed nothing');
  const save = '/stowageRule/saveOrUpdate';
  const text = 'a stowage rule\'s name, places and remark are free text, stored as typed (the resource\'s save)';
  const none = 'an optional field of a new stowage rule: null leaves it empty';
  return {
    bodies: {
      [save]: rule,
      '/stowageRule/preview': { rule },
      '/orderStowageTask/autoStowage': {},
      '/orderStowageTask/autoStowageList': {},
      '/orderStowageTask/adoptProposal': { id: pending.id, version: pending.version },
      '/orderStowageTask/rejectProposal': { id: pending.id, version: pending.version },
      '/orderStowageTask/endAutoStowage': { id: pending.id, version: pending.version },
    } as Record<string, Row>,
    acceptedText: Object.fromEntries(['ruleName', 'remark', 'originProvince', 'originCity', 'destProvince', 'destCity'].map((f) => [`${save} ${f}`, text])),
    acceptedNull: Object.fromEntries(['id', 'version', 'customerId', 'businessType', 'originProvince', 'originCity', 'destProvince', 'destCity', 'conditions', 'runTimes', 'validFrom', 'validTo', 'remark']
      .map((f) => [`${save} ${f}`, none]).concat([['/stowageRule/preview id', 'a preview of a new rule (no rule it edits)']])),
  };
}
