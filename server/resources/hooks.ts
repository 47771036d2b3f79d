// Domain code that a resource's writes need beyond the generic rules (hashing a user's password,
// for instance). Registered by resource id. The engine awaits each, so a hook may query the database;
// a write's hooks, all but prepare, run inside its transaction.
import type { SessionUser } from '../http/context.ts';

export interface WriteContext {
  user: SessionUser;
  now: number;
}

export interface ResourceHooks {
  /** Slow work done before the transaction opens, off the event loop (hashing a password, say). */
  prepare?(ctx: WriteContext, fields: Record<string, unknown>): Promise<void>;
  /** May change the record about to be inserted (columns by API field name). */
  beforeInsert?(ctx: WriteContext, record: Record<string, unknown>): Promise<void> | void;
  beforeUpdate?(ctx: WriteContext, changes: Record<string, unknown>, existing: Record<string, unknown>): Promise<void> | void;
  /** extras: the written fields including virtual ones (role ids, say). */
  afterWrite?(ctx: WriteContext, id: number, extras: Record<string, unknown>): Promise<void> | void;
  /** Before a record of a batch delete goes: a reason to keep it (shown as 'cannot delete'), or nothing. */
  beforeDelete?(ctx: WriteContext, existing: Record<string, unknown>): Promise<string | undefined> | string | undefined;
  /** After a record of a batch delete went, in its transaction (a rule's version ends, say). */
  afterDelete?(ctx: WriteContext, existing: Record<string, unknown>): Promise<void> | void;
  /** Adds what a list page shows beyond the columns (a user's login limit, say), once per page. */
  afterList?(rows: Record<string, unknown>[], now: number): Promise<void> | void;
  /** Adds what a detail read shows beyond the columns (role ids, say). */
  afterRead?(row: Record<string, unknown>): Promise<void> | void;
}
