// Column and search settings per user, falling back to the corporation's, then the page's defaults.
import type { Conn } from '../db/connection.ts';
import { invalid } from '../http/envelope.ts';
import { one, run } from '../resources/statements.ts';
import type { Column, Condition } from '../registry/types.ts';
import type { FieldSetting } from '../registry/compose.ts';

export type SettingKind = 'column' | 'search';
export const CORPORATION_LEVEL = 0;

export async function readSettings(conn: Conn, corpId: number, userId: number, pageId: string, kind: SettingKind): Promise<FieldSetting[] | undefined> {
  const row = await one<{ settings: string }>(
    conn,
    `SELECT settings FROM field_settings WHERE corp_id = ? AND page_id = ? AND kind = ? AND user_id IN (?, ?)
      ORDER BY user_id DESC LIMIT 1`,
    corpId, pageId, kind, userId, CORPORATION_LEVEL,
  );
  return row ? JSON.parse(row.settings) : undefined;
}

/** Checks the settings against the page's fields; returns them in the order given. */
export function checkSettings(items: (Column | Condition)[], settings: FieldSetting[], kind: SettingKind): FieldSetting[] {
  const known = new Map(items.map((i) => [i.field, i]));
  const given = new Map<string, FieldSetting>();
  for (const s of settings) {
    if (!known.has(s.fieldId)) throw invalid(`字段不存在：${s.fieldId}`, { field: s.fieldId });
    if (given.has(s.fieldId)) throw invalid(`字段重复：${s.fieldId}`, { field: s.fieldId });
    given.set(s.fieldId, s);
  }
  const shown = items.filter((i) => given.get(i.field)?.display ?? !i.hidden);
  if (kind === 'column' && shown.length === 0) throw invalid('不能全部隐藏');
  const fixed = settings.find((s) => known.get(s.fieldId)!.disabled && !s.display);
  if (fixed) throw invalid(`固定字段不能隐藏：${fixed.fieldId}`, { field: fixed.fieldId });
  return settings;
}

export async function writeSettings(conn: Conn, corpId: number, userId: number, pageId: string, kind: SettingKind, settings: FieldSetting[]): Promise<void> {
  await run(
    conn,
    `INSERT INTO field_settings (corp_id, user_id, page_id, kind, settings, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (corp_id, user_id, page_id, kind) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
    corpId, userId, pageId, kind, JSON.stringify(settings), Date.now(),
  );
}
