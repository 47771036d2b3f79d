// The access kind of routes that terminals and gateways call (track points, snapshots, driver
// events): a credential in `Authorization: Bearer <secret>`, never a session. A console user's
// token or cookie is ignored here, so no role, however broad, writes a vehicle's track; and the
// secret is ignored everywhere else, so a leaked terminal credential opens no console route.
import type { Context } from 'hono';
import type { Conn } from '../db/connection.ts';
import { markCredentialUsed, resolveCredential } from '../domain/terminals/credentials.ts';
import { ApiError, Code } from './envelope.ts';

export interface TerminalCaller {
  credentialId: number;
  /** The corporation the credential was issued to: the only one whose vehicles it reaches. */
  corpId: number;
  /** Called once the write was accepted: the list's 最近使用 column. */
  markUsed(): Promise<void>;
}

export type TerminalGate = (c: Context) => Promise<TerminalCaller | undefined>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** Unknown, malformed and revoked alike: the answer tells a caller nothing about which. */
export const TERMINAL_REFUSED = '终端凭证无效或已吊销';

/** `access: terminalAccess(conn)` on a route: its caller is the credential's corporation. */
export function terminalAccess(conn: Conn): { terminal: TerminalGate } {
  return {
    terminal: async (c) => {
      const secret = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
      const found = await resolveCredential(conn, secret);
      if (!found) return undefined;
      return { ...found, markUsed: () => markCredentialUsed(conn, found.credentialId) };
    },
  };
}

/** The terminal of a terminal route's call (the access check guarantees one). */
export function terminalOf(call: { terminal?: TerminalCaller }): TerminalCaller {
  if (!call.terminal) throw new ApiError(Code.NOT_LOGGED_IN, TERMINAL_REFUSED);
  return call.terminal;
}
