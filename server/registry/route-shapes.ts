// What the renderer needs of pages whose records are not engine resources (orders, waybills): the
// form's JSON Schema and the field titles come from the submit route's own `input` schema, so a
// dialog validates exactly like the server and nothing is declared twice; and each state-gated
// action gets the record states in which the workflow module allows it.
import type { RouteDef } from '../http/route.ts';
import { applyOrderAction, ORDER_ACTION_NAMES, OrderStatus, type OrderAction } from '../domain/workflow/order-machine.ts';
import { WAYBILL_TRANSITIONS } from '../domain/workflow/waybill-machine.ts';
import { isOrderGatedAction, ORDER_GATES, type OrderGate } from '../domain/workflow/order-gates.ts';
import { BILL_TRANSITIONS } from '../domain/settlement/bills/machine.ts';
import { EDITABLE as WAYBILL_EDITABLE } from '../domain/waybills/edit.ts';
import type { Action, FieldSchema, PageFile } from './types.ts';
import { REF_TARGETS } from './ref-targets.ts';

type Call = { method?: 'GET' | 'POST'; path: string };
type InputSchema = { properties?: Record<string, FieldSchema>; required?: string[] };

/** The declared route a page call names (its method defaults to POST, like the renderer's). */
export function routeOfCall(routes: readonly RouteDef[], call: Call | undefined): RouteDef | undefined {
  if (!call) return undefined;
  const method = call.method ?? 'POST';
  return routes.find((r) => !r.absolute && r.method === method && r.path === call.path);
}

/**
 * For a page without a resource: `fields` (every input property of its submit or list route, for
 * titles and sorting) and, for a form, `formSchema`
 * (the route's input restricted to form.fields; the record's id and version travel beside it).
 */
export function routeFormShapes(page: PageFile, routes: readonly RouteDef[]) {
  // A list's fields are its list call's filters: what it can sort and filter by (createdAtStr sorts by createdAt).
  const api = page.api as { submit?: Call; list?: Call } | undefined;
  const input = routeOfCall(routes, api?.submit ?? api?.list)?.input as InputSchema | undefined;
  if (!input?.properties) return {};
  const fields = input.properties;
  const form = page.form as { fields: string[] } | undefined;
  if (!form) return { fields };
  const properties = Object.fromEntries(form.fields.filter((f) => f in fields).map((f) => [f, fields[f]]));
  const required = (input.required ?? []).filter((f) => form.fields.includes(f));
  // A field naming a resource (x-reference, as a resource's virtual fields do) is picked from its list.
  const references = Object.fromEntries(Object.entries(properties).flatMap(([field, s]) => {
    const ref = (s as { 'x-reference'?: { resource: string; label?: string } })['x-reference'];
    return ref ? [[field, { resource: ref.resource, label: ref.label, list: REF_TARGETS[ref.resource]?.list ?? `/res/${ref.resource}/list` }]] : [];
  }));
  return { fields, formSchema: { type: 'object', properties, required }, ...(Object.keys(references).length ? { references } : {}) };
}

export type StateMachine = 'order' | 'waybill' | 'login' | 'credential' | 'bill';

export type RowGate = Record<string, (number | string)[]>;

/** The actions a page may name in `state` for each machine. */
export function machineActions(machine: StateMachine): string[] {
  if (machine === 'login') return ['unlock'];
  if (machine === 'credential') return ['revoke'];
  // 'distribute:2' (分发, a carrier bill) and 'distribute:1' (发送, a customer bill): one action, named by side.
  if (machine === 'bill') return [...new Set(BILL_TRANSITIONS.flatMap((r) => [r.action as string, `${r.action}:${r.side}`]))];
  if (machine === 'waybill') return [...new Set(WAYBILL_TRANSITIONS.map((r) => r.action as string)), 'update'];
  return [...Object.keys(ORDER_ACTION_NAMES), ...Object.keys(ORDER_GATES)];
}

/** The states (field → allowed values, any entry) in which a machine's action is available. */
export function availableWhen(machine: StateMachine, action: string): Record<string, number[]>[] {
  // A user's login limit: 解锁 applies while the list row says the account is held back (loginLimited 1).
  if (machine === 'login') return action === 'unlock' ? [{ loginLimited: [1] }] : [];
  // A terminal credential is revoked once, while it is still valid (status 1 有效).
  if (machine === 'credential') return action === 'revoke' ? [{ status: [1] }] : [];
  // A bill's action depends on its side too (分发 of a carrier bill, 发送 of a customer bill); who may act
  // (finance or the partner) is in each row's availableActions, which the console prefers.
  if (machine === 'bill') {
    const [name, side] = action.split(':');
    return BILL_TRANSITIONS.filter((r) => r.action === name && (side === undefined || r.side === Number(side))).map((r) => ({ side: [r.side], status: [...r.from] }));
  }
  if (machine === 'waybill') {
    // 修改 is no transition: the edit endpoint's own statuses (edit.ts), checked there too.
    if (action === 'update') return [{ status: [...WAYBILL_EDITABLE] }];
    return WAYBILL_TRANSITIONS.filter((r) => r.action === action).map((r) => ({ status: [...r.status], step: [...r.step] }));
  }
  if (isOrderGatedAction(action)) {
    const gate: OrderGate = ORDER_GATES[action];
    const also = Object.fromEntries(Object.entries(gate.also ?? {}).map(([f, v]) => [f, [...v]]));
    return [{ status: [...gate.statuses], ...also }];
  }
  const statuses = Object.values(OrderStatus).filter((s) => applyOrderAction(s, action as OrderAction, false).ok);
  return statuses.length ? [{ status: statuses }] : [];
}

/** A page's own row condition (`when`: one entry or any of several), as the renderer reads gates. */
export const gatesOfWhen = (when: RowGate | RowGate[]): RowGate[] => (Array.isArray(when) ? when : [when]);

/** Each gated action gets `availableWhen`: from its machine (`state`) or its own row condition (`when`). */
export function withActionStates(actions: Action[] | undefined): Action[] | undefined {
  return actions?.map((a) => {
    const state = a.state as { machine: StateMachine; action: string } | undefined;
    if (state) return { ...a, availableWhen: availableWhen(state.machine, state.action) };
    const when = a.when as RowGate | RowGate[] | undefined;
    return when ? { ...a, availableWhen: gatesOfWhen(when) } : a;
  });
}
