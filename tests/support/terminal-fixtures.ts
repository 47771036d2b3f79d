// The terminal routes' part in tests/bad-input.test.ts: a credential of the admin's corporation,
// sent as `Authorization: Bearer` with every ingestion case (a session is ignored there), and a
// second credential for the revoke baseline. A credential's name is free text, kept as typed.
import type { Hono } from 'hono';
import type { Conn } from '../../server/db/port.ts';
import { TERMINAL_ROUTES } from '../../server/http/access-lists.ts';
import { bearer, issueTerminalSecret } from './terminal.ts';

type Row = Record<string, any>;

export async function terminalFixtures(t: { db: Conn; app: Pick<Hono<any>, 'request'> }) {
  const secret = await issueTerminalSecret(t, 1, '校验用网关');
  await issueTerminalSecret(t, 1, '待吊销网关');
  const toRevoke = (await t.db.one<Row>("SELECT id FROM terminal_credentials WHERE name = '待吊销网关'"))!;
  const bodies: Record<string, Row> = {
    '/terminalCredential/list': { curPage: 1, pageSize: 20 },
    '/terminalCredential/add': { name: '华东JT808网关' },
    '/terminalCredential/revoke': { id: toRevoke.id },
  };
  const headers: Record<string, Record<string, string>> = Object.fromEntries(TERMINAL_ROUTES.map((k) => [k.replace(/^POST /, ''), bearer(secret)]));
  const acceptedText: Record<string, string> = { '/terminalCredential/add name': 'a credential name is free text' };
  return { bodies, acceptedText, headers };
}
