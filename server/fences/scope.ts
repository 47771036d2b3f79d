// Which fences a user may see and edit. Staff: every fence of the corporation. Customer users
// (type 1): the corporation's own fences (no customer: depots, hubs) and their customer's.
// Carrier users (type 2): the corporation's own fences and those on the routes of the waybills
// given to their carrier. Edits: staff any; a customer user only its customer's; carriers none.
// Anything outside reads as "not found", so an id reveals nothing.
import type { SessionUser } from '../http/context.ts';

export interface Where {
  sql: string;
  params: unknown[];
}

/** Visibility of `alias` (an areas row), deleted fences included: the caller decides about those. */
export function fenceReadScope(user: SessionUser, alias = 'a'): Where {
  const corp = `${alias}.corp_id = ?`;
  if (user.userType === 1) {
    return { sql: `${corp} AND (${alias}.customer_id IS NULL OR ${alias}.customer_id = ?)`, params: [user.corpId, user.partnerId ?? -1] };
  }
  if (user.userType === 2) {
    return {
      sql: `${corp} AND (${alias}.customer_id IS NULL OR ${alias}.id IN (SELECT n.area_id FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id
        WHERE w.corp_id = ? AND w.is_deleted = 0 AND w.carrier_id = ?))`,
      params: [user.corpId, user.corpId, user.partnerId ?? -1],
    };
  }
  return { sql: corp, params: [user.corpId] };
}

/** The fences a user may edit. */
export function fenceWriteScope(user: SessionUser, alias = 'a'): Where {
  if (user.userType === 1) return { sql: `${alias}.corp_id = ? AND ${alias}.customer_id = ?`, params: [user.corpId, user.partnerId ?? -1] };
  if (user.userType === 2) return { sql: '0', params: [] };
  return { sql: `${alias}.corp_id = ?`, params: [user.corpId] };
}
