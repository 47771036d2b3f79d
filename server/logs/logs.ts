// The two logs the API keeps without any route's help (docs/security.md "Logs"): the middleware
// mounted after authentication counts every call of a signed-in user (usage.ts) and writes a row for
// each write (operation-log.ts); timers flush the counts and purge old rows (retention.ts). The
// timers never hold the process open, end with the app's close(), and stop by themselves once the
// database is closed (tests close theirs), as the export queue's heartbeat does.
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/port.ts';
import type { AppEnv } from '../http/context.ts';
import { MAX_JSON_BYTES } from '../http/body.ts';
import type { RouteDef } from '../http/route.ts';
import type { RegistryHolder } from '../registry/holder.ts';
import type { Registry } from '../registry/types.ts';
import { recordOperation } from './operation-log.ts';
import { purgeLogs } from './retention.ts';
import { RouteIndex } from './routes-index.ts';
import { operationNames } from './rules.ts';
import { UsageCounter } from './usage.ts';

export interface LogTiming {
  /** How often the usage counts are added to the database. */
  flushMs: number;
  /** How often rows past their corporation's retention are deleted (besides once at start). */
  purgeMs: number;
}

export const LOG_TIMING: LogTiming = { flushMs: 5_000, purgeMs: 24 * 3600_000 };

/**
 * Lets the handler read the request body as before while keeping a copy of it (up to the JSON
 * limit: a larger body is refused anyway), for the record ids the operation log keeps. The copy is
 * made as the handler reads, so it costs no extra read and changes nothing of the body limits.
 */
function copyBodyAsRead(c: Context): () => string | undefined {
  const raw = c.req.raw;
  const source = raw.body;
  if (!source || !/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return () => undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  let whole = true;
  const copy = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, out) {
      if (whole && size + chunk.byteLength <= MAX_JSON_BYTES) {
        chunks.push(chunk);
        size += chunk.byteLength;
      } else {
        whole = false;
      }
      out.enqueue(chunk);
    },
  });
  c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: source.pipeThrough(copy), signal: raw.signal, duplex: 'half' } as RequestInit);
  return () => (whole && size > 0 ? Buffer.concat(chunks, size).toString('utf8') : undefined);
}

export interface Logs {
  middleware: MiddlewareHandler<AppEnv>;
  /** Adds the counts so far to the database (the timer does this every few seconds). */
  flush(): Promise<void>;
  /** Deletes rows past each corporation's retention (the timer does this daily). */
  purge(now?: number): Promise<{ operationLogs: number; interfaceUsage: number }>;
  /** Stops the timers and writes the counts still held. */
  stop(): Promise<void>;
}

export function startLogs(db: Database, registry: RegistryHolder, routes: () => readonly RouteDef[], timing: LogTiming = LOG_TIMING): Logs {
  const index = new RouteIndex(routes);
  const usage = new UsageCounter(db);
  let names: { of: Registry; map: Map<string, string> } | undefined;
  const namesNow = () => {
    const reg = registry.get();
    if (names?.of !== reg) names = { of: reg, map: operationNames(reg.menus) };
    return names.map;
  };
  registry.onReload(() => index.invalidate());

  const purge = (now = Date.now()) => purgeLogs(db, now);
  const timers: NodeJS.Timeout[] = [];
  const stopTimers = () => timers.splice(0).forEach((t) => clearInterval(t));
  const every = (ms: number, work: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => {
      // A database closed under the app ends the timers, rather than failing every tick.
      if (db.closed) return stopTimers();
      void work().catch((err: unknown) => !db.closed && console.error(`[logs] ${what}失败`, err));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(timing.flushMs, () => usage.flush(), '接口调用次数写入');
  every(timing.purgeMs, () => purge(), '日志清理');
  // Once at start, without holding the start up.
  void purge().catch((err: unknown) => !db.closed && console.error('[logs] 日志清理失败', err));

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const user = c.get('user');
    if (!user) return next();
    const route = index.lookup(c.req.method, c.req.path);
    if (!route?.byUser) return next();
    const at = Date.now();
    usage.count(user.corpId, user.userId, route.endpoint, at);
    if (!route.write) return next();
    const bodyText = route.rawBody ? () => undefined : copyBodyAsRead(c);
    await next();
    await recordOperation(db, namesNow(), { c, user, route, bodyText: bodyText(), at });
  };

  return {
    middleware,
    flush: () => usage.flush(),
    purge,
    async stop() {
      stopTimers();
      await usage.flush();
    },
  };
}
