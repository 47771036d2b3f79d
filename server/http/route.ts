// Every API route is declared through this table: its access rule is part of the declaration, so
// no route can exist without one (tests/permissions.test.ts walks the app to prove it).
import type { Context, Hono } from 'hono';
import { readJsonBody } from './body.ts';
import { checkQueryCount } from './json-limits.ts';
import { validateOrThrow } from './validate.ts';
import { ApiError, Code, forbidden, reply, type ApiCode } from './envelope.ts';
import type { AppEnv, SessionUser } from './context.ts';
import { TERMINAL_REFUSED, type TerminalCaller, type TerminalGate } from './terminal-access.ts';

/**
 * public: no session (login, single sign-on check); session: any logged-in user (own profile,
 * own menus, sign-out); anyOf: the user's roles must grant at least one of these operation ids;
 * terminal: a terminal credential (terminal-access.ts), never a session: the handler gets
 * `terminal` and no `user`.
 */
export type Access = { public: true } | { session: true } | { anyOf: readonly string[] } | { terminal: TerminalGate };

export interface Call<B> {
  c: Context<AppEnv>;
  user: SessionUser;
  /** Set on terminal routes only: the credential's corporation. */
  terminal?: TerminalCaller;
  body: B;
  query: Record<string, string>;
  params: Record<string, string>;
  /** Set only by an export reading a `seekable` list (exports/source.ts); never by a request. */
  seek?: Seek;
}

/**
 * An export's read of a list: the page of rows after the row whose sort values are `after` (null: from
 * the first row), in the list's own order, without OFFSET; counted only when `count` is set.
 */
export interface Seek {
  after: readonly unknown[] | null;
  count: boolean;
}

/** A seekable list's answer to a Seek: the rows, the sort values of the last one, and the count if asked. */
export interface SeekPage<R = Record<string, unknown>> {
  data: R[];
  after: unknown[] | null;
  totalRecords?: number;
}

export interface RouteDef<B = any> {
  method: 'GET' | 'POST';
  /** Path under /api, e.g. '/menu/menuTree'; with `absolute`, the whole path (the spec's /api3 upload). */
  path: string;
  absolute?: boolean;
  access: Access;
  /** JSON Schema of the body (POST) or query (GET); unknown fields are refused by the schema. */
  input?: object;
  /** The handler reads the body itself (multipart uploads); `input` then checks the query. */
  rawBody?: boolean;
  handler: (call: Call<B>) => unknown;
  /** The handler answers a call's `seek` with a SeekPage (db/keyset.ts): exports read it that way. */
  seekable?: true;
}

/** A handler returns a plain result (code 1) or an Outcome for the other codes. */
export class Outcome {
  constructor(readonly code: ApiCode, readonly message: string, readonly result: unknown) {}
}

export function route<B = any>(def: RouteDef<B>): RouteDef<B> {
  return def;
}

function checkAccess(access: Access, user: SessionUser | undefined, terminal: TerminalCaller | undefined) {
  if ('public' in access) return;
  if ('terminal' in access) {
    if (!terminal) throw new ApiError(Code.NOT_LOGGED_IN, TERMINAL_REFUSED);
    return;
  }
  if (!user) throw new ApiError(Code.NOT_LOGGED_IN, '登录已失效，请重新登录');
  if ('session' in access) return;
  if (!access.anyOf.some((op) => user.operationIds.has(op))) throw forbidden();
}

async function inputOf(c: Context<AppEnv>, def: RouteDef): Promise<unknown> {
  // Every route hands its query to the handler, so every route bounds it (json-limits.ts).
  checkQueryCount(c.req.url);
  const raw = def.method === 'GET' || def.rawBody ? c.req.query() : await readJsonBody(c);
  return def.input ? validateOrThrow(def.input, raw) : raw;
}

/** The Hono handler of one declared route: access, input, then the handler's envelope. */
export function handlerOf(def: RouteDef) {
  return async (c: Context<AppEnv>) => {
    // A terminal route looks at the credential only: a session riding along grants nothing there.
    const terminal = 'terminal' in def.access ? await def.access.terminal(c) : undefined;
    const user = 'terminal' in def.access ? undefined : (c.get('user') as SessionUser | undefined);
    checkAccess(def.access, user, terminal);
    const body = await inputOf(c, def);
    const out = await def.handler({ c, user: user!, terminal, body, query: c.req.query(), params: c.req.param() as Record<string, string> });
    await terminal?.markUsed();
    if (out instanceof Response) return out;
    if (out instanceof Outcome) return reply(c, out.result, out.message, out.code);
    return reply(c, out ?? null);
  };
}

export const fullPath = (def: Pick<RouteDef, 'path' | 'absolute'>) => (def.absolute ? def.path : `/api${def.path}`);

export function mountRoutes(app: Hono<AppEnv>, defs: readonly RouteDef[]) {
  for (const def of defs) {
    if (def.method === 'GET') app.get(fullPath(def), handlerOf(def));
    else app.post(fullPath(def), handlerOf(def));
  }
}
