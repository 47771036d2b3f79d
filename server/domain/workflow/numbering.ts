// Business numbers: a prefix, the day in Asia/Shanghai and a sequence within that day per
// corporation, e.g. DD20261121000001 (orders), YD20261121000001 (waybills), PZ... (stowage tasks), ZD... (bills). Taken inside the
// caller's transaction under a lock of the table and corporation, so two saves never get the same
// number, on one instance or several.
import { one, type Conn } from '../../resources/statements.ts';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export function dayOf(ms: number): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Each numbered table: its number column and prefix (PZ: stowage tasks, ZP: auto-stowage proposals). */
const NUMBERED = {
  orders: { column: 'order_no', prefix: 'DD' },
  waybills: { column: 'waybill_no', prefix: 'YD' },
  order_stowage_tasks: { column: 'task_no', prefix: 'PZ' },
  bills: { column: 'bill_no', prefix: 'ZD' },
  stowage_proposals: { column: 'proposal_no', prefix: 'ZP' },
} as const;

/**
 * Holds the corporation's numbering of `table` to the end of the caller's transaction: a save on
 * another instance waits, then reads this one's number. Also taken before checking a number the user typed.
 */
export function lockNumbers(conn: Conn, table: keyof typeof NUMBERED, corpId: number): Promise<void> {
  return conn.lock(`number:${table}:${corpId}`);
}

/** The next number, reserved to the caller's transaction. */
export async function nextNumber(conn: Conn, table: keyof typeof NUMBERED, corpId: number, now: number): Promise<string> {
  await lockNumbers(conn, table, corpId);
  return peekNumber(conn, table, corpId, now);
}

/** The number the next save would get, shown in advance (another save may take it first). */
export async function peekNumber(conn: Conn, table: keyof typeof NUMBERED, corpId: number, now: number): Promise<string> {
  const column = NUMBERED[table].column;
  const prefix = `${NUMBERED[table].prefix}${dayOf(now)}`;
  const last = await one<{ no: string }>(
    conn, `SELECT ${column} AS no FROM ${table} WHERE corp_id = ? AND ${column} LIKE ? ORDER BY ${column} DESC LIMIT 1`, corpId, `${prefix}%`,
  );
  const seq = last && /^\d+$/.test(last.no.slice(prefix.length)) ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(6, '0')}`;
}
