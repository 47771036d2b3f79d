// The waybill fees' rows (table waybill_fees) and their history (record_history, resource 'waybillFee'):
// one fee per waybill and side, each change a new version with a history row saying what changed.
import type { SessionUser } from '../../../http/context.ts';
import { all, one, run, type Conn } from '../../../resources/statements.ts';

export const FeeSide = { RECEIVABLE: 1, PAYABLE: 2 } as const;
export const FeeState = { ESTIMATED: 1, OVERRIDDEN: 2 } as const;
export const SIDE_NAMES: Record<number, string> = { 1: '应收', 2: '应付' };
export const PARTY_NAMES: Record<number, string> = { 1: '客户', 2: '承运商' };

export interface FeeRow {
  id: number;
  corpId: number;
  waybillId: number;
  side: number;
  partyId: number;
  amount: number;
  lines: string | null;
  ruleId: number | null;
  state: number;
  overrideReason: string | null;
  version: number;
}

/** Who wrote a change: a user, or the system estimating on a waybill's dispatch. */
export interface Writer {
  userId: number;
  name: string;
}
export const SYSTEM_WRITER: Writer = { userId: 0, name: '系统预估' };
export const writerOf = (user: SessionUser): Writer => ({ userId: user.userId, name: user.realName || user.userName });

export const FEE_COLUMNS_SQL = `id, corp_id AS "corpId", waybill_id AS "waybillId", side, party_id AS "partyId", amount, lines, rule_id AS "ruleId",
  state, override_reason AS "overrideReason", version`;

export const feeOf = (conn: Conn, waybillId: number, side: number) =>
  one<FeeRow>(conn, `SELECT ${FEE_COLUMNS_SQL} FROM waybill_fees WHERE waybill_id = ? AND side = ? AND is_deleted = 0`, waybillId, side);

export const feesOfWaybill = (conn: Conn, waybillId: number) =>
  all<FeeRow>(conn, `SELECT ${FEE_COLUMNS_SQL} FROM waybill_fees WHERE waybill_id = ? AND is_deleted = 0 ORDER BY side`, waybillId);

const TITLES: Record<string, string> = { partyId: '结算对象', amount: '金额（分）', ruleId: '计价规则', state: '费用状态', overrideReason: '调整原因' };

export type FeeValues = Pick<FeeRow, 'partyId' | 'amount' | 'lines' | 'ruleId' | 'state' | 'overrideReason'>;

/** A new fee at version 1, with its 'create' history row. */
export async function insertFee(conn: Conn, corpId: number, waybillId: number, side: number, v: FeeValues, by: Writer, now: number): Promise<FeeRow> {
  await insertFees(conn, corpId, [{ waybillId, side, values: v }], by, now);
  return (await feeOf(conn, waybillId, side))!;
}

/** New fees at version 1 with their 'create' history rows (a month priced at once: one statement shape, many rows). */
export async function insertFees(conn: Conn, corpId: number, fees: { waybillId: number; side: number; values: FeeValues }[], by: Writer, now: number): Promise<void> {
  const ids = await conn.insertRows(
    `INSERT INTO waybill_fees (corp_id, waybill_id, side, party_id, amount, lines, rule_id, state, override_reason, created_by, created_at, updated_by, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    fees.map(({ waybillId, side, values: v }) => [corpId, waybillId, side, v.partyId, v.amount, v.lines, v.ruleId, v.state, v.overrideReason, by.userId, now, by.userId, now]));
  await histories(conn, corpId, fees.map((f, k) => ({ feeId: ids[k], action: 'create', changes: diff(null, f.values), version: 1 })), by, now);
}

/** Moves the fee to version + 1 with `v`; the version read is the guard (false: someone else wrote first). */
export async function updateFee(conn: Conn, fee: FeeRow, v: FeeValues, action: string, by: Writer, now: number): Promise<boolean> {
  const r = await run(conn,
    `UPDATE waybill_fees SET party_id = ?, amount = ?, lines = ?, rule_id = ?, state = ?, override_reason = ?, version = version + 1, updated_by = ?, updated_at = ?
      WHERE id = ? AND version = ? AND is_deleted = 0`,
    v.partyId, v.amount, v.lines, v.ruleId, v.state, v.overrideReason, by.userId, now, fee.id, fee.version);
  if (r.changes !== 1) return false;
  await histories(conn, fee.corpId, [{ feeId: fee.id, action, changes: diff(fee, v), version: fee.version + 1 }], by, now);
  return true;
}

function diff(before: FeeValues | null, after: FeeValues) {
  return (Object.keys(TITLES) as (keyof FeeValues)[])
    .filter((k) => before?.[k] !== after[k])
    .map((k) => ({ field: k, title: TITLES[k], before: before?.[k] ?? null, after: after[k] }));
}

interface HistoryRow { feeId: number; action: string; changes: unknown[]; version: number }

function histories(conn: Conn, corpId: number, rows: HistoryRow[], by: Writer, now: number) {
  return conn.runRows(
    `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
     VALUES (?, 'waybillFee', ?, ?, ?, ?, ?, ?, ?)`,
    rows.map((h) => [corpId, h.feeId, h.action, by.userId, by.name, now, JSON.stringify(h.changes), h.version]));
}

/** The fee's changes, newest first. */
export const feeHistory = (conn: Conn, feeId: number) =>
  all<{ action: string; userName: string; changedAt: number; changes: string; version: number }>(conn,
    `SELECT action, user_name AS "userName", changed_at AS "changedAt", changes, record_version AS version FROM record_history
      WHERE resource = 'waybillFee' AND record_id = ? ORDER BY record_version DESC`, feeId);

/**
 * Marks the fee deleted (version + 1, history 'void'): it belonged to a party who no longer carries or
 * owns the waybill, and nobody could price it for the one who does now (estimate-fees.ts).
 */
export async function voidFee(conn: Conn, fee: FeeRow, by: Writer, now: number): Promise<boolean> {
  const r = await run(conn,
    'UPDATE waybill_fees SET is_deleted = 1, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ? AND version = ? AND is_deleted = 0',
    by.userId, now, fee.id, fee.version);
  if (r.changes !== 1) return false;
  await histories(conn, fee.corpId, [{ feeId: fee.id, action: 'void', version: fee.version + 1, changes: [
    { field: 'amount', title: TITLES.amount, before: fee.amount, after: null },
    { field: 'partyId', title: TITLES.partyId, before: fee.partyId, after: null },
  ] }], by, now);
  return true;
}

export interface EstimateNote {
  side: number;
  priced: number;
  message: string | null;
  trigger: string;
  estimatedAt: number;
}

/** Records how the latest estimate of the side went (one row per waybill and side, overwritten). */
export const noteEstimate = (conn: Conn, corpId: number, waybillId: number, side: number, message: string | null, trigger: string, now: number) =>
  noteEstimates(conn, corpId, [{ waybillId, side, message }], trigger, now);

/** The same for many waybills at once (a period priced together). */
export function noteEstimates(conn: Conn, corpId: number, notes: { waybillId: number; side: number; message: string | null }[], trigger: string, now: number) {
  return conn.runRows(
    `INSERT INTO waybill_fee_estimates (corp_id, waybill_id, side, priced, message, trigger, estimated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (waybill_id, side) DO UPDATE SET priced = excluded.priced, message = excluded.message, trigger = excluded.trigger, estimated_at = excluded.estimated_at`,
    notes.map((n) => [corpId, n.waybillId, n.side, n.message === null ? 1 : 0, n.message, trigger, now]));
}

export const estimateNotesOf = (conn: Conn, waybillId: number) =>
  all<EstimateNote>(conn,
    'SELECT side, priced, message, trigger, estimated_at AS "estimatedAt" FROM waybill_fee_estimates WHERE waybill_id = ? ORDER BY side', waybillId);
