// Waybills signed off short (部分签收) for the deduction tests and the bad-input suite: the waybill is
// placed at 待签收 with a carrier's vehicle and signed through the API (so the sign-off's quantities are
// on its event, as a user leaves them), then completed on `day` with a payable fee.
import type { Database } from '../../server/db/port.ts';
import { recordEstimate } from '../../server/domain/settlement/fees/estimates.ts';
import { shanghaiDateStart as dayStart } from '../../server/resources/time.ts';
import { insertWaybill, placeAt, rowOf } from './waybill-fixture.ts';
import { partnerOf, priced } from './bill-fixtures.ts';

type Row = Record<string, any>;
type Caller = { post: (path: string, body?: unknown) => Promise<{ code: number; message: string; result: any }> };

export async function signedShort(db: Database, signer: Caller, o: { carrierId: number; day: string; payable: number; ruleId?: number; signed?: number; delivered?: number }) {
  const f = await insertWaybill(db);
  await placeAt(db, f, { status: 400, step: 12 }, o.carrierId);
  const version = (await rowOf(db, 'SELECT version FROM waybills WHERE id = ?', f.waybillId)).version;
  const r = await signer.post('/waybillAction/signOrder', { id: f.waybillId, version, signedQuantity: o.signed ?? 40, deliveredQuantity: o.delivered ?? 42 });
  if (r.code !== 1) throw new Error(`signOrder: ${r.message}`);
  await db.run('UPDATE waybill_nodes SET actual_leave_time = ? WHERE id = ?', [dayStart(o.day) + 12 * 3600_000, f.nodes.end]);
  await recordEstimate(db, 1, f.waybillId, 2, o.carrierId, priced(o.payable, o.ruleId ?? 1));
  return f;
}

/** Bodies for the bad-input suite (as admin): a short sign-off to share, and a share to cancel. */
export async function deductionFixtures(t: { db: Database; as: (u: string) => Promise<Caller> }) {
  const admin = await t.as('admin');
  const carrierId = await partnerOf(t.db, 'carrier');
  const open = await signedShort(t.db, admin, { carrierId, day: '2025-03-01', payable: 100_00 });
  const shared = await signedShort(t.db, admin, { carrierId, day: '2025-03-02', payable: 100_00 });
  const share = await admin.post('/carrierLossShare/saveOrUpdate', { waybillId: shared.waybillId, unitValue: 50_00, carrierAmount: 60_00, reason: '两袋破损' });
  if (share.code !== 1) throw new Error(share.message);
  const rule = await admin.post('/res/allowanceRule/save', { ruleName: '校验用司机补贴', kind: 1, basis: 1, amount: 30_00, validFrom: Date.UTC(2020, 0, 1), validUntil: Date.UTC(2030, 0, 1) });
  if (rule.code !== 1) throw new Error(rule.message);
  const done = await signedShort(t.db, admin, { carrierId, day: '2025-03-03', payable: 100_00 });
  const allowance = await rowOf(t.db, 'SELECT id, version FROM waybill_allowances WHERE waybill_id = ? AND kind = 1', done.waybillId);
  const bodies: Record<string, Row> = {
    '/carrierLossShare/page': {},
    '/carrierLossShare/saveOrUpdate': { waybillId: open.waybillId, lostQuantity: 2, unitValue: 50_00, carrierAmount: 60_00, reason: '两袋破损' },
    '/carrierLossShare/delete': { id: share.result.id, version: share.result.version },
    '/carrierLossShare/pageHistory': { id: share.result.id },
    '/allowanceInfo/ruleDropBox': {},
    '/allowanceInfo/confirm': { id: allowance.id, version: allowance.version },
  };
  const acceptedText: Record<string, string> = {
    '/carrierLossShare/saveOrUpdate reason': 'the reason of a loss share is free text, stored as typed',
    '/carrierLossShare/page waybillNo': 'a waybill number search: text matching no waybill lists nothing',
  };
  const acceptedNull: Record<string, string> = {
    '/carrierLossShare/saveOrUpdate lostQuantity': 'the sign-off\'s delivered less signed quantity',
    '/carrierLossShare/saveOrUpdate reason': 'no reason given',
    '/allowanceInfo/ruleDropBox kind': 'every kind',
  };
  // A signed-off waybill without a driver allowance yet, for the allowance's save baseline.
  return { bodies, acceptedText, acceptedNull, allowanceSave: { waybillNo: open.waybillNo, kind: 1, amount: 30_00 } };
}
