// One history row per write: who, when, and each changed field's value before and after.
import type { SessionUser } from '../http/context.ts';
import type { ResourceFile } from '../registry/types.ts';
import { labelFieldOf } from '../registry/fields.ts';
import type { ResourceEngine } from './engine.ts';
import { run } from './statements.ts';

export interface Change {
  field: string;
  title: string;
  before: unknown;
  after: unknown;
  /** For reference fields: the referenced records' labels, so the history reads names, not ids. */
  beforeText?: string | null;
  afterText?: string | null;
}

/**
 * The field a read names a reference field's records by: `carrierName` for `carrierId`, and for a list
 * of references `backupCarrierIds` the derived `backupCarrierNames` its hooks fill, when declared.
 */
function labelOf(res: ResourceFile, field: string): string | null {
  if (res.references?.[field]?.label) return labelFieldOf(field);
  const names = field.replace(/Ids$/, 'Names');
  return names !== field && res.derivedFields?.[names] ? names : null;
}

/** Adds the labels of reference fields from the record as read before and after the write. */
export function withLabels(res: ResourceFile, changes: Change[], before: Record<string, unknown> | undefined, after: Record<string, unknown>): Change[] {
  return changes.map((c) => {
    const name = labelOf(res, c.field);
    if (!name) return c;
    return { ...c, beforeText: (before?.[name] as string | undefined) ?? null, afterText: (after[name] as string | undefined) ?? null };
  });
}

export interface HistoryEntry {
  recordId: number;
  action: 'create' | 'update' | 'delete';
  changes: Change[];
  version: number;
  now: number;
}

const HISTORY_COLUMNS = 9;

export function recordHistory(engine: ResourceEngine, res: ResourceFile, user: SessionUser, entry: HistoryEntry): Promise<void> {
  return recordHistories(engine, res, user, [entry]);
}

/** The history rows of a batch of writes, in multi-row INSERTs below the engine's parameter limit. */
export async function recordHistories(engine: ResourceEngine, res: ResourceFile, user: SessionUser, entries: HistoryEntry[]): Promise<void> {
  const perStatement = Math.floor(engine.db.maxParams / HISTORY_COLUMNS);
  for (let i = 0; i < entries.length; i += perStatement) {
    const part = entries.slice(i, i + perStatement);
    await run(
      engine.db,
      `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
         VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ...part.flatMap((e) => [user.corpId, res.id, e.recordId, e.action, user.userId, user.realName, e.now, JSON.stringify(e.changes), e.version]),
    );
  }
}
