// Credentials of terminals and gateways (docs/security.md, threat model: terminals). A terminal is
// not a user: it holds no role and no session, only a secret issued to one corporation, which lets
// it write track points, snapshots and driver events for that corporation's vehicles and nothing
// else. The secret is answered once at issue; only its SHA-256 and first characters are kept, so
// neither the list nor a copy of the database gives it away. Revocation takes effect on the next
// request: nothing is cached, so every instance behind a load balancer agrees at once.
import { createHash, randomBytes } from 'node:crypto';
import { failure } from '../../http/envelope.ts';
import { NOT_FOUND } from '../../resources/engine.ts';
import { all, insert, one, run, type Conn } from '../../resources/statements.ts';
import { formatTime } from '../../resources/time.ts';

/** 'hyt_' and 32 random bytes in base64url: recognisable in logs and config files, unguessable. */
export const SECRET_PATTERN = /^hyt_[A-Za-z0-9_-]{43}$/;
/** 'hyt_' and 8 characters: enough to tell credentials apart, far too little to guess the rest. */
export const PREFIX_LENGTH = 12;
/** last_used_at is written at most this often per credential, not on every batch a gateway sends. */
export const USED_RESOLUTION_MS = 60_000;
export const ALREADY_REVOKED = '该凭证已吊销';

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface IssuedCredential {
  id: number;
  name: string;
  prefix: string;
  /** Shown to the person who issued it, this once; never stored, never listed. */
  secret: string;
  createdAt: number;
}

/** A new secret, and what is kept of it: its hash and its first characters. */
export function newSecret(): { secret: string; hash: string; prefix: string } {
  const secret = `hyt_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, PREFIX_LENGTH) };
}

export async function issueCredential(conn: Conn, issuer: { corpId: number; userId: number }, name: string, now = Date.now()): Promise<IssuedCredential> {
  const { secret, hash, prefix } = newSecret();
  const id = await insert(conn, 'INSERT INTO terminal_credentials (corp_id, name, secret_hash, prefix, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    issuer.corpId, name, hash, prefix, issuer.userId, now);
  return { id, name, prefix, secret, createdAt: now };
}

/** 1 valid, 0 revoked (dictionary terminalCredentialStatus). */
export const CredentialStatus = { VALID: 1, REVOKED: 0 } as const;

interface Row {
  id: number;
  name: string;
  prefix: string;
  createdByName: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** The corporation's credentials, newest first. No column holding the secret or its hash is read. */
export async function listCredentials(conn: Conn, corpId: number, page: { curPage: number; pageSize: number; status?: number[] }) {
  const byStatus = page.status?.length === 1 ? (page.status[0] === CredentialStatus.VALID ? 'AND c.revoked_at IS NULL' : 'AND c.revoked_at IS NOT NULL') : '';
  const total = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM terminal_credentials c WHERE c.corp_id = ? ${byStatus}`, corpId))!.n;
  const rows = await all<Row>(conn,
    `SELECT c.id, c.name, c.prefix, u.real_name AS createdByName, c.created_at AS createdAt, c.last_used_at AS lastUsedAt, c.revoked_at AS revokedAt
       FROM terminal_credentials c LEFT JOIN users u ON u.id = c.created_by
      WHERE c.corp_id = ? ${byStatus} ORDER BY c.id DESC LIMIT ? OFFSET ?`,
    corpId, page.pageSize, (page.curPage - 1) * page.pageSize);
  const data = rows.map((r) => {
    const status = r.revokedAt === null ? CredentialStatus.VALID : CredentialStatus.REVOKED;
    return {
      ...r,
      prefix: `${r.prefix}…`,
      status,
      statusStr: status === CredentialStatus.VALID ? '有效' : '已吊销',
      createdAtStr: formatTime(r.createdAt),
      lastUsedAtStr: formatTime(r.lastUsedAt),
      revokedAtStr: formatTime(r.revokedAt),
    };
  });
  return { data, totalRecords: total, curPage: page.curPage, pageSize: page.pageSize };
}

/** Revokes a credential of the corporation; another corporation's id reads as unknown. */
export async function revokeCredential(conn: Conn, corpId: number, id: number, now = Date.now()) {
  const row = await one<{ revokedAt: number | null }>(conn, 'SELECT revoked_at AS revokedAt FROM terminal_credentials WHERE id = ? AND corp_id = ?', id, corpId);
  if (!row) throw failure(NOT_FOUND);
  if (row.revokedAt !== null) throw failure(ALREADY_REVOKED);
  // A revocation that landed since the read above leaves nothing to change: it was already revoked.
  const { changes } = await run(conn, 'UPDATE terminal_credentials SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', now, id);
  if (changes === 0) throw failure(ALREADY_REVOKED);
  return { id, revokedAt: now, revokedAtStr: formatTime(now) };
}

export interface TerminalIdentity {
  credentialId: number;
  corpId: number;
}

/** The live credential a secret names, or undefined (unknown, malformed or revoked alike). */
export async function resolveCredential(conn: Conn, secret: string | undefined): Promise<TerminalIdentity | undefined> {
  if (!secret || !SECRET_PATTERN.test(secret)) return undefined;
  return one<TerminalIdentity>(conn,
    `SELECT c.id AS credentialId, c.corp_id AS corpId FROM terminal_credentials c
      WHERE c.secret_hash = ? AND c.revoked_at IS NULL`, hashSecret(secret));
}

/** Notes that the credential was used for an accepted write (at most once a minute). */
export async function markCredentialUsed(conn: Conn, credentialId: number, now = Date.now()): Promise<void> {
  await run(conn, 'UPDATE terminal_credentials SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)', now, credentialId, now - USED_RESOLUTION_MS);
}
