// Deductions (table waybill_deductions, docs/settlement.md "Deductions"): what is taken off a party's fee
// for one waybill. Every writer goes through addDeduction / cancelDeduction, which keep the waybill's
// line on a bill still being prepared in step (bills/lines.ts refreshDraftLine); on a frozen bill the
// next bill of the party carries the difference (bills/create.ts adjustmentLines).
import { all, one, run, type Conn } from '../../../resources/statements.ts';
import { refreshDraftLine } from '../bills/lines.ts';

export const DeductionKind = { LOSS_SHARE: 1, ALARM: 2, LATE: 3, OTHER: 4 } as const;
export const DEDUCTION_KIND_NAMES: Record<number, string> = { 1: '货损分摊', 2: '告警扣款', 3: '晚到扣款', 4: '其他' };

/** A bill line's key: one waybill's fee for one side and party. */
export interface LineKey {
  corpId: number;
  side: number;
  partyId: number;
  waybillId: number;
}

export interface NewDeduction extends LineKey {
  kind: number;
  /** Fen, > 0. */
  amount: number;
  reason: string | null;
  /** Where it came from: `lossShare:<id>`, `alarm:<id>`, `late:<rule id>`; unique among live deductions. */
  source: string;
}

/** The sum of the live deductions of one waybill for one side and party, in fen. */
export async function liveDeductions(conn: Conn, key: LineKey): Promise<number> {
  const r = await one<{ total: number | null }>(conn,
    'SELECT sum(amount) AS total FROM waybill_deductions WHERE corp_id = ? AND side = ? AND party_id = ? AND waybill_id = ? AND is_deleted = 0',
    key.corpId, key.side, key.partyId, key.waybillId);
  return Number(r?.total ?? 0);
}

export async function addDeduction(conn: Conn, d: NewDeduction, userId: number, now: number): Promise<number> {
  // Whole fen above zero: a programming error otherwise (the callers' inputs are checked before).
  if (!Number.isSafeInteger(d.amount) || d.amount <= 0) throw new Error(`deduction amount must be whole fen > 0, got ${d.amount}`);
  const id = await conn.insert(
    `INSERT INTO waybill_deductions (corp_id, waybill_id, side, party_id, kind, amount, reason, source, created_by, created_at, updated_by, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [d.corpId, d.waybillId, d.side, d.partyId, d.kind, d.amount, d.reason, d.source, userId, now, userId, now]);
  await refreshDraftLine(conn, d, userId, now);
  return id;
}

/** Cancels the live deduction of `source`, if any. */
export async function cancelDeduction(conn: Conn, corpId: number, source: string, userId: number, now: number): Promise<void> {
  const d = await one<LineKey & { id: number }>(conn,
    `SELECT id, corp_id AS "corpId", side, party_id AS "partyId", waybill_id AS "waybillId" FROM waybill_deductions
      WHERE corp_id = ? AND source = ? AND is_deleted = 0`, corpId, source);
  if (!d) return;
  await run(conn, 'UPDATE waybill_deductions SET is_deleted = 1, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?', userId, now, d.id);
  await refreshDraftLine(conn, d, userId, now);
}

/** A source ever used (live or cancelled): a computed deduction a person cancelled is not made again. */
export const sourceUsed = async (conn: Conn, corpId: number, source: string) =>
  !!(await one(conn, 'SELECT id FROM waybill_deductions WHERE corp_id = ? AND source = ?', corpId, source));

export const deductionsOfWaybill = (conn: Conn, corpId: number, waybillId: number) =>
  all<{ id: number; side: number; partyId: number; kind: number; amount: number; reason: string | null; source: string; createdAt: number }>(conn,
    `SELECT id, side, party_id AS "partyId", kind, amount, reason, source, created_at AS "createdAt" FROM waybill_deductions
      WHERE corp_id = ? AND waybill_id = ? AND is_deleted = 0 ORDER BY id`, corpId, waybillId);
