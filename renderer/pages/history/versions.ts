// A record's versions rebuilt from its history rows. The server keeps only what each write changed
// (before and after per field), so a field's value at a version is the `after` of the latest change
// up to it, or else the `before` of the first change after it. Pure: the contrast dialog and tests
// share it.
import { fieldLabel, formatValue, type FormatContext } from '../detail/format-value.ts';

export interface HistoryChange {
  field: string;
  title?: string;
  before: unknown;
  after: unknown;
  /** Display text of a reference (the carrier's name for a carrierId), when the server knows it. */
  beforeText?: string | null;
  afterText?: string | null;
}

export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  userName?: string | null;
  changedAt?: number;
  changedAtStr?: string;
  recordVersion?: number;
  changes: HistoryChange[];
}

export const ACTION_LABELS: Record<HistoryEntry['action'], string> = { create: '新增', update: '修改', delete: '删除' };

/** Every field any loaded entry touched, in the order they first changed (oldest entry first). */
export function changedFields(entries: readonly HistoryEntry[]): { field: string; title?: string }[] {
  const seen = new Map<string, string | undefined>();
  for (let i = entries.length - 1; i >= 0; i--) {
    for (const c of entries[i].changes ?? []) if (!seen.has(c.field)) seen.set(c.field, c.title);
  }
  return [...seen].map(([field, title]) => ({ field, title }));
}

/** The field's value right after entry `at` (entries newest first); undefined when no loaded row says. */
export function valueAt(entries: readonly HistoryEntry[], at: number, field: string): unknown {
  for (let i = at; i < entries.length; i++) {
    const c = entries[i].changes?.find((x) => x.field === field);
    if (c) return c.afterText ?? c.after;
  }
  for (let i = at - 1; i >= 0; i--) {
    const c = entries[i].changes?.find((x) => x.field === field);
    if (c) return c.beforeText ?? c.before;
  }
  return undefined;
}

/** Which entries to compare: the chosen ones if two or more, else the newest two; oldest first. */
export function comparedIndexes(entries: readonly HistoryEntry[], chosen: ReadonlySet<number>): number[] {
  const picked = entries.map((e, i) => (chosen.has(e.id) ? i : -1)).filter((i) => i >= 0);
  const indexes = picked.length >= 2 ? picked : entries.length >= 2 ? [0, 1] : [];
  return indexes.sort((a, b) => b - a);
}

export function versionHeading(entry: HistoryEntry): string {
  const version = entry.recordVersion ? `版本 ${entry.recordVersion}` : ACTION_LABELS[entry.action];
  return entry.changedAtStr ? `${version}（${entry.changedAtStr}）` : version;
}

/** Rows and columns for the contrast dialog. */
export function contrastOf(entries: readonly HistoryEntry[], indexes: readonly number[], ctx: FormatContext) {
  return {
    columns: indexes.map((i) => versionHeading(entries[i])),
    rows: changedFields(entries).map(({ field, title }) => ({
      key: field,
      label: fieldLabel(ctx.page, field, title),
      values: indexes.map((i) => formatValue(ctx, field, valueAt(entries, i, field))),
    })),
  };
}

/** A saved version as some histories answer it: the whole record as saved (orderInfoHistory/findByPage). */
export type Snapshot = Record<string, unknown> & { version?: number; userName?: string | null; changedAtStr?: string };

/**
 * Entries from whole saved versions (newest first): each version's changes are the listed fields
 * that differ from the version before it; the oldest loaded one is the creation when it is version 1.
 */
export function entriesFromSnapshots(rows: readonly Snapshot[], fields: readonly { field: string; title?: string }[]): HistoryEntry[] {
  return rows.map((row, i) => {
    const prev = rows[i + 1];
    const changes = fields
      .filter(({ field }) => !prev || JSON.stringify(prev[field] ?? null) !== JSON.stringify(row[field] ?? null))
      .filter(({ field }) => prev || (row[field] !== undefined && row[field] !== null && row[field] !== ''))
      .map(({ field, title }) => ({ field, title, before: prev?.[field] ?? null, after: row[field] ?? null }));
    const version = typeof row.version === 'number' ? row.version : undefined;
    return {
      id: version ?? rows.length - i,
      action: !prev && version === 1 ? 'create' : 'update',
      userName: row.userName,
      changedAtStr: row.changedAtStr,
      recordVersion: version,
      changes,
    };
  });
}
