// Domain code that a resource's writes need beyond the generic rules (hashing a user's password,
// for instance). Registered by resource id; the engine calls them inside the write transaction.
import type { SessionUser } from '../http/context.ts';

export interface WriteContext {
  user: SessionUser;
  now: number;
}

export interface ResourceHooks {
  /** May change the record about to be inserted (columns by API field name). */
  beforeInsert?(ctx: WriteContext, record: Record<string, unknown>): void;
  beforeUpdate?(ctx: WriteContext, changes: Record<string, unknown>, existing: Record<string, unknown>): void;
  /** extras: the written fields including virtual ones (role ids, say). */
  afterWrite?(ctx: WriteContext, id: number, extras: Record<string, unknown>): void;
  /** Adds what a detail read shows beyond the columns (role ids, say). */
  afterRead?(row: Record<string, unknown>): void;
}
