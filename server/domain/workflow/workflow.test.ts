import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTION_NAMES, INITIAL_WAYBILL_STATE, SignStatus, Step, WAYBILL_TRANSITIONS, WaybillStatus,
  applyWaybillAction, availableActions, isFinished, type ActionInput, type WaybillAction, type WaybillState,
} from './waybill-machine.ts';
import { OrderStatus, TaskStatus, applyOrderAction, orderStatusOf, taskStatusOf } from './order-machine.ts';
import { remainingOf, splitPart, type GoodsLine, type Part } from './splits.ts';

const run = (steps: [WaybillAction, ActionInput?][], from = INITIAL_WAYBILL_STATE) =>
  steps.reduce<WaybillState>((s, [action, input]) => {
    const out = applyWaybillAction(s, action, input);
    if (!out.ok) throw new Error(`${action} refused at ${JSON.stringify(s)}: ${out.message}`);
    return out.state;
  }, from);

const HAPPY_PATH: [WaybillAction, ActionInput?][] = [
  ['assignVehicle'], ['receive'], ['startNavigation'], ['arriveWaybillNode', { nodeType: 'start' }], ['startLoad'], ['confirmLoad'],
  ['leaveWaybillNode', { nodeType: 'start' }], ['arriveWaybillNode', { nodeType: 'via' }], ['leaveWaybillNode', { nodeType: 'via' }],
  ['arriveWaybillNode', { nodeType: 'end' }], ['confirmDelivery'], ['leaveWaybillNode', { nodeType: 'end' }],
  ['signOrder', { signedQuantity: 10, deliveredQuantity: 10 }], ['receipt'], ['receiptReview', { passed: true }],
  ['receiptReReview', { passed: true }], ['evaluate'],
];

describe('waybill machine', () => {
  it('runs the whole way from 待派车 to 已完成 with every step of the carriage catalogue', () => {
    const steps: number[] = [];
    HAPPY_PATH.reduce((s, [a, i]) => {
      const next = run([[a, i]], s);
      steps.push(next.step);
      return next;
    }, INITIAL_WAYBILL_STATE);
    expect([...new Set(steps)]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 999]);
    const end = run(HAPPY_PATH);
    expect(end).toEqual({ status: WaybillStatus.COMPLETED, step: Step.DONE, signStatus: SignStatus.NORMAL });
  });

  it('sets the sign-off status from the quantities and damage', () => {
    const atSign = run(HAPPY_PATH.slice(0, 12));
    expect(run([['signOrder', { signedQuantity: 7, deliveredQuantity: 10 }]], atSign).signStatus).toBe(SignStatus.PARTIAL);
    expect(run([['signOrder', { signedQuantity: 10, deliveredQuantity: 10, abnormal: true }]], atSign).signStatus).toBe(SignStatus.ABNORMAL);
  });

  it('lets the driver refuse, and the dispatcher assign again', () => {
    const refused = run([['assignVehicle'], ['refuse']]);
    expect(refused).toMatchObject({ status: WaybillStatus.DRIVER_REFUSED, step: Step.AWAITING_VEHICLE });
    expect(run([['assignVehicle'], ['receive']], refused).status).toBe(WaybillStatus.AWAITING_TRANSPORT);
  });

  it('sends a failed receipt review back one step', () => {
    const review = run(HAPPY_PATH.slice(0, 14));
    expect(run([['receiptReview', { passed: false }]], review).step).toBe(Step.AWAITING_RECEIPT);
    const reReview = run([['receiptReview', { passed: true }], ['receiptReReview', { passed: false }]], review);
    expect(reReview.step).toBe(Step.AWAITING_RECEIPT_REVIEW);
  });

  it('refuses an action out of order with a message and no new state', () => {
    const out = applyWaybillAction(INITIAL_WAYBILL_STATE, 'confirmLoad');
    expect(out).toEqual({ ok: false, message: '运单当前状态不能确认装货，请刷新后重试' });
    expect(applyWaybillAction(run([['assignVehicle'], ['receive']]), 'arriveWaybillNode', { nodeType: 'end' }).ok).toBe(false);
    expect(applyWaybillAction(run(HAPPY_PATH.slice(0, 14)), 'receiptReview', {}).ok).toBe(false);
  });

  it('ends abnormally from any live state before sign-off, and never after', () => {
    for (let n = 0; n <= 12; n++) expect(run([...HAPPY_PATH.slice(0, n), ['abnormalEnd']]).status).toBe(WaybillStatus.ENDED_ABNORMALLY);
    expect(applyWaybillAction(run(HAPPY_PATH.slice(0, 13)), 'abnormalEnd').ok).toBe(false);
    expect(run([...HAPPY_PATH.slice(0, 13), ['manualEnd']]).step).toBe(Step.DONE);
  });

  it('names every action in Chinese and offers only actions that apply', () => {
    for (const row of WAYBILL_TRANSITIONS) expect(ACTION_NAMES[row.action]).toMatch(/[\u4e00-\u9fa5]/);
    expect(availableActions(INITIAL_WAYBILL_STATE).sort()).toEqual(['abnormalEnd', 'assignVehicle']);
  });

  const actions = Object.keys(ACTION_NAMES) as WaybillAction[];
  const arbInput = fc.record({
    nodeType: fc.constantFrom('start', 'via', 'end', undefined),
    passed: fc.constantFrom(true, false, undefined),
    signedQuantity: fc.integer({ min: 0, max: 20 }),
    deliveredQuantity: fc.integer({ min: 0, max: 20 }),
  }) as fc.Arbitrary<ActionInput>;

  it('never leaves the defined states, whatever random sequence of actions is tried', () => {
    const defined = new Set(WAYBILL_TRANSITIONS.flatMap((r) => r.status.map((s) => r.step.map((t) => `${s}/${t}`))).flat());
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...actions), arbInput), { maxLength: 60 }), (seq) => {
        let state = INITIAL_WAYBILL_STATE;
        for (const [action, input] of seq) {
          const out = applyWaybillAction(state, action, input);
          if (!out.ok) continue; // a refused action changes nothing: the caller keeps `state`
          state = out.state;
          const known = defined.has(`${state.status}/${state.step}`) || isFinished(state);
          expect(known, JSON.stringify(state)).toBe(true);
          expect(Object.values(SignStatus)).toContain(state.signStatus);
        }
        if (isFinished(state)) expect(availableActions(state).filter((a) => a !== 'manualEnd')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('order machine', () => {
  const at = (step: number, status: number = WaybillStatus.IN_TRANSIT): WaybillState => ({ status, step, signStatus: SignStatus.NOT_SIGNED });

  it('moves by its own actions only while no waybill carries it', () => {
    expect(applyOrderAction(OrderStatus.AWAITING_DISPATCH, 'delegate', false)).toEqual({ ok: true, status: OrderStatus.AWAITING_VEHICLE });
    expect(applyOrderAction(OrderStatus.AWAITING_VEHICLE, 'rejectDelegation', false)).toEqual({ ok: true, status: OrderStatus.REJECTED });
    expect(applyOrderAction(OrderStatus.AWAITING_DISPATCH, 'cancelOrder', true).ok).toBe(false);
    expect(applyOrderAction(OrderStatus.VOIDED, 'delegate', false)).toEqual({ ok: false, message: '订单当前状态不能委托，请刷新后重试' });
  });

  it('follows the least advanced of its waybills, and says when only part is finished', () => {
    expect(orderStatusOf({ own: 2, parts: [], unassigned: true })).toBe(2);
    expect(orderStatusOf({ own: 2, parts: [at(Step.AWAITING_DRIVER, WaybillStatus.AWAITING_DRIVER)], unassigned: false })).toBe(4);
    expect(orderStatusOf({ own: 2, parts: [at(Step.AWAITING_DELIVERY), at(Step.AWAITING_LOADING_START)], unassigned: false })).toBe(7);
    // Some goods on a waybill, others still waiting: the order shows its waybill, never 待调度 again.
    expect(orderStatusOf({ own: 2, parts: [at(Step.AWAITING_DELIVERY)], unassigned: true })).toBe(11);
    expect(orderStatusOf({ own: 3, parts: [at(Step.AWAITING_DRIVER, WaybillStatus.AWAITING_DRIVER)], unassigned: true })).toBe(4);
    // Every waybill finished but goods still wait: not ended, 999 部分待结束.
    expect(orderStatusOf({ own: 2, parts: [at(Step.DONE, WaybillStatus.COMPLETED)], unassigned: true })).toBe(999);
    expect(orderStatusOf({ own: 2, parts: [at(Step.DONE, WaybillStatus.COMPLETED), at(Step.AWAITING_DELIVERY)], unassigned: false })).toBe(999);
    expect(orderStatusOf({ own: 2, parts: [at(Step.DONE, WaybillStatus.COMPLETED)], unassigned: false })).toBe(-1);
    expect(orderStatusOf({ own: 2, parts: [at(Step.CANCELLED, WaybillStatus.ENDED_ABNORMALLY)], unassigned: false })).toBe(-2);
    expect(orderStatusOf({ own: 2, parts: [at(Step.DONE, WaybillStatus.TRANSFERRED), at(Step.AWAITING_DELIVERY)], unassigned: false })).toBe(11);
  });

  it('derives the task status', () => {
    expect([2, 3, 4, 10, 999, -1, -2, -3, 20].map(taskStatusOf)).toEqual([1, 10, 10, 20, 20, 40, 40, 40, 10]);
    expect(Object.values(TaskStatus)).toEqual([1, 10, 20, 40]);
  });
});

describe('splits', () => {
  const goods: GoodsLine[] = [{ id: 1, goodsName: '饲料', quantity: 30 }, { id: 2, goodsName: '预混料', quantity: 2.5 }];

  it('refuses a split over the remaining quantity with a clear message', () => {
    const first = splitPart(goods, [], [{ goodsId: 1, quantity: 20 }], 1);
    expect(first.ok).toBe(true);
    const parts = [(first as { part: Part }).part];
    expect(splitPart(goods, parts, [{ goodsId: 1, quantity: 10.001 }], 2)).toEqual({ ok: false, message: '饲料：拆分数量超过剩余数量10' });
    expect(splitPart(goods, parts, [{ goodsId: 2, quantity: 0.0001 }], 2).ok).toBe(false);
    expect(splitPart(goods, parts, [{ goodsId: 9, quantity: 1 }], 2)).toEqual({ ok: false, message: '拆分的货物不属于该订单' });
  });

  it('conserves every line through any sequence of splits and cancellations', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.record({ split: fc.integer({ min: 1, max: 2 }), q: fc.integer({ min: 0, max: 40000 }) }), fc.record({ cancel: fc.nat() })), { maxLength: 40 }), (ops) => {
        const parts: Part[] = [];
        for (const op of ops) {
          if ('cancel' in op) {
            const live = parts.filter((p) => !p.cancelled);
            if (live.length) live[op.cancel % live.length].cancelled = true;
          } else {
            const out = splitPart(goods, parts, [{ goodsId: op.split, quantity: op.q / 1000 }], parts.length + 1);
            if (out.ok) parts.push(out.part);
          }
          const left = remainingOf(goods, parts);
          for (const g of goods) {
            const used = parts.filter((p) => !p.cancelled).flatMap((p) => p.lines).filter((l) => l.goodsId === g.id).reduce((a, l) => a + Math.round(l.quantity * 1000), 0);
            expect(Math.round(left.get(g.id)! * 1000) + used).toBe(Math.round(g.quantity * 1000));
            expect(left.get(g.id)!).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
