// Which rows a user may touch: their corporation's live rows, and for customer (1) and carrier (2)
// users only the rows of their partner. A resource that names no field for a user type shows
// that type nothing: the safe default. '*' shares the corporation's rows with that type (reference
// data such as car models); whether they may write them is up to their operations.
import type { SessionUser } from '../http/context.ts';
import type { ResourceFile } from '../registry/types.ts';
import { columnOf, ident } from './naming.ts';

export const SHARED = '*';

export interface Where {
  sql: string[];
  params: unknown[];
}

export function partnerField(res: ResourceFile, user: Pick<SessionUser, 'userType'>): string | null | undefined {
  if (user.userType === 1) return res.scope?.customer ?? null;
  if (user.userType === 2) return res.scope?.carrier ?? null;
  return undefined;
}

export function scopeWhere(res: ResourceFile, user: SessionUser, alias = 't', includeDeleted = false): Where {
  const where: Where = { sql: [`${alias}.corp_id = ?`], params: [user.corpId] };
  if (res.softDelete && !includeDeleted) where.sql.push(`${alias}.is_deleted = 0`);
  const field = partnerField(res, user);
  if (field === null) where.sql.push('1 = 0');
  else if (field && field !== SHARED) {
    where.sql.push(`${alias}.${ident(columnOf(field))} = ?`);
    where.params.push(user.partnerId ?? -1);
  }
  return where;
}
