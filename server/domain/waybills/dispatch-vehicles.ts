// waybill/pageQueryVehicleInfo: the vehicles a dispatcher may send, as the 派车 picker shows them —
// plate, car model, capacity, carrier and own driver, and whether the vehicle is free (空闲) or
// already on a waybill (已派车 waiting for its driver or departure, 在途 on the road), with that
// waybill's number. A carrier user sees only its own carrier's vehicles.
import type { SessionUser } from '../../http/context.ts';
import { likePattern } from '../../resources/like.ts';
import { WaybillStatus } from '../workflow/waybill-machine.ts';
import { all, one, type Conn } from './sql.ts';

export interface VehiclePickInput {
  curPage?: number;
  pageSize?: number;
  vehicleNo?: string;
  id?: number;
  carrierId?: number;
}

interface VehicleRow {
  id: number;
  vehicleNo: string;
  carModelName: string | null;
  loadWeight: number | null;
  volume: number | null;
  carrierId: number | null;
  carrierName: string | null;
  driverId: number | null;
  driverName: string | null;
  waybillNo: string | null;
  waybillStatus: number | null;
}

/** Waybills that hold their vehicle: assigned and not yet finished. */
const HOLDING = [WaybillStatus.AWAITING_DRIVER, WaybillStatus.AWAITING_TRANSPORT, WaybillStatus.IN_TRANSIT];

const fmt = (n: number) => String(Math.round(n * 100) / 100);

function loadStateOf(status: number | null): { loadState: 0 | 1 | 2; loadStateStr: string } {
  if (status === WaybillStatus.IN_TRANSIT) return { loadState: 2, loadStateStr: '在途' };
  if (status !== null) return { loadState: 1, loadStateStr: '已派车' };
  return { loadState: 0, loadStateStr: '空闲' };
}

export async function dispatchVehicles(conn: Conn, user: SessionUser, input: VehiclePickInput) {
  const curPage = input.curPage ?? 1;
  const pageSize = input.pageSize ?? 50;
  const where = ['v.corp_id = ?', 'v.is_deleted = 0', 'v.status = 0'];
  const params: unknown[] = [user.corpId];
  if (user.userType === 2) (where.push('v.carrier_id = ?'), params.push(user.partnerId ?? -1));
  if (input.carrierId !== undefined) (where.push('v.carrier_id = ?'), params.push(input.carrierId));
  if (input.id !== undefined) (where.push('v.id = ?'), params.push(input.id));
  if (input.vehicleNo) (where.push(`v.vehicle_no LIKE ? ESCAPE '\\'`), params.push(likePattern(input.vehicleNo)));
  const cond = where.join(' AND ');
  const holding = HOLDING.join(', ');
  // The newest waybill holding the vehicle, if any (one vehicle may wait for two).
  // Ordered outside, where the free vehicles can be put first by the computed status on both engines.
  const rows = await all<VehicleRow>(conn, `SELECT * FROM (SELECT v.id, v.vehicle_no AS vehicleNo, m.model_name AS carModelName,
      coalesce(v.load_weight, m.load_weight_t) AS loadWeight, coalesce(v.volume, m.volume_m3) AS volume,
      v.carrier_id AS carrierId, cr.carrier_name AS carrierName, v.driver_id AS driverId, d.driver_name AS driverName,
      (SELECT w.waybill_no FROM waybills w WHERE w.vehicle_id = v.id AND w.is_deleted = 0 AND w.status IN (${holding}) ORDER BY w.id DESC LIMIT 1) AS waybillNo,
      (SELECT w.status FROM waybills w WHERE w.vehicle_id = v.id AND w.is_deleted = 0 AND w.status IN (${holding}) ORDER BY w.id DESC LIMIT 1) AS waybillStatus
    FROM vehicles v LEFT JOIN car_models m ON m.id = v.car_model_id LEFT JOIN carriers cr ON cr.id = v.carrier_id
    LEFT JOIN drivers d ON d.id = v.driver_id AND d.is_deleted = 0 AND d.status = 0
    WHERE ${cond}) picked ORDER BY waybillStatus IS NOT NULL, vehicleNo LIMIT ? OFFSET ?`, ...params, pageSize, (curPage - 1) * pageSize);
  const { n } = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM vehicles v WHERE ${cond}`, ...params))!;
  const data = rows.map(({ waybillStatus, ...r }) => {
    const state = loadStateOf(waybillStatus);
    const capacity = [r.loadWeight !== null ? `载重${fmt(r.loadWeight)}吨` : null, r.volume !== null ? `容积${fmt(r.volume)}方` : null].filter(Boolean).join(' ');
    return {
      ...r, ...state,
      capacityStr: capacity || '未填载重',
      // What the picker shows under the plate: model, capacity, carrier, state (with its waybill).
      description: [r.carModelName ?? '未填车型', capacity || '未填载重', r.carrierName, state.loadStateStr + (r.waybillNo ? ` ${r.waybillNo}` : '')].filter(Boolean).join(' · '),
    };
  });
  return { data, totalRecords: n, curPage, pageSize };
}
