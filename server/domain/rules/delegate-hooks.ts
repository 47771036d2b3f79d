// The delegate rule resource's own hooks, beside the versions every rule keeps (versions.ts): the
// backup carriers must be the corporation's (the engine checks the main one as a reference), and
// reads name them, in their order, so a list or detail never shows their ids.
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { all, type Conn } from '../../resources/statements.ts';

async function namesOf(conn: Conn, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await all<{ id: number; name: string }>(conn,
    `SELECT id, carrier_name AS name FROM carriers WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids);
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function checkBackups(conn: Conn, corpId: number, ids: unknown) {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const found = await all<{ id: number }>(conn,
    `SELECT id FROM carriers WHERE corp_id = ? AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids);
  if (found.length !== new Set(ids).size) throw invalid('备选承运商：所选承运商不存在', { field: 'backupCarrierIds' });
}

const backupsOf = (row: Record<string, unknown>): number[] => {
  const v = row.backupCarrierIds;
  return Array.isArray(v) ? v : typeof v === 'string' && v.startsWith('[') ? JSON.parse(v) : [];
};

async function nameBackups(conn: Conn, rows: Record<string, unknown>[]) {
  const names = await namesOf(conn, [...new Set(rows.flatMap(backupsOf))]);
  for (const row of rows) row.backupCarrierNames = backupsOf(row).map((id) => names.get(id) ?? '').filter(Boolean).join('、');
}

export function delegateRuleHooks(conn: Conn): ResourceHooks {
  return {
    beforeInsert: (ctx, record) => checkBackups(conn, ctx.user.corpId, record.backupCarrierIds),
    beforeUpdate: (ctx, changes) => checkBackups(conn, ctx.user.corpId, changes.backupCarrierIds),
    afterList: (rows) => nameBackups(conn, rows),
    afterRead: (row) => nameBackups(conn, [row]),
  };
}
