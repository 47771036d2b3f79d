// Scope of the settlement tables in reports (scope `by: 'settlement'`, and wherever a report joins
// them: partner-scope.ts). A fee, bill or bill line is one side's: side 1 what a customer is charged,
// side 2 what a carrier is paid. Staff see the corporation's rows; a customer user (type 1) only its
// own receivables, a carrier user (type 2) only its own payables, so neither learns the other side's
// amounts (a customer never sees what the carrier is paid).
import type { SessionUser } from '../http/context.ts';
import { billScope } from '../domain/settlement/bills/scope.ts';
import { frag, type Frag } from './sql.ts';

/** The columns a table needs for the settlement scope. */
export const SETTLEMENT_SCOPE_COLUMNS = ['corp_id', 'side', 'party_id'] as const;

export function settlementScope(user: SessionUser, alias: string): Frag {
  if (user.userType === 1 || user.userType === 2) {
    return frag(`${alias}.corp_id = ? AND ${alias}.side = ? AND ${alias}.party_id = ?`, user.corpId, user.userType === 2 ? 2 : 1, user.partnerId ?? -1);
  }
  return frag(`${alias}.corp_id = ?`, user.corpId);
}

/** The scope of a settlement table: bills as the bill lists scope them (a partner sees a bill once sent, never a deleted one). */
export function settlementScopeOf(table: string | undefined, user: SessionUser, alias: string): Frag {
  if (table !== 'bills') return settlementScope(user, alias);
  const w = billScope(user, alias);
  return frag(w.sql.join(' AND '), ...w.params);
}
