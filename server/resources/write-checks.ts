// Checks a write must pass besides its JSON Schema: referenced records exist and are visible to
// the user, unique keys stay unique among live rows.
import type { SessionUser } from '../http/context.ts';
import { invalid } from '../http/envelope.ts';
import type { ResourceFile } from '../registry/types.ts';
import { storedFields } from '../registry/fields.ts';
import { columnOf, ident } from './naming.ts';
import { scopeWhere } from './scope.ts';
import type { ResourceEngine } from './engine.ts';

export function checkReferences(engine: ResourceEngine, res: ResourceFile, user: SessionUser, record: Record<string, unknown>) {
  const titles = storedFields(res);
  for (const [field, ref] of Object.entries(res.references ?? {})) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    const target = engine.resource(ref.resource);
    const where = scopeWhere(target, user);
    const sql = `SELECT 1 FROM ${ident(target.table)} t WHERE ${where.sql.join(' AND ')} AND t.id = ?`;
    if (!engine.statements.get(sql).get(...where.params, value)) {
      throw invalid(`${titles[field]?.title ?? field}：所选${target.title}不存在`, { field });
    }
  }
}

export function checkUnique(engine: ResourceEngine, res: ResourceFile, corpId: number, record: Record<string, unknown>, selfId = 0) {
  const titles = storedFields(res);
  for (const key of res.unique ?? []) {
    if (key.some((f) => record[f] === undefined || record[f] === null)) continue;
    const live = res.softDelete ? ' AND is_deleted = 0' : '';
    const cond = key.map((f) => `${ident(columnOf(f))} = ?`).join(' AND ');
    const sql = `SELECT 1 FROM ${ident(res.table)} WHERE corp_id = ? AND ${cond}${live} AND id <> ? LIMIT 1`;
    if (engine.statements.get(sql).get(corpId, ...key.map((f) => record[f]), selfId)) {
      const label = key.map((f) => titles[f]?.title ?? f).join('+');
      throw invalid(`${label}已存在`, { field: key[0] });
    }
  }
}

/** A constraint the checks above could not see (a race, a global key) still answers code 100. */
export function friendlyConstraint<T>(res: ResourceFile, write: () => T): T {
  try {
    return write();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'SQLITE_CONSTRAINT_UNIQUE') throw invalid(`${res.title}已存在相同的数据`);
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw invalid('关联的数据不存在');
    throw err;
  }
}
