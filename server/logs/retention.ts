// How long each corporation keeps its logs, and the purge of older rows. The days are corporation
// settings (corporations.settings, where the console's other settings live): operationLogRetentionDays
// (default 180) and interfaceLogRetentionDays (default 90). The purge runs at start and daily on every
// instance; it deletes in batches, so a large backlog never holds one long transaction.
import type { Conn } from '../db/port.ts';
import { shanghaiDay } from './usage.ts';
import { parseSettings, patchCorporationSettings } from '../domain/settings/corporation-settings.ts';

export const RETENTION_DEFAULTS = { operationLogRetentionDays: 180, interfaceLogRetentionDays: 90 } as const;
export type Retention = { -readonly [K in keyof typeof RETENTION_DEFAULTS]: number };
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;
const MAX_DAYS = RETENTION_MAX_DAYS;
/** The settings form's fields (POST /log/retention/save), titled as the console shows them. */
export const RETENTION_TITLES: Record<keyof Retention, string> = {
  operationLogRetentionDays: '操作日志保留天数',
  interfaceLogRetentionDays: '接口调用日志保留天数',
};
const DAY_MS = 86_400_000;
export const PURGE_BATCH = 5000;

/** The corporation's retention; a missing or unusable value (not a whole number of 1–3650 days) is the default. */
export function retentionOf(settingsJson: string | null | undefined): Retention {
  const settings = parseSettings(settingsJson);
  const days = (key: keyof Retention) => {
    const v = settings[key];
    return typeof v === 'number' && Number.isInteger(v) && v >= RETENTION_MIN_DAYS && v <= MAX_DAYS ? v : RETENTION_DEFAULTS[key];
  };
  return { operationLogRetentionDays: days('operationLogRetentionDays'), interfaceLogRetentionDays: days('interfaceLogRetentionDays') };
}

/** The corporation's retention as its settings hold it now. */
export async function corpRetention(conn: Conn, corpId: number): Promise<Retention> {
  const row = await conn.one<{ settings: string }>('SELECT settings FROM corporations WHERE id = ?', [corpId]);
  return retentionOf(row?.settings);
}

/**
 * Writes the days given (already checked by the route's schema: whole days of 1–3650) into the
 * corporation's settings, keeping every other setting there (patchCorporationSettings).
 * The next purge (at start and daily) applies them.
 */
export async function saveRetention(conn: Conn, corpId: number, patch: Partial<Retention>): Promise<Retention> {
  await patchCorporationSettings(conn, corpId, (settings) => {
    for (const key of Object.keys(RETENTION_DEFAULTS) as (keyof Retention)[]) if (patch[key] !== undefined) settings[key] = patch[key];
  });
  return corpRetention(conn, corpId);
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
