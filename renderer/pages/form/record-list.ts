// The list an action dialog's widget offers: a list in the before call's answer (`from`), or, with
// `list: {path, idParam, query}`, the answer of its own GET call (the order's goods from
// orderInfo/getGoodsInfoByOrderId given the dialog's record id; the used business types of a line
// from flowBusinessType/getUsedBusinessTypeList?type=). `where` keeps the items whose field is truthy.
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';

export type Item = Record<string, unknown>;
export interface ListCall {
  path: string;
  /** The query parameter receiving the dialog's record id. */
  idParam?: string;
  query?: Record<string, string | number>;
}
export interface ListContext {
  env?: Env;
  record?: Item;
  recordId?: string;
}

export function listQuery(call: ListCall, recordId: string | undefined): Record<string, string> {
  const q: Record<string, string> = Object.fromEntries(Object.entries(call.query ?? {}).map(([k, v]) => [k, String(v)]));
  if (call.idParam && recordId !== undefined) q[call.idParam] = recordId;
  return q;
}

const keep = (items: unknown, where: unknown): Item[] =>
  Array.isArray(items) ? (items as Item[]).filter((i) => !where || Boolean(i[String(where)])) : [];

/** The items of `options` (from the record, or fetched once); null while a fetch is under way. */
export function useRecordList(options: Record<string, unknown>, ctx: ListContext): Item[] | null {
  const call = options.list as ListCall | undefined;
  const [fetched, setFetched] = useState<Item[] | null>(null);
  const key = call ? JSON.stringify(listQuery(call, ctx.recordId)) : '';
  useEffect(() => {
    if (!call || !ctx.env) return;
    let live = true;
    ctx.env.api.get<unknown>(call.path, listQuery(call, ctx.recordId)).then(
      (answer) => live && setFetched(Array.isArray(answer) ? (answer as Item[]) : []),
      // The client has shown the message; the widget offers nothing.
      () => live && setFetched([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [call?.path, key, ctx.env]);
  if (call) return fetched === null ? null : keep(fetched, options.where);
  return keep(ctx.record?.[String(options.from)], options.where);
}
