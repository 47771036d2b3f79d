// The marks of what the sweeps did (table timed_rule_marks): one per (kind, waybill). Read and written
// inside the sweep's exclusive transaction, with the act, so a mark exists exactly when its act committed.
import { one, run, tx, type Conn } from '../resources/statements.ts';

export const MarkOutcome = { DONE: 1, REFUSED: 2 } as const;

export interface Mark {
  corpId: number;
  kind: string;
  waybillId: number;
  dueAt: number;
}

export const isMarked = async (conn: Conn, kind: string, waybillId: number) =>
  (await one(conn, 'SELECT id FROM timed_rule_marks WHERE kind = ? AND waybill_id = ?', kind, waybillId)) !== undefined;

export const writeMark = (conn: Conn, m: Mark, outcome: number, now: number) =>
  run(conn, 'INSERT INTO timed_rule_marks (corp_id, kind, waybill_id, outcome, due_at, at) VALUES (?, ?, ?, ?, ?, ?)', m.corpId, m.kind, m.waybillId, outcome, m.dueAt, now);

/**
 * Does `act` once for the mark: under the exclusive lock `lock` (shared by every instance), skips a
 * mark already written, else acts and writes it in the same transaction. Answers whether it acted.
 * A refusal thrown by `act` rolls the act back; `refused` then says whether to mark it as refused
 * (never tried again) rather than leave it for the next sweep.
 */
export async function actOnce(conn: Conn, lock: string, m: Mark, now: number, act: () => Promise<void>, refused: (e: unknown) => boolean = () => false): Promise<boolean> {
  try {
    return await tx(conn, async () => {
      if (await isMarked(conn, m.kind, m.waybillId)) return false;
      await act();
      await writeMark(conn, m, MarkOutcome.DONE, now);
      return true;
    }, { exclusive: { lock } });
  } catch (e) {
    if (!refused(e)) throw e;
    await tx(conn, async () => {
      if (!(await isMarked(conn, m.kind, m.waybillId))) await writeMark(conn, m, MarkOutcome.REFUSED, now);
    }, { exclusive: { lock } });
    return false;
  }
}
