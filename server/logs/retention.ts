// How long each corporation keeps its logs, and the purge of older rows. The days are corporation
// settings (corporations.settings, where the console's other settings live): operationLogRetentionDays
// (default 180) and interfaceLogRetentionDays (default 90). The purge runs at start and daily on every
// instance; it deletes in batches, so a large backlog never holds one long transaction.
import type { Conn } from '../db/port.ts';
import { shanghaiDay } from './usage.ts';

export const RETENTION_DEFAULTS = { operationLogRetentionDays: 180, interfaceLogRetentionDays: 90 } as const;
export type Retention = { -readonly [K in keyof typeof RETENTION_DEFAULTS]: number };
const MAX_DAYS = 3650;
const DAY_MS = 86_400_000;
export const PURGE_BATCH = 5000;

/** The corporation's retention; a missing or unusable value (not a whole number of 1–3650 days) is the default. */
export function retentionOf(settingsJson: string | null | undefined): Retention {
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(settingsJson ?? '{}');
    if (parsed && typeof parsed === 'object') settings = parsed as Record<string, unknown>;
  } catch {
    // unreadable settings: the defaults
  }
  const days = (key: keyof Retention) => {
    const v = settings[key];
    return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_DAYS ? v : RETENTION_DEFAULTS[key];
  };
  return { operationLogRetentionDays: days('operationLogRetentionDays'), interfaceLogRetentionDays: days('interfaceLogRetentionDays') };
}

/** Deletes `table`'s rows matching `where` a batch at a time; answers how many went. */
async function deleteInBatches(conn: Conn, table: string, where: string, params: unknown[], batch: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { changes } = await conn.run(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${where} LIMIT ?)`, [...params, batch]);
    deleted += changes;
    if (changes < batch) return deleted;
  }
}

/**
 * Deletes, for every corporation, operation-log rows older than its days and usage rows of days
 * before the Shanghai day that many days ago.
 */
export async function purgeLogs(conn: Conn, now = Date.now(), batch = PURGE_BATCH): Promise<{ operationLogs: number; interfaceUsage: number }> {
  const corps = await conn.all<{ id: number; settings: string }>('SELECT id, settings FROM corporations ORDER BY id');
  const purged = { operationLogs: 0, interfaceUsage: 0 };
  for (const corp of corps) {
    const keep = retentionOf(corp.settings);
    purged.operationLogs += await deleteInBatches(conn, 'operation_logs', 'corp_id = ? AND created_at < ?', [corp.id, now - keep.operationLogRetentionDays * DAY_MS], batch);
    purged.interfaceUsage += await deleteInBatches(conn, 'interface_usage', 'corp_id = ? AND day < ?', [corp.id, shanghaiDay(now - keep.interfaceLogRetentionDays * DAY_MS)], batch);
  }
  return purged;
}
