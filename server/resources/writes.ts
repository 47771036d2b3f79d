// Writes of the generic resource engine. Each runs in one transaction: checks, the write, the
// history row and the hooks all happen or none does.
import type { SessionUser } from '../http/context.ts';
import { failure, forbidden } from '../http/envelope.ts';
import { batchDeleteOutcome, cannotDelete, notFound, type DeleteRefusal } from '../http/batch-delete.ts';
import type { ResourceFile } from '../registry/types.ts';
import { storedFields } from '../registry/fields.ts';
import { columnOf, ident } from './naming.ts';
import { partnerField, SHARED } from './scope.ts';
import { NOT_FOUND, type ResourceEngine } from './engine.ts';
import { checkCrossFields, checkReferences, checkUnique, friendlyConstraint } from './write-checks.ts';
import { recordHistory, withLabels, type Change, type HistoryEntry } from './history.ts';
import { insert, one, run, tx } from './statements.ts';
import { toColumn, toColumns } from './json-fields.ts';

type Rec = Record<string, unknown>;

/** Partner users write only their own partner's rows, and only where the resource names the field. */
export function pinPartner(res: ResourceFile, user: SessionUser, record: Rec) {
  const field = partnerField(res, user);
  if (field === null) throw forbidden();
  if (field && field !== SHARED) record[field] = user.partnerId;
}

/** Fields the hooks consumed (passwords, role ids) are not columns. */
export function dropVirtual(res: ResourceFile, record: Rec) {
  for (const [f, s] of Object.entries(res.schema.properties)) if (s['x-virtual']) delete record[f];
}

/** A new record's row: its fields and the audit columns of version 1. */
export function newRow(record: Rec, user: SessionUser, now: number): Rec {
  return { ...record, corpId: user.corpId, version: 1, createdAt: now, updatedAt: now, createdBy: user.userId, updatedBy: user.userId };
}

/** INSERT of `rows` rows of the given fields. */
export function insertSql(res: ResourceFile, fields: string[], rows: number): string {
  const values = `(${fields.map(() => '?').join(', ')})`;
  return `INSERT INTO ${ident(res.table)} (${fields.map((f) => ident(columnOf(f))).join(', ')}) VALUES ${Array(rows).fill(values).join(', ')}`;
}

export async function save(engine: ResourceEngine, resourceId: string, user: SessionUser, body: Rec) {
  const res = engine.resource(resourceId);
  const now = Date.now();
  const record: Rec = { ...body };
  pinPartner(res, user, record);
  await engine.hooks[res.id]?.prepare?.({ user, now }, record);
  const result = await tx(engine.db, async () => {
    await engine.hooks[res.id]?.beforeInsert?.({ user, now }, record);
    const extras = { ...record };
    dropVirtual(res, record);
    await checkReferences(engine, res, user, record);
    await checkUnique(engine, res, user.corpId, record);
    const row = newRow(toColumns(res, { ...record }), user, now);
    const fields = Object.keys(row);
    const id = await friendlyConstraint(res, () => insert(engine.db, insertSql(res, fields, 1), ...fields.map((f) => row[f])));
    await engine.hooks[res.id]?.afterWrite?.({ user, now }, id, extras);
    if (res.history) {
      // The history shows the given fields as a read shows them: role ids yes, a password never.
      const created = (await engine.find(res, user, id)) ?? {};
      await engine.hooks[res.id]?.afterRead?.(created);
      await recordHistory(engine, res, user, createdEntry(res, body, created, id, now));
    }
    return { id };
  });
  await engine.onWrite?.(res.id);
  return result;
}

const titlesOf = new WeakMap<ResourceFile, Record<string, { title?: string }>>();
/** The titles the history names fields by: every field's, virtual ones too (worked out once per resource file). */
function historyTitles(res: ResourceFile) {
  let titles = titlesOf.get(res);
  if (!titles) titlesOf.set(res, (titles = { ...res.schema.properties, ...storedFields(res) }));
  return titles;
}

/** The history entry of a created record: the given fields as a read of the record shows them. */
export function createdEntry(res: ResourceFile, body: Rec, created: Rec, id: number, now: number): HistoryEntry {
  const titles = historyTitles(res);
  const changes = Object.keys(body)
    .filter((field) => field in created)
    .map((field) => ({ field, title: titles[field]?.title ?? field, before: null, after: created[field] ?? null }));
  return { recordId: id, action: 'create', changes: withLabels(res, changes, undefined, created), version: 1, now };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function update(engine: ResourceEngine, resourceId: string, user: SessionUser, body: Rec) {
  const res = engine.resource(resourceId);
  const now = Date.now();
  const { id, version, ...fields } = body as Rec & { id: number; version: number };
  if (partnerField(res, user) !== undefined) pinPartner(res, user, fields);
  const hooks = engine.hooks[res.id];
  await hooks?.prepare?.({ user, now }, fields);
  const result = await tx(engine.db, async () => {
    const existing = await engine.find(res, user, id);
    if (!existing) throw failure(NOT_FOUND);
    if (existing.version !== version) throw failure('数据已被他人修改，请刷新后重试');
    // Virtual fields a read shows (role ids) take part in the comparison and the history.
    await hooks?.afterRead?.(existing);
    await hooks?.beforeUpdate?.({ user, now }, fields, existing);
    const extras = { ...fields };
    const titles = historyTitles(res);
    const changes: Change[] = Object.entries(fields)
      .filter(([f, v]) => !same(existing[f], v))
      .map(([field, after]) => ({ field, title: titles[field]?.title ?? field, before: existing[field] ?? null, after: after ?? null }));
    if (changes.length === 0) return { id, version };
    dropVirtual(res, fields);
    const columns = changes.filter((c) => c.field in fields);
    checkCrossFields(res, { ...existing, ...fields });
    await checkReferences(engine, res, user, fields);
    await checkUnique(engine, res, user.corpId, { ...existing, ...fields }, id);
    const set = columns.map((c) => `${ident(columnOf(c.field))} = ?, `).join('');
    const sql = `UPDATE ${ident(res.table)} SET ${set}version = version + 1, updated_at = ?, updated_by = ? WHERE id = ? AND version = ?`;
    const done = await friendlyConstraint(res, () => run(engine.db, sql, ...columns.map((c) => toColumn(res, c.field, c.after)), now, user.userId, id, version));
    if (done.changes !== 1) throw failure('数据已被他人修改，请刷新后重试');
    // Only what a read shows reaches the history: never a password or its hash.
    const visible = changes.filter((c) => c.field in existing && c.field in titles);
    if (res.history) {
      const updated = await engine.find(res, user, id);
      if (updated) await hooks?.afterRead?.(updated);
      await recordHistory(engine, res, user, { recordId: id, action: 'update', changes: withLabels(res, visible, existing, updated ?? {}), version: version + 1, now });
    }
    await hooks?.afterWrite?.({ user, now }, id, extras);
    return { id, version: version + 1 };
  });
  // Told once committed, and only when something was written (a new version).
  if (result.version !== version) await engine.onWrite?.(res.id);
  return result;
}

/** Answers code 105: how many were deleted, failed, or cannot be deleted, and why. */
export async function batchDelete(engine: ResourceEngine, resourceId: string, user: SessionUser, ids: number[]) {
  const res = engine.resource(resourceId);
  if (partnerField(res, user) === null) throw forbidden();
  const now = Date.now();
  return batchDeleteOutcome(ids, async (id) => {
    const refusal = await tx(engine.db, async (): Promise<DeleteRefusal | undefined> => {
      const existing = await engine.find(res, user, id);
      if (!existing) return notFound(NOT_FOUND);
      const kept = await engine.hooks[res.id]?.beforeDelete?.({ user, now }, existing);
      if (kept) return cannotDelete(kept);
      const blocker = await referencedBy(engine, res, user.corpId, id);
      if (blocker) return cannotDelete(`已被${blocker}引用，不能删除`);
      const sql = res.softDelete
        ? `UPDATE ${ident(res.table)} SET is_deleted = 1, version = version + 1, updated_at = ?, updated_by = ? WHERE id = ?`
        : `DELETE FROM ${ident(res.table)} WHERE id = ?`;
      await run(engine.db, sql, ...(res.softDelete ? [now, user.userId, id] : [id]));
      await engine.hooks[res.id]?.afterDelete?.({ user, now }, existing);
      if (res.history) {
        await recordHistory(engine, res, user, { recordId: id, action: 'delete', changes: [], version: (existing.version as number) + 1, now });
      }
      return undefined;
    });
    // Told only when the row went: a refused delete changed nothing anyone caches.
    if (!refusal) await engine.onWrite?.(res.id);
    return refusal;
  });
}

async function referencedBy(engine: ResourceEngine, res: ResourceFile, corpId: number, id: number): Promise<string | undefined> {
  for (const dep of res.dependents ?? []) {
    const other = engine.resource(dep.resource);
    const live = other.softDelete ? ' AND is_deleted = 0' : '';
    const sql = `SELECT 1 FROM ${ident(other.table)} WHERE corp_id = ? AND ${ident(columnOf(dep.field))} = ?${live} LIMIT 1`;
    if (await one(engine.db, sql, corpId, id)) return other.title;
  }
  return undefined;
}
