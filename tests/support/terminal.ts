// Terminals are not users (docs/security.md): the ingestion routes take a terminal credential in
// `Authorization: Bearer`, never a session. Tests issue one straight into the database, at once
// (no login, no await, so fixtures built at module load or in synchronous set-up can use it), with
// the domain's secret (newSecret), and call those routes with it.
import type Database from 'better-sqlite3';
import type { Hono } from 'hono';
import { newSecret } from '../../server/domain/terminals/credentials.ts';
import type { Reply } from './test-app.ts';

type Platform = { db: { $client: Database.Database }; app: Pick<Hono<any>, 'request'> };

/** A fresh credential of the corporation, issued in the name of its first staff user; the secret. */
export function issueTerminalSecret(t: Platform, corpId = 1, name = '测试网关'): string {
  const by = t.db.$client.prepare('SELECT id FROM users WHERE corp_id = ? AND user_type = 0 ORDER BY id LIMIT 1').get(corpId) as { id: number };
  const { secret, hash, prefix } = newSecret();
  t.db.$client
    .prepare('INSERT INTO terminal_credentials (corp_id, name, secret_hash, prefix, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(corpId, name, hash, prefix, by.id, Date.now());
  return secret;
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** POSTs a JSON body with the credential (and any other headers, such as a session token to prove it is ignored). */
export async function terminalPost(t: Platform, secret: string | undefined, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await t.app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? bearer(secret) : {}), ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; result: any };
  return { status: res.status, code: json.code, message: json.message, result: json.result, headers: res.headers };
}

/** A caller bound to a new credential of the corporation, shaped like createTestApp's `as`. */
export function asTerminal(t: Platform, corpId = 1) {
  const secret = issueTerminalSecret(t, corpId);
  return { secret, post: (path: string, body?: unknown) => terminalPost(t, secret, path, body ?? {}) };
}
