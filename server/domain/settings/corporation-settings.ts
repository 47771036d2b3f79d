// Writes to a corporation's settings (corporations.settings, the JSON object read at login and by the
// server's rules). Every writer goes through patchCorporationSettings: read, merge and write under one
// exclusive lock, so two saves at once, or two screens saving different keys, lose nothing.
import type { Conn } from '../../db/port.ts';

/** The stored settings object; unreadable JSON (never written by us) counts as empty. */
export function parseSettings(json: string | null | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // unreadable settings: replaced by what is saved next
  }
  return {};
}

/** Merges `patch` over the stored settings (undefined values leave a key as it is) and answers the result. */
export async function patchCorporationSettings(conn: Conn, corpId: number, patch: (settings: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  let saved: Record<string, unknown> = {};
  await conn.transaction(async () => {
    const row = await conn.one<{ settings: string }>('SELECT settings FROM corporations WHERE id = ?', [corpId]);
    saved = parseSettings(row?.settings);
    patch(saved);
    await conn.run('UPDATE corporations SET settings = ? WHERE id = ?', [JSON.stringify(saved), corpId]);
  }, { exclusive: { lock: 'corporation-settings' } });
  return saved;
}
