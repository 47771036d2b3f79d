// Every person-driven action of the waybill machine as POST /waybillAction/<name> with
// {id, version, ...dialog fields}, each guarded by its operation id, and the "before" calls that
// fill the dialogs. The actions run in one transaction each (server/domain/waybills/transition.ts).
import type { Conn } from '../resources/statements.ts';
import type { SessionUser } from '../http/context.ts';
import { route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import type { WaybillAction } from '../domain/workflow/waybill-machine.ts';
import { performAction } from '../domain/waybills/actions.ts';
import { actionableNodes, goodsBefore, paperworkBefore } from '../domain/waybills/before.ts';
import { answersInput } from '../domain/evaluation/answers.ts';
import { EVALUATE_SETTING } from '../domain/waybills/extra-actions.ts';
import { FILE_IDS, goodsList, idInput, idOf, pastTime, quantity, requiredText, text, writeInput } from './waybill-inputs.ts';

const node = { nodeId: idOf('节点'), time: pastTime('时间') };
const reviewed = { passed: { title: '是否通过', type: 'boolean' }, opinion: text('审核意见') };

/** action → its operation id and the dialog's fields. */
const ACTIONS: { action: WaybillAction; op: string; input: object }[] = [
  { action: 'receive', op: 'waybillReceive3', input: writeInput() },
  { action: 'refuse', op: 'waybillRefuse3', input: writeInput({ reason: requiredText('拒单原因') }, ['reason']) },
  { action: 'arriveWaybillNode', op: 'waybillArrive3', input: writeInput(node, ['nodeId']) },
  { action: 'startLoad', op: 'waybillStartLoad3', input: writeInput() },
  { action: 'confirmLoad', op: 'waybillConfirmLoad3', input: writeInput({ goods: goodsList('装货明细') }, ['goods']) },
  { action: 'leaveWaybillNode', op: 'waybillLeave3', input: writeInput(node, ['nodeId']) },
  { action: 'confirmDelivery', op: 'waybillConfirmDelivery3', input: writeInput({ goods: goodsList('交货明细') }, ['goods']) },
  {
    action: 'signOrder', op: 'waybillSign3',
    input: writeInput({
      signedQuantity: quantity('签收数量'), deliveredQuantity: quantity('交货数量'), abnormal: { title: '是否有货损', type: 'boolean' }, remark: text('备注'),
    }, ['signedQuantity', 'deliveredQuantity']),
  },
  { action: 'receipt', op: 'waybillReceipt3', input: writeInput({ fileIds: FILE_IDS }, ['fileIds']) },
  { action: 'receiptReview', op: 'waybillReceiptReview3', input: writeInput(reviewed, ['passed']) },
  { action: 'receiptReReview', op: 'waybillReceiptReReview3', input: writeInput(reviewed, ['passed']) },
  {
    // The bounds the evaluation dialog is told (waybillAction/getEvaluateSetting) are the ones checked.
    action: 'evaluate', op: 'waybillEvaluate3',
    input: writeInput({
      score: { title: '评分', type: 'integer', minimum: EVALUATE_SETTING.minScore, maximum: EVALUATE_SETTING.maxScore },
      content: text('评价内容', EVALUATE_SETTING.contentMaxLength),
      answers: answersInput,
    }, ['score']),
  },
  { action: 'abnormalEnd', op: 'waybillAbnormalEnd3', input: writeInput({ reason: requiredText('异常原因') }, ['reason']) },
  { action: 'manualEnd', op: 'waybillManualEnd3', input: writeInput({ remark: text('备注') }) },
];

export function waybillActionRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const before = (name: string, ops: string[], read: (c: Conn, r: Registry, u: SessionUser, id: number) => Promise<unknown>) =>
    route({ method: 'POST', path: `/waybillAction/${name}`, access: { anyOf: ops }, input: idInput, handler: ({ user, body }) => read(conn, registry(), user, body.id) });
  return [
    ...ACTIONS.map(({ action, op, input }) =>
      route({ method: 'POST', path: `/waybillAction/${action}`, access: { anyOf: [op] }, input, handler: ({ user, body }) => performAction(conn, registry(), user, action, body) }),
    ),
    before('getWaybillNodeList', ['waybillArrive3', 'waybillLeave3'], actionableNodes),
    before('getGoodsInfoBeforeLoad', ['waybillConfirmLoad3'], goodsBefore),
    before('getGoodsInfoBeforeDelivery', ['waybillConfirmDelivery3'], goodsBefore),
    before('getGoodsBeforeSign', ['waybillSign3'], goodsBefore),
    before('getOrderBeforeReceipt', ['waybillReceipt3'], paperworkBefore),
    before('getOrderBeforeReceiptReview', ['waybillReceiptReview3'], paperworkBefore),
    before('getOrderBeforeReceiptReReview', ['waybillReceiptReReview3'], paperworkBefore),
    before('getOrderBeforeEvaluate', ['waybillEvaluate3'], paperworkBefore),
  ];
}
