// When a waybill counts in a settlement period: a completed waybill (500) by the moment the vehicle left
// the unloading place, its end node's actual leave time. Every completed waybill has it (sign-off comes
// only after leaving), the vehicle records it rather than a person typing it later, and it does not move
// when the receipt is reviewed. Bills (bills/create.ts) and pricing a period (fees/price-period.ts) use
// the same test, so what is priced for a month is what that month's bills take.
import { DAY_MS, shanghaiDateStart } from '../../resources/time.ts';

/** SQL over the waybill alias `w`, with two parameters: the period's bounds (periodBounds). */
export const COMPLETED_IN_PERIOD = `w.status = 500 AND EXISTS (SELECT 1 FROM waybill_nodes n WHERE n.waybill_id = w.id AND n.node_type = 'end'
  AND n.actual_leave_time >= ? AND n.actual_leave_time < ?)`;

/** The period 'YYYY-MM-DD'..'YYYY-MM-DD' (Asia/Shanghai days, both included) as [start, end) epoch ms. */
export const periodBounds = (from: string, to: string): [number, number] => [shanghaiDateStart(from), shanghaiDateStart(to) + DAY_MS];
