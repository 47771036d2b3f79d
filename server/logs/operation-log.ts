// The operation log (操作日志): one row per write call by a signed-in user, written after the answer
// is made and before it leaves, so the row is there when the caller sees the answer. Of the
// request only the record ids are kept (rules.ts); of the answer its code, and the message of a
// refusal. A failure to write the row is reported on the console and never changes the answer.
import type { Context } from 'hono';
import type { Database } from '../db/port.ts';
import type { SessionUser } from '../http/context.ts';
import { ApiError, Code } from '../http/envelope.ts';
import { clientAddress } from '../http/client-address.ts';
import { namesRecord, operationOf, recordIdsOf } from './rules.ts';
import type { RouteInfo } from './routes-index.ts';

/** Codes that mean the write was done (docs/api.md: a batch's result and summary are answers too). */
const DONE_CODES: ReadonlySet<number> = new Set([Code.SUCCESS, Code.BATCH_DELETE, Code.BATCH_SUMMARY]);
/** The message a refusal keeps, at most. */
const MAX_MESSAGE = 500;
/** An answer read back for its code and a creation's id, at most (bigger ones: the code only). */
const MAX_ANSWER_READ = 64 * 1024;

const INSERT = `INSERT INTO operation_logs (corp_id, user_id, user_name, real_name, created_at, path, operation_id, operation_name, record_ids, code, success, message, client_address)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

interface Outcome {
  code: number;
  message: string | null;
  /** The id a creation answered (`result.id`), for a body that named none. */
  createdId?: number;
}

/** The first `max` bytes of a copy of the answer, and whether that was all of it. */
async function answerHead(res: Response, max: number): Promise<{ text: string; whole: boolean } | undefined> {
  const body = res.clone().body;
  if (!body) return undefined;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: Buffer.concat(chunks).toString('utf8'), whole: true };
      chunks.push(value);
      size += value.byteLength;
      if (size > max) return { text: Buffer.concat(chunks).toString('utf8'), whole: false };
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

const ENVELOPE_HEAD = /^\{"code":(\d+),"message":("(?:[^"\\]|\\.)*")/;

/** The answer's code and message: a thrown refusal says them itself; an answer made by the handler is read back. */
async function outcomeOf(c: Context): Promise<Outcome> {
  const err = c.error;
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  if (err) return { code: Code.FAILURE, message: '服务器繁忙，请稍后重试' };
  const type = c.res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) return { code: c.res.ok ? Code.SUCCESS : Code.FAILURE, message: null };
  const head = await answerHead(c.res, MAX_ANSWER_READ);
  if (!head) return { code: c.res.ok ? Code.SUCCESS : Code.FAILURE, message: null };
  if (head.whole) {
    try {
      const envelope = JSON.parse(head.text) as { code: number; message: string; result?: { id?: unknown } | null };
      const id = envelope.result?.id;
      return { code: envelope.code, message: envelope.message, createdId: Number.isSafeInteger(id) ? (id as number) : undefined };
    } catch {
      // not an envelope: fall through to the head
    }
  }
  const m = ENVELOPE_HEAD.exec(head.text);
  return m ? { code: Number(m[1]), message: JSON.parse(m[2]) as string } : { code: c.res.ok ? Code.SUCCESS : Code.FAILURE, message: null };
}

export interface OperationRecord {
  c: Context;
  user: SessionUser;
  route: RouteInfo;
  /** The request body as the handler read it, when it was JSON and not too large. */
  bodyText: string | undefined;
  at: number;
}

/** The body as a value, only when it may name ids (no parse for the many bodies without one). */
function bodyOf(text: string | undefined): unknown {
  if (!text || !text.includes('"id')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function recordOperation(db: Database, names: ReadonlyMap<string, string>, r: OperationRecord): Promise<void> {
  if (db.closed) return;
  try {
    const outcome = await outcomeOf(r.c);
    const body = bodyOf(r.bodyText);
    const success = DONE_CODES.has(outcome.code);
    const recordIds = recordIdsOf(body) ?? (success && outcome.createdId !== undefined ? String(outcome.createdId) : null);
    const { operationId, operationName } = operationOf(r.route, names, namesRecord(body));
    const message = outcome.code === Code.SUCCESS || outcome.message === null ? null : outcome.message.slice(0, MAX_MESSAGE);
    await db.run(INSERT, [
      r.user.corpId, r.user.userId, r.user.userName, r.user.realName, r.at, r.route.endpoint, operationId, operationName,
      recordIds, outcome.code, success ? 1 : 0, message, clientAddress(r.c).slice(0, 64),
    ]);
  } catch (err) {
    if (!db.closed) console.error('[logs] 操作日志写入失败', err);
  }
}
