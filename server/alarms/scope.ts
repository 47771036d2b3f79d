// Which alarms a user may see and handle: the corporation's; a carrier user (type 2) those of its
// carrier's vehicles and waybills; a customer user (type 1) those raised on waybills carrying its
// customer's orders. Unconfirmed alarms (shorter than their rule's minimum so far) are nobody's.
import type { SessionUser } from '../http/context.ts';

export interface Where {
  sql: string;
  params: unknown[];
}

export function alarmScope(user: SessionUser, alias = 'a'): Where {
  const base = `${alias}.corp_id = ? AND ${alias}.confirmed = 1`;
  if (user.userType === 2) return { sql: `${base} AND ${alias}.carrier_id = ?`, params: [user.corpId, user.partnerId ?? -1] };
  if (user.userType === 1) {
    return {
      sql: `${base} AND ${alias}.waybill_id IN (SELECT swo.waybill_id FROM orders so JOIN waybill_orders swo ON swo.order_id = so.id
        WHERE so.corp_id = ? AND so.is_deleted = 0 AND so.customer_id = ?)`,
      params: [user.corpId, user.corpId, user.partnerId ?? -1],
    };
  }
  return { sql: base, params: [user.corpId] };
}
