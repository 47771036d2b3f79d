// Terminals are not users (docs/security.md): the ingestion routes take a terminal credential in
// `Authorization: Bearer`, never a session. Tests issue one straight into the database (no login),
// with the domain's secret (newSecret), and call those routes with it.
import type { Hono } from 'hono';
import type { Conn } from '../../server/db/port.ts';
import { newSecret } from '../../server/domain/terminals/credentials.ts';
import type { Reply } from './test-app.ts';

type Platform = { db: Conn; app: Pick<Hono<any>, 'request'> };

/** A fresh credential of the corporation, issued in the name of its first staff user; the secret. */
export async function issueTerminalSecret(t: Platform, corpId = 1, name = '测试网关'): Promise<string> {
  const by = (await t.db.one<{ id: number }>('SELECT id FROM users WHERE corp_id = ? AND user_type = 0 ORDER BY id LIMIT 1', [corpId]))!;
  const { secret, hash, prefix } = newSecret();
  await t.db.run(
    'INSERT INTO terminal_credentials (corp_id, name, secret_hash, prefix, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [corpId, name, hash, prefix, by.id, Date.now()],
  );
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
export async function asTerminal(t: Platform, corpId = 1) {
  const secret = await issueTerminalSecret(t, corpId);
  return { secret, post: (path: string, body?: unknown) => terminalPost(t, secret, path, body ?? {}) };
}
