// The stowage rule resource's own hooks, beside the versions every rule keeps (versions.ts): the car
// models must be the corporation's, a daily run needs its times, and reads name the car models so a
// list or detail never shows their ids.
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { checkSchedule } from './types/stowage.ts';

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : typeof v === 'string' && v.startsWith('[') ? JSON.parse(v) : []);

/** At least one of the corporation's car models (the form's multi-select starts empty, so the schema has no minItems). */
async function checkModels(conn: Conn, corpId: number, ids: unknown, given: boolean) {
  if (!given) return;
  if (!Array.isArray(ids) || ids.length === 0) throw invalid('车型：请至少选择一个车型', { field: 'carModelIds' });
  const found = await all<{ id: number }>(conn, `SELECT id FROM car_models WHERE corp_id = ? AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids);
  if (found.length !== new Set(ids).size) throw invalid('车型：所选车型不存在', { field: 'carModelIds' });
}

async function nameModels(conn: Conn, rows: Record<string, unknown>[]) {
  const ids = [...new Set(rows.flatMap((r) => idsOf(r.carModelIds)))];
  const names = ids.length ? new Map((await all<{ id: number; name: string }>(conn, `SELECT id, model_name AS name FROM car_models WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids)).map((m) => [m.id, m.name])) : new Map<number, string>();
  for (const row of rows) row.carModelNames = idsOf(row.carModelIds).map((id) => names.get(id) ?? '').filter(Boolean).join('、');
}

export function stowageRuleHooks(conn: Conn): ResourceHooks {
  return {
    beforeInsert: async (ctx, record) => {
      checkSchedule(record);
      await checkModels(conn, ctx.user.corpId, record.carModelIds, true);
    },
    beforeUpdate: async (ctx, changes, existing) => {
      checkSchedule({ autoRun: changes.autoRun ?? existing.autoRun, runTimes: 'runTimes' in changes ? changes.runTimes : existing.runTimes });
      await checkModels(conn, ctx.user.corpId, changes.carModelIds, 'carModelIds' in changes);
    },
    afterList: (rows) => nameModels(conn, rows),
    afterRead: (row) => nameModels(conn, [row]),
  };
}
