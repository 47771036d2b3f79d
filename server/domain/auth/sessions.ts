// Server-side sessions: a random token per login, revocable at once. Only the token's SHA-256 is
// stored, so a copy of the database (a backup, a leaked file) opens no session. Resolved sessions
// are cached in memory; any write to users, roles or grants empties the cache. Instances sharing one
// database share a counter (cache_versions 'sessions'): a change bumps it, and each instance looks at
// it at most every CHECK_MS before trusting its cache, so a sign-out, a password or a role change on
// one instance holds on every other within a second.
import { createHash, randomBytes } from 'node:crypto';
import type { Conn } from '../../db/connection.ts';
import type { SessionUser } from '../../http/context.ts';
import { all, one, run } from '../../resources/statements.ts';

export const SESSION_TTL_MS = 12 * 3600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Ends every live session of a user in the database; the caller empties the cache (SessionStore.invalidate). */
export async function revokeSessionsOf(conn: Conn, userId: number, now: number, exceptToken?: string): Promise<void> {
  await run(conn, 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND token_hash <> ?', now, userId, exceptToken ? hashToken(exceptToken) : '');
}

/** How long an instance trusts its cache before looking at the shared counter again. */
export const CHECK_MS = 500;
const COUNTER = 'sessions';

interface Cached {
  user: SessionUser;
  expiresAt: number;
}

export class SessionStore {
  private cache = new Map<string, Cached>();
  /**
   * Counts invalidations and revocations. A resolve reads the database across awaits; if the count
   * moved meanwhile, what it read may predate the change, and it answers without caching.
   */
  private generation = 0;
  /** The shared counter as last read, and when. */
  private seen = { version: -1, at: -Infinity };

  constructor(private readonly conn: Conn) {}

  /** Call after any change to users, roles, grants or sessions made outside this store: here and on every other instance. */
  async invalidate(): Promise<void> {
    this.forget();
    await this.bump();
  }

  private forget() {
    this.generation += 1;
    this.cache.clear();
  }

  private async bump(): Promise<void> {
    await run(this.conn, 'INSERT INTO cache_versions (name, version) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET version = cache_versions.version + 1', COUNTER);
  }

  /** Empties the cache when another instance changed what it holds since the counter was last read. */
  private async checkShared(now: number): Promise<void> {
    if (now - this.seen.at < CHECK_MS) return;
    const version = (await one<{ version: number }>(this.conn, 'SELECT version FROM cache_versions WHERE name = ?', COUNTER))?.version ?? 0;
    if (version !== this.seen.version) this.forget();
    this.seen = { version, at: now };
  }

  async create(userId: number, now: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await run(this.conn, 'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', hashToken(token), userId, now, now + SESSION_TTL_MS);
    return token;
  }

  async revoke(token: string, now: number): Promise<void> {
    await run(this.conn, 'UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', now, hashToken(token));
    this.generation += 1;
    this.cache.delete(token);
    await this.bump();
  }

  async resolve(token: string | undefined, now: number): Promise<SessionUser | null> {
    if (!token) return null;
    await this.checkShared(now);
    const hit = this.cache.get(token);
    if (hit && hit.expiresAt > now) return hit.user;
    const generation = this.generation;
    const row = await one<Record<string, any>>(
      this.conn,
      `SELECT s.expires_at, u.id, u.user_name, u.real_name, u.corp_id, u.org_id, u.user_type, u.parent_id, u.partner_id
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.enabled = 1 AND u.is_deleted = 0`,
      hashToken(token), now,
    );
    if (!row) {
      this.cache.delete(token);
      return null;
    }
    // Sliding expiry, written at most once per half TTL to keep reads write-free.
    let expiresAt = row.expires_at as number;
    if (expiresAt - now < SESSION_TTL_MS / 2) {
      expiresAt = now + SESSION_TTL_MS;
      await run(this.conn, 'UPDATE sessions SET expires_at = ? WHERE token_hash = ?', expiresAt, hashToken(token));
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
      operationIds: new Set(await operationIdsOf(this.conn, row.id)),
    };
    if (generation === this.generation) this.cache.set(token, { user, expiresAt });
    return user;
  }
}

export async function operationIdsOf(conn: Conn, userId: number): Promise<string[]> {
  const rows = await all<{ id: string }>(
    conn,
    `SELECT DISTINCT ro.operation_id AS id FROM user_roles ur
       JOIN roles r ON r.id = ur.role_id AND r.is_deleted = 0
       JOIN role_operations ro ON ro.role_id = ur.role_id AND ro.corp_id = ur.corp_id
      WHERE ur.user_id = ?`,
    userId,
  );
  return rows.map((r) => r.id);
}
