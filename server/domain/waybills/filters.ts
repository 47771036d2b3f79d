// The filters of the waybill list and its tab counts (waybill/pageQueryByCondition and
// getWaybillNumberByCondition share one input, server/routes/waybill.ts), as SQL on waybills `w`.
import type { Dialect } from '../../db/port.ts';
import type { SessionUser } from '../../http/context.ts';
import { numberContains } from './number-search.ts';
import { waybillScope, type Where } from './scope.ts';

export const SORTABLE = { createdAt: 'created_at', updatedAt: 'updated_at', waybillNo: 'waybill_no' } as const;

export interface WaybillQuery {
  curPage?: number;
  pageSize?: number;
  sorts?: { field: keyof typeof SORTABLE; order?: 'asc' | 'desc' }[];
  waybillNo?: string;
  status?: number[];
  step?: number[];
  /** A business line's types (spec section 3 groups). */
  businessType?: number[];
  carrierId?: number;
  vehicleId?: number;
  /** [from, to], both inclusive epoch ms; either may be null for an open end. */
  createdAt?: (number | null)[];
}

export const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
export const placeholders = (values: unknown[]) => values.map(() => '?').join(', ');

/** Scope and filters; the status tabs leave out the status filter (each tab is one status). */
export function filterWhere(dialect: Dialect, user: SessionUser, q: WaybillQuery, withStatus = true): Where {
  const where = waybillScope(user);
  const add = (sql: string, ...params: unknown[]) => (where.sql.push(sql), where.params.push(...params));
  if (!blank(q.waybillNo)) {
    const match = numberContains(dialect, 'w', user.corpId, q.waybillNo!);
    add(match.sql, ...match.params);
  }
  if (withStatus && !blank(q.status)) add(`w.status IN (${placeholders(q.status!)})`, ...q.status!);
  if (!blank(q.step)) add(`w.step IN (${placeholders(q.step!)})`, ...q.step!);
  if (!blank(q.businessType)) add(`w.business_type IN (${placeholders(q.businessType!)})`, ...q.businessType!);
  if (!blank(q.carrierId)) add('w.carrier_id = ?', q.carrierId);
  if (!blank(q.vehicleId)) add('w.vehicle_id = ?', q.vehicleId);
  const [from, to] = q.createdAt ?? [];
  if (!blank(from)) add('w.created_at >= ?', from);
  if (!blank(to)) add('w.created_at <= ?', to);
  return where;
}
