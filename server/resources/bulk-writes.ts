// The engine's save for a batch of new records (the import centre's rows): the same rules as `save`
// in writes.ts, each written once and shared, but with the queries batched. Per record: the partner
// pinned, the hooks (prepare, beforeInsert, afterWrite, afterRead) called as a single save calls them;
// per batch: one query per reference field and per unique key (write-checks.ts, where a single write
// is the batch of one), multi-row INSERTs, and the history rows in multi-row INSERTs built from the
// inserted values and the labels the reference check read, not from a re-read of each record.
//
// A record refused by a rule is answered with the error its own save would have thrown, and the rest
// of the batch is written: the caller decides whether a refusal undoes the batch (its transaction).
import type { SessionUser } from '../http/context.ts';
import { ApiError } from '../http/envelope.ts';
import type { ResourceFile } from '../registry/types.ts';
import { labelFieldOf, storedFields } from '../registry/fields.ts';
import type { ResourceEngine } from './engine.ts';
import type { WriteContext } from './hooks.ts';
import { recordHistories, type HistoryEntry } from './history.ts';
import { insert, insertMany, tx } from './statements.ts';
import { friendlyConstraint, referenceRefusals, uniqueRefusals, type RefLabels, type Refusals } from './write-checks.ts';
import { createdEntry, dropVirtual, insertSql, newRow, pinPartner } from './writes.ts';

type Rec = Record<string, unknown>;

/** A record of the batch: its new id, or the error a save of it alone answers. */
export type SaveOutcome = { id: number } | { error: ApiError };

/** Runs a per-record step; an ApiError refuses that record only, anything else ends the batch. */
async function refuseOn(refused: Refusals, i: number, step: () => Promise<unknown> | unknown) {
  try {
    await step();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    refused.set(i, e);
  }
}

interface Pending {
  index: number;
  row: Rec;
}

/**
 * Inserts the rows, in their order, and answers their ids by batch index. Rows with the same fields
 * in a run go in one statement (a missing field must take its column's default, which a multi-row
 * VALUES list cannot say on SQLite). A statement the database refuses (a constraint the checks could
 * not see: a race, a NOT NULL) is done again row by row, so that only the offending rows are refused
 * with their own friendly error; so is every row of a resource with an afterWrite hook, whose
 * refusal must undo its own row only.
 */
async function insertRows(engine: ResourceEngine, res: ResourceFile, ctx: WriteContext, pending: Pending[], extras: Rec[], refused: Refusals): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  const afterWrite = engine.hooks[res.id]?.afterWrite;
  const one = async ({ index, row }: Pending, fields: string[]) => refuseOn(refused, index, () => tx(engine.db, async () => {
    const id = await friendlyConstraint(res, () => insert(engine.db, insertSql(res, fields, 1), ...fields.map((f) => row[f])));
    await afterWrite?.(ctx, id, extras[index]);
    ids.set(index, id);
  }));
  let start = 0;
  while (start < pending.length) {
    const fields = Object.keys(pending[start].row);
    const signature = fields.join(',');
    let end = start + 1;
    const perStatement = afterWrite ? 1 : Math.max(1, Math.floor(engine.db.maxParams / fields.length));
    while (end < pending.length && end - start < perStatement && Object.keys(pending[end].row).join(',') === signature) end += 1;
    const part = pending.slice(start, end);
    start = end;
    if (afterWrite || part.length === 1) {
      for (const p of part) await one(p, fields);
      continue;
    }
    try {
      const made = await tx(engine.db, () => friendlyConstraint(res, () => insertMany(engine.db, insertSql(res, fields, part.length), ...part.flatMap((p) => fields.map((f) => p.row[f])))));
      made.forEach((id, n) => ids.set(part[n].index, id));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      for (const p of part) await one(p, fields);
    }
  }
  return ids;
}

/** The history entries of the written records, as `save` writes them, from the values written. */
async function historyOf(engine: ResourceEngine, res: ResourceFile, user: SessionUser, now: number, bodies: Rec[], rows: Map<number, Rec>, ids: Map<number, number>, labels: RefLabels): Promise<HistoryEntry[]> {
  const stored = storedFields(res);
  const afterRead = engine.hooks[res.id]?.afterRead;
  const entries: HistoryEntry[] = [];
  for (const [index, id] of ids) {
    const row = rows.get(index)!;
    let created: Rec;
    if (Object.keys(bodies[index]).some((f) => f in stored && !(f in row))) {
      // A hook took a given field out of the row: its column holds the default, which only a read tells.
      created = (await engine.find(res, user, id)) ?? {};
    } else {
      created = { ...row, id };
      for (const [field, ref] of Object.entries(res.references ?? {})) {
        if (ref.label) created[labelFieldOf(field)] = labels.get(field)?.get(String(row[field])) ?? null;
      }
    }
    await afterRead?.(created);
    entries.push(createdEntry(res, bodies[index], created, id, now));
  }
  return entries;
}

/** Saves the records as `save` saves each one; answers, in their order, each one's id or error. */
export async function saveMany(engine: ResourceEngine, resourceId: string, user: SessionUser, bodies: Rec[]): Promise<SaveOutcome[]> {
  const res = engine.resource(resourceId);
  const hooks = engine.hooks[res.id];
  const ctx: WriteContext = { user, now: Date.now() };
  const refused: Refusals = new Map();
  const records = bodies.map((body) => ({ ...body }));
  for (const [i, record] of records.entries()) {
    // Awaited only where there is a hook to await: a batch is hundreds of records.
    if (hooks?.prepare) {
      await refuseOn(refused, i, async () => {
        pinPartner(res, user, record);
        await hooks.prepare!(ctx, record);
      });
    } else {
      try {
        pinPartner(res, user, record);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        refused.set(i, e);
      }
    }
  }
  const ids = await tx(engine.db, async () => {
    const extras: Rec[] = [];
    for (const [i, record] of records.entries()) {
      if (refused.has(i)) continue;
      // In a savepoint of its own, so that what a refusing hook wrote goes with its record.
      if (hooks?.beforeInsert) await refuseOn(refused, i, () => tx(engine.db, async () => hooks.beforeInsert!(ctx, record)));
      // Copied only for a hook that reads them: a batch's rows are held while it is written.
      if (hooks?.afterWrite) extras[i] = { ...record };
      dropVirtual(res, record);
    }
    const labels = await referenceRefusals(engine, res, user, records, refused);
    await uniqueRefusals(engine, res, user.corpId, records, refused);
    const rows = new Map<number, Rec>();
    // The batch's own copies become the rows, in place.
    records.forEach((record, i) => refused.has(i) || rows.set(i, Object.assign(record, newRow({}, user, ctx.now))));
    const written = await insertRows(engine, res, ctx, [...rows].map(([index, row]) => ({ index, row })), extras, refused);
    if (res.history && written.size) await recordHistories(engine, res, user, await historyOf(engine, res, user, ctx.now, bodies, rows, written, labels));
    return written;
  });
  if (ids.size) await engine.onWrite?.(res.id);
  return bodies.map((_, i) => {
    const id = ids.get(i);
    return id === undefined ? { error: refused.get(i)! } : { id };
  });
}
