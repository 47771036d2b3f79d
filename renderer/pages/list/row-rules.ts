// What a row offers: which of its actions its state allows, what a row call sends, and where a
// business-jump cell leads. Pure, so the rules are tested without rendering.
import type { Action, Call, Column, PageSchema } from '../page-types.ts';
import type { Row } from './list-types.ts';

/** Spec section 2: the business jump from a record needs operation 5023. */
export const JUMP_OPERATION = '5023';

/**
 * A gated action is offered when the record allows it now: for a machine's action (`state`), the
 * row's own `availableActions` when the server sends them; else the states the server derived from
 * the workflow module or the page's `when` (`availableWhen`: any entry whose every field holds one
 * of its values).
 */
export function actionAvailable(action: Action, row: Row): boolean {
  const own = row.availableActions;
  if (action.state && Array.isArray(own)) return own.includes(action.state.action);
  const gates = action.availableWhen;
  if (!gates) return true;
  return gates.some((gate) => matches(gate, row));
}

/** A row shows at most this many actions as links; the rest go under 更多. */
export const ROW_LINKS = 3;

/** The actions a row offers, in the page's declared order: the first `ROW_LINKS` as links, the rest in the 更多 menu. */
export function rowActionLayout(actions: Action[], row: Row, max = ROW_LINKS): { links: Action[]; more: Action[] } {
  const offered = actions.filter((a) => actionAvailable(a, row));
  if (offered.length <= max) return { links: offered, more: [] };
  return { links: offered.slice(0, max), more: offered.slice(max) };
}

/** A row call carries the record's id (under the call's idParam) and, when the row has one, its version. */
export function rowCallBody(action: Action, row: Row): Record<string, unknown> {
  const key = action.call?.idParam ?? 'id';
  return { [key]: row.id, ...(row.version !== undefined && row.version !== null ? { version: row.version } : {}) };
}

const matches = (gate: Record<string, unknown[]>, row: Row) => Object.entries(gate).every(([field, values]) => values.includes(row[field] as never));

/**
 * The calls a batch action makes for the selected rows: its `call` with every id under the call's
 * `idsParam` (default ids); with `calls`, each row goes to the first entry whose `when` it matches
 * (an entry without `when` takes the rest), and each entry given rows is one call.
 */
export function batchCalls(action: Action, rows: Row[]): { call: Call; body: Record<string, unknown> }[] {
  const entries = action.calls ?? (action.call ? [{ call: action.call }] : []);
  const ids = entries.map(() => [] as unknown[]);
  for (const row of rows) {
    const i = entries.findIndex((e) => !e.when || matches(e.when, row));
    if (i >= 0) ids[i].push(row.id);
  }
  return entries.flatMap((e, i) => (ids[i].length ? [{ call: e.call, body: { [e.call.idsParam ?? 'ids']: ids[i] } }] : []));
}

/**
 * The address a `link` column opens: the page the list names for that kind of record, at its menu
 * route, with `orderId` / `waybillId` (spec section 2) set to the row's `<kind>Id`, else its id.
 */
export function linkHref(page: Pick<PageSchema, 'links'>, column: Column, row: Row, routeOf: (pageId: string) => string): string | undefined {
  const kind = column.link;
  if (!kind) return undefined;
  const target = page.links?.[kind];
  // A row that names the field but holds none (a vehicle carrying no waybill) links nowhere.
  const id = `${kind}Id` in row ? row[`${kind}Id`] : row.id;
  if (!target || id === undefined || id === null || id === '') return undefined;
  return `${routeOf(target)}?${kind}Id=${encodeURIComponent(String(id))}`;
}
