// Server-side sessions: a random token per login, revocable at once. Only the token's SHA-256 is
// stored, so a copy of the database (a backup, a leaked file) opens no session. Resolved sessions
// are cached in memory; any write to users, roles or grants empties the cache.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';

export const SESSION_TTL_MS = 12 * 3600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Ends every live session of a user in the database; the caller empties the cache (SessionStore.invalidate). */
export function revokeSessionsOf(db: Db, userId: number, now: number, exceptToken?: string) {
  db.$client
    .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND token_hash <> ?')
    .run(now, userId, exceptToken ? hashToken(exceptToken) : '');
}

interface Cached {
  user: SessionUser;
  expiresAt: number;
}

export class SessionStore {
  private cache = new Map<string, Cached>();

  constructor(private readonly db: Db) {}

  /** Call after any change to users, roles, grants or sessions made outside this store. */
  invalidate() {
    this.cache.clear();
  }

  create(userId: number, now: number): string {
    const token = randomBytes(32).toString('base64url');
    this.db.$client
      .prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(hashToken(token), userId, now, now + SESSION_TTL_MS);
    return token;
  }

  revoke(token: string, now: number) {
    this.db.$client.prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(now, hashToken(token));
    this.cache.delete(token);
  }

  revokeAllOf(userId: number, now: number, except?: string) {
    revokeSessionsOf(this.db, userId, now, except);
    this.invalidate();
  }

  resolve(token: string | undefined, now: number): SessionUser | null {
    if (!token) return null;
    const hit = this.cache.get(token);
    if (hit && hit.expiresAt > now) return hit.user;
    const row = this.db.$client
      .prepare(
        `SELECT s.expires_at, u.id, u.user_name, u.real_name, u.corp_id, u.org_id, u.user_type, u.parent_id, u.partner_id
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.enabled = 1 AND u.is_deleted = 0`,
      )
      .get(hashToken(token), now) as Record<string, any> | undefined;
    if (!row) {
      this.cache.delete(token);
      return null;
    }
    // Sliding expiry, written at most once per half TTL to keep reads write-free.
    let expiresAt = row.expires_at as number;
    if (expiresAt - now < SESSION_TTL_MS / 2) {
      expiresAt = now + SESSION_TTL_MS;
      this.db.$client.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?').run(expiresAt, hashToken(token));
    }
    const user: SessionUser = {
      userId: row.id,
      userName: row.user_name,
      realName: row.real_name,
      corpId: row.corp_id,
      orgId: row.org_id,
      userType: row.user_type,
      parentId: row.parent_id,
      partnerId: row.partner_id,
      token,
      operationIds: new Set(operationIdsOf(this.db, row.id)),
    };
    this.cache.set(token, { user, expiresAt });
    return user;
  }
}

export function operationIdsOf(db: Db, userId: number): string[] {
  const rows = db.$client
    .prepare(
      `SELECT DISTINCT ro.operation_id AS id FROM user_roles ur
         JOIN roles r ON r.id = ur.role_id AND r.is_deleted = 0
         JOIN role_operations ro ON ro.role_id = ur.role_id AND ro.corp_id = ur.corp_id
        WHERE ur.user_id = ?`,
    )
    .all(userId) as { id: string }[];
  return rows.map((r) => r.id);
}
