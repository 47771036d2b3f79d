// Which statuses of the spec's catalogues (schemas/dictionaries) the state machines can reach,
// worked out from the machines themselves: a search over the waybill transition table from the
// initial state, the order's own actions from 2 待调度, and the statuses orderStatusOf derives from
// any one or two reachable waybills (plus 31 待转运, which order-sync derives while a transfer the
// machine allows waits). Demo-data tests compare against this instead of a hand-written list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_NAMES, applyWaybillAction, INITIAL_WAYBILL_STATE, type ActionInput, type WaybillAction, type WaybillState } from '../../server/domain/workflow/waybill-machine.ts';
import { applyOrderAction, ORDER_ACTION_NAMES, OrderStatus, orderStatusOf, type OrderAction } from '../../server/domain/workflow/order-machine.ts';

/** The ids of one dictionary of schemas/dictionaries (the spec's catalogues). */
export function catalogue(dicTypeKey: string): number[] {
  const file = join(import.meta.dirname, '..', '..', 'schemas', 'dictionaries', `${dicTypeKey}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { items: { id: number }[] }).items.map((i) => i.id);
}

/** Every kind of input an action may be given: node kinds, review outcomes, sign-off outcomes. */
const INPUTS: ActionInput[] = [
  {}, { nodeType: 'start' }, { nodeType: 'via' }, { nodeType: 'end' }, { passed: true }, { passed: false },
  { deliveredQuantity: 10, signedQuantity: 10 }, { deliveredQuantity: 10, signedQuantity: 8 }, { deliveredQuantity: 10, signedQuantity: 10, abnormal: true },
];

export function reachableWaybillStates(): WaybillState[] {
  const seen = new Map<string, WaybillState>([[JSON.stringify(INITIAL_WAYBILL_STATE), INITIAL_WAYBILL_STATE]]);
  const queue = [INITIAL_WAYBILL_STATE];
  while (queue.length) {
    const state = queue.shift()!;
    for (const action of Object.keys(ACTION_NAMES) as WaybillAction[]) {
      for (const input of INPUTS) {
        const out = applyWaybillAction(state, action, input);
        if (!out.ok || seen.has(JSON.stringify(out.state))) continue;
        seen.set(JSON.stringify(out.state), out.state);
        queue.push(out.state);
      }
    }
  }
  return [...seen.values()];
}

export function reachableOrderStatuses(): Set<number> {
  const own = new Set<number>([OrderStatus.AWAITING_DISPATCH]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const status of [...own]) {
      for (const action of Object.keys(ORDER_ACTION_NAMES) as OrderAction[]) {
        const out = applyOrderAction(status, action, false);
        if (out.ok && !own.has(out.status)) (own.add(out.status), (grew = true));
      }
    }
  }
  const waybills = reachableWaybillStates();
  const derived = new Set(own);
  for (const o of own) {
    for (const a of waybills) {
      for (const b of [null, ...waybills]) {
        for (const unassigned of [false, true]) derived.add(orderStatusOf({ own: o, parts: b ? [a, b] : [a], unassigned }));
      }
    }
  }
  if (waybills.some((w) => applyWaybillAction(w, 'transfer').ok)) derived.add(OrderStatus.AWAITING_TRANSFER);
  return derived;
}

/** The catalogue's statuses the machines reach, in catalogue order. */
export function reachableCatalogue(dicTypeKey: string, reachable: Set<number>): number[] {
  return catalogue(dicTypeKey).filter((id) => reachable.has(id));
}
