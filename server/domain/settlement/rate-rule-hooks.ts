// A rate rule (docs/settlement.md "Rate rules"): the rules between its fields are the resource file's
// x-checks (tiers by the shared tiered-range rule, x-tiered); here what needs the database: the rule
// takes its contract's parties (the scoping columns), and its fee items must be live fee items.
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { formatYuan } from '../../../schemas/keywords/money.ts';

type Rec = Record<string, unknown>;

async function copyParties(conn: Conn, corpId: number, record: Rec) {
  if (record.contractId === undefined) return;
  const parties = await one<{ customerId: number | null; carrierId: number | null }>(conn,
    'SELECT customer_id AS "customerId", carrier_id AS "carrierId" FROM contracts WHERE corp_id = ? AND id = ?', corpId, record.contractId);
  record.customerId = parties?.customerId ?? null;
  record.carrierId = parties?.carrierId ?? null;
}

async function checkFeeItems(conn: Conn, corpId: number, feeItems: unknown) {
  if (!Array.isArray(feeItems) || feeItems.length === 0) return;
  const ids = [...new Set(feeItems.map((f: Rec) => f.feeItemId as number))];
  const found = await all<{ id: number }>(conn,
    `SELECT id FROM fee_items WHERE corp_id = ? AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids);
  if (found.length !== ids.length) throw invalid('附加费：所选费用项目不存在', { field: 'feeItems' });
  if (ids.length !== feeItems.length) throw invalid('附加费：同一费用项目不能重复', { field: 'feeItems' });
}

export function rateRuleHooks(conn: Conn): ResourceHooks {
  return {
    async beforeInsert({ user }, record) {
      await copyParties(conn, user.corpId, record);
      await checkFeeItems(conn, user.corpId, record.feeItems);
    },
    async beforeUpdate({ user }, changes) {
      await copyParties(conn, user.corpId, changes);
      await checkFeeItems(conn, user.corpId, changes.feeItems);
    },
    afterList: (rows) => describeFeeItems(conn, rows),
    afterRead: (row) => describeFeeItems(conn, [row]),
  };
}

/** 附加费 as a reader sees it: "装卸费 ¥50.00、等待费 ¥30.00" (feeItemsText, a derived field). */
export async function describeFeeItems(conn: Conn, rows: Rec[]) {
  const ids = [...new Set(rows.flatMap((r) => (Array.isArray(r.feeItems) ? (r.feeItems as Rec[]).map((f) => f.feeItemId as number) : [])))];
  const names = new Map<number, string>();
  if (ids.length) {
    for (const r of await all<{ id: number; name: string }>(conn, `SELECT id, fee_name AS name FROM fee_items WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids)) names.set(r.id, r.name);
  }
  for (const row of rows) {
    const items = Array.isArray(row.feeItems) ? (row.feeItems as Rec[]) : [];
    row.feeItemsText = items.map((f) => `${names.get(f.feeItemId as number) ?? '已删除的费用项目'} ${formatYuan(f.amount as number)}`).join('、') || null;
  }
}
