// Scope of a summary table (report scope `by: 'summary'`, e.g. waybill_day_stats): the rows of the
// user's corporation and, for a carrier user (type 2), only its own carrier's rows. A summary keeps
// no customer dimension (one waybill may carry orders of several customers), so it cannot be cut to
// a customer user's (type 1) waybills: such a user is refused (104) rather than shown sums that
// include other customers' waybills. docs/decisions.md "Report summary tables".
import type { SessionUser } from '../http/context.ts';
import { forbidden } from '../http/envelope.ts';
import { frag, type Frag } from './sql.ts';

/** The summary tables: scoped so wherever a report joins them (partner-scope.ts), not only as its scope. */
export const SUMMARY_TABLES = ['waybill_day_stats'] as const;

/** The columns a summary table needs for its scope. */
export const SUMMARY_SCOPE_COLUMNS = ['corp_id', 'carrier_id'] as const;

export function summaryScope(user: SessionUser, alias: string): Frag {
  if (user.userType === 1) throw forbidden();
  if (user.userType === 2) return frag(`${alias}.corp_id = ? AND ${alias}.carrier_id = ?`, user.corpId, user.partnerId ?? -1);
  return frag(`${alias}.corp_id = ?`, user.corpId);
}
