// Bodies for the bad-input suite: the freight-estimation calls (financialFee/assignVehicleFee …), each
// a valid baseline on a waybill of its own, with a vehicle, a carrier, a customer and two places of the demo.
import type { Database } from '../../server/db/port.ts';
import { insertWaybill, rowOf, vehicleOf } from './waybill-fixture.ts';

export async function estimateFixtures(t: { db: Database }) {
  const carrierId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p as number;
  const customerId = (await rowOf(t.db, "SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p as number;
  const vehicle = await vehicleOf(t.db, carrierId);
  const f = await insertWaybill(t.db, { customerId });
  const areas = await t.db.all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 2', []);
  const form = { originAreaId: areas[0].id, destAreaId: areas[1].id, businessType: 1, customerId, goods: [{ quantity: 10, weight: 10, volume: 12 }], tempMin: 0, tempMax: 8 };
  const bodies: Record<string, Record<string, unknown>> = {
    '/financialFee/assignVehicleFee': { waybillId: f.waybillId, vehicleId: vehicle.id },
    '/financialFee/delegateFee': { waybillId: f.waybillId, carrierId },
    '/financialFee/changeFee': { waybillId: f.waybillId, ...form, vehicleId: vehicle.id },
    '/financialFee/changeFeeForNew': { ...form, vehicleId: vehicle.id },
    '/financialFee/delegateFeeForNew': { ...form, carrierId },
    '/settlement/estimatedList': { orderKind: [2], side: [2], partyName: '运', waybillNo: 'YD', period: [0, Date.now()] },
    '/settlement/formalList': { orderKind: [1], side: [2], partyName: '运', billNo: 'ZD', billStatus: [2], period: [0, Date.now()] },
  };
  const acceptedText: Record<string, string> = {
    '/settlement/estimatedList partyName': 'a search text: text matching no party lists nothing',
    '/settlement/estimatedList waybillNo': 'a search text: text matching no waybill lists nothing',
    '/settlement/formalList partyName': 'a search text: text matching no party lists nothing',
    '/settlement/formalList waybillNo': 'a search text: text matching no waybill lists nothing',
    '/settlement/formalList billNo': 'a search text: text matching no bill lists nothing',
  };
  return { bodies, acceptedText };
}
