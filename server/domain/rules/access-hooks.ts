// The access inspection rule resource's own hooks, beside the versions every rule keeps (versions.ts): a rule must
// ask something, its car models must be the corporation's, and reads put its requirements in words (准入要求) and
// name its car models, so a list or detail never shows ids.
import { invalid } from '../../http/envelope.ts';
import type { ResourceHooks } from '../../resources/hooks.ts';
import { all, type Conn } from '../../resources/statements.ts';
import { carModelNames } from './access-check.ts';
import { checkAccessRequirements, FLAG_REQUIREMENTS } from './types/access-inspection.ts';

const modelsOf = (row: Record<string, unknown>): number[] => {
  const v = row.allowedCarModelIds;
  return Array.isArray(v) ? v : typeof v === 'string' && v.startsWith('[') ? JSON.parse(v) : [];
};

async function checkModels(conn: Conn, corpId: number, ids: unknown) {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const found = await all<{ id: number }>(conn,
    `SELECT id FROM car_models WHERE corp_id = ? AND is_deleted = 0 AND id IN (${ids.map(() => '?').join(', ')})`, corpId, ...ids);
  if (found.length !== new Set(ids).size) throw invalid('准入车型：所选车型不存在', { field: 'allowedCarModelIds' });
}

async function describe(conn: Conn, rows: Record<string, unknown>[]) {
  const names = await carModelNames(conn, [...new Set(rows.flatMap(modelsOf))]);
  for (const row of rows) {
    const models = modelsOf(row).map((id) => names.get(id) ?? '').filter(Boolean).join('、');
    row.allowedCarModelNames = models;
    row.requirementsText = [
      ...FLAG_REQUIREMENTS.filter((f) => row[f.key] === 1).map((f) => f.text),
      models ? `车型：${models}` : '',
      typeof row.maxVehicleAgeYears === 'number' ? `车龄不超过${row.maxVehicleAgeYears}年` : '',
    ].filter(Boolean).join('；');
  }
}

export function accessRuleHooks(conn: Conn): ResourceHooks {
  return {
    beforeInsert: async (ctx, record) => {
      checkAccessRequirements(record);
      await checkModels(conn, ctx.user.corpId, record.allowedCarModelIds);
    },
    beforeUpdate: async (ctx, changes, existing) => {
      checkAccessRequirements(changes, { ...existing, allowedCarModelIds: modelsOf(existing) });
      await checkModels(conn, ctx.user.corpId, changes.allowedCarModelIds);
    },
    afterList: (rows) => describe(conn, rows),
    afterRead: (row) => describe(conn, [row]),
  };
}
