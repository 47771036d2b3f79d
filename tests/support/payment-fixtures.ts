// Payments in each status for the bad-input suite (logged in as admin): generated through the API from
// completed waybills with a payable fee, then set to the status each step needs (the steps themselves
// are tested in tests/settlement-payments.test.ts).
import type { Database } from '../../server/db/port.ts';
import { completedWaybill, partnerOf } from './bill-fixtures.ts';
import { rowOf } from './waybill-fixture.ts';

type Row = Record<string, any>;
type Caller = { post: (path: string, body?: unknown) => Promise<{ code: number; message: string; result: any }> };

export async function paymentFixtures(t: { db: Database; as: (u: string) => Promise<Caller> }) {
  const admin = await t.as('admin');
  const carrierId = await partnerOf(t.db, 'carrier');
  let n = 0;
  const waybill = () => completedWaybill(t.db, { carrierId, day: `2025-03-${String(++n).padStart(2, '0')}`, payable: 100_00 });
  const at = async (status: number, processStatus: number | null = null) => {
    const w = await waybill();
    const r = await admin.post('/payment/generate', { waybillId: w.waybillId });
    if (r.code !== 1) throw new Error(`/payment/generate: ${r.message}`);
    const p = await rowOf(t.db, 'SELECT id FROM waybill_payments WHERE waybill_id = ?', w.waybillId);
    await t.db.run(`UPDATE waybill_payments SET status = ?, process_status = ?, attempts = ?, payee_name = '张三', bank_name = '中国银行', bank_account = '6228480012345678'
      WHERE id = ?`, [status, processStatus, processStatus ? 1 : 0, p.id]);
    const driverId = (await rowOf(t.db, 'SELECT driver_id AS d FROM waybills WHERE id = ?', w.waybillId)).d;
    await t.db.run("UPDATE drivers SET id_card = '110101199003074257', license_type = 'A2' WHERE id = ?", [driverId]);
    return { id: p.id as number, version: 1 };
  };
  const unpaid = await waybill();
  const bodies: Record<string, Row> = {
    '/payment/getPaymentList': {},
    '/payment/getPaymentCount': {},
    '/payment/generate': { waybillId: unpaid.waybillId },
    '/payment/certify': await at(1),
    '/payment/saveAccount': { ...(await at(2)), payeeName: '李四', bankName: '中国建设银行', bankAccount: '6217000012345678' },
    '/payment/sign': { ...(await at(3)), agreed: true },
    '/payment/apply': await at(4),
    '/payment/complianceCheck': await at(5),
    '/payment/supplyEvidence': { ...(await at(6)), evidence: '司机手机导航记录' },
    '/payment/retry': await at(7, 3),
    '/payment/query': await at(7, 2),
  };
  const acceptedText: Record<string, string> = {
    '/payment/saveAccount payeeName': 'a payee name is stored as typed',
    '/payment/saveAccount bankName': 'a bank name is stored as typed',
    '/payment/supplyEvidence evidence': 'evidence is free text, stored as typed',
    '/payment/getPaymentList waybillNo': 'a waybill number search: text matching no payment lists nothing',
    '/payment/getPaymentCount waybillNo': 'a waybill number search: text matching no payment counts nothing',
  };
  return { bodies, acceptedText };
}
