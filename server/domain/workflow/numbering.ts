// Business numbers: a prefix, the day in Asia/Shanghai and a sequence within that day per
// corporation, e.g. DD20261121000001 (orders), YD20261121000001 (waybills), PZ... (stowage tasks). Taken inside the
// caller's transaction, so two saves never get the same number.
import { one, type Conn } from '../../resources/statements.ts';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export function dayOf(ms: number): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Each numbered table: its number column and prefix (PZ: stowage tasks). */
const NUMBERED = {
  orders: { column: 'order_no', prefix: 'DD' },
  waybills: { column: 'waybill_no', prefix: 'YD' },
  order_stowage_tasks: { column: 'task_no', prefix: 'PZ' },
} as const;

export async function nextNumber(conn: Conn, table: keyof typeof NUMBERED, corpId: number, now: number): Promise<string> {
  const column = NUMBERED[table].column;
  const prefix = `${NUMBERED[table].prefix}${dayOf(now)}`;
  const last = await one<{ no: string }>(
    conn, `SELECT ${column} AS no FROM ${table} WHERE corp_id = ? AND ${column} LIKE ? ORDER BY ${column} DESC LIMIT 1`, corpId, `${prefix}%`,
  );
  const seq = last && /^\d+$/.test(last.no.slice(prefix.length)) ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(6, '0')}`;
}
