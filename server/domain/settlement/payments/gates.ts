// What each payment step checks before it moves (docs/state-machines.md "Payment"): the driver's papers
// in base data (核验证件), and the compliance checks before money goes out (合规校验): the waybill is
// completed, the vehicle left a track during the trip, and the payable fee is above zero. Each check
// answers the Chinese reason it failed, so the payment shows the carrier what to supply.
import { one, type Conn } from '../../../resources/statements.ts';
import { feeOf, FeeSide } from '../fees/store.ts';

const COMPLETED = 500;

/** 核验证件: the waybill's driver with an ID card number and a licence type in 司机管理; null when they are there. */
export async function certificateProblem(conn: Conn, driverId: number | null): Promise<string | null> {
  if (driverId === null) return '运单未指定司机，无法核验证件';
  const d = await one<{ idCard: string | null; licenseType: string | null }>(conn,
    'SELECT id_card AS "idCard", license_type AS "licenseType" FROM drivers WHERE id = ? AND is_deleted = 0', driverId);
  if (!d) return '司机不存在，无法核验证件';
  const missing = [!d.idCard?.trim() && '身份证号', !d.licenseType?.trim() && '准驾车型'].filter(Boolean);
  return missing.length ? `司机${missing.join('、')}未填写，请在司机管理中完善` : null;
}

export interface Compliance {
  problems: string[];
  /** The payable fee now (fen): what is paid when the checks pass. */
  amount: number;
}

/**
 * 合规校验. The track must fall in the trip: from the vehicle's arrival at the first node (else its
 * departure from it) to its departure from the last; a stored track chunk overlapping that window counts.
 */
export async function complianceOf(conn: Conn, waybillId: number): Promise<Compliance> {
  const problems: string[] = [];
  const w = await one<{ status: number; vehicleId: number | null }>(conn, 'SELECT status, vehicle_id AS "vehicleId" FROM waybills WHERE id = ?', waybillId);
  if (w?.status !== COMPLETED) problems.push('运单未完成');
  const trip = await one<{ from: number | null; to: number | null }>(conn,
    `SELECT (SELECT coalesce(n.actual_arrive_time, n.actual_leave_time) FROM waybill_nodes n WHERE n.waybill_id = ? ORDER BY n.seq LIMIT 1) AS "from",
            (SELECT n.actual_leave_time FROM waybill_nodes n WHERE n.waybill_id = ? ORDER BY n.seq DESC LIMIT 1) AS "to"`, waybillId, waybillId);
  const track = w?.vehicleId && trip?.from != null && trip.to != null
    ? await one(conn, 'SELECT 1 AS x FROM track_chunks WHERE vehicle_id = ? AND first_ms <= ? AND end_ms >= ? LIMIT 1', w.vehicleId, trip.to, trip.from)
    : undefined;
  if (!track) problems.push('运单无行驶轨迹');
  const fee = await feeOf(conn, waybillId, FeeSide.PAYABLE);
  if (!fee || fee.amount <= 0) problems.push('应付运费须大于0');
  return { problems, amount: fee?.amount ?? 0 };
}
