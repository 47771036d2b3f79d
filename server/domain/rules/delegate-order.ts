// Which carrier a new order goes to by the delegate rules (docs/rules.md "Delegate rules"): the most
// specific rule in force at the order's creation, and of its carriers the first that is enabled (状态
// 启用, not deleted) now. No rule, or none of its carriers enabled: no delegation, as without rules.
import type { Conn } from '../../resources/statements.ts';
import { all } from '../../resources/statements.ts';
import { orderRuleAt } from './order-rules.ts';
import { delegateRuleType, type DelegateRuleRecord } from './types/delegate.ts';

export interface Delegation {
  rule: DelegateRuleRecord;
  carrier: { id: number; name: string };
}

/** Of `ids`, in their order, the first carrier of the corporation that is enabled; null if none is. */
export async function firstEnabledCarrier(conn: Conn, corpId: number, ids: readonly number[]): Promise<Delegation['carrier'] | null> {
  if (!ids.length) return null;
  const rows = await all<{ id: number; name: string }>(conn,
    `SELECT id, carrier_name AS name FROM carriers WHERE corp_id = ? AND is_deleted = 0 AND status = 0 AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids);
  const enabled = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) if (enabled.has(id)) return enabled.get(id)!;
  return null;
}

/** The rule and carrier an order is delegated to at `at` (its creation), or null. */
export async function delegationFor(conn: Conn, corpId: number, orderId: number, at: number): Promise<Delegation | null> {
  const rule = await orderRuleAt<DelegateRuleRecord>(conn, corpId, delegateRuleType.key, orderId, at);
  if (!rule) return null;
  const carrier = await firstEnabledCarrier(conn, corpId, delegateRuleType.effectOf(rule).carrierIds);
  return carrier ? { rule, carrier } : null;
}
