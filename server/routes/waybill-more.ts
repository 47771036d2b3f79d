// The rest of spec section 7 "Waybills" (service 'waybill', 'waybillAction', 'waybillHistory'):
// generate from orders, add or edit by hand, numbers, copy, the smaller reads, the version history,
// and the waybillAction calls that are not machine transitions (department, delegation, gate checks)
// with their dialogs' reads. Each needs its operation id from schemas/menus/transport.json.
import type { Conn } from '../resources/statements.ts';
import { forbidden } from '../http/envelope.ts';
import { route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { pagingProperties } from '../resources/input-schemas.ts';

/** Paging without sorting: these lists have one fixed order. */
const { curPage, pageSize } = pagingProperties([]);
const pageOnly = { curPage, pageSize };
import { CHECK_TYPES } from '../domain/waybills/checks.ts';
import { infoForEdit, peekWaybillNo, saveOrEdit, waybillNoTaken } from '../domain/waybills/edit.ts';
import { assignDepartment, checkWaybill, delegateWaybill, evaluateSetting, leaveNodeInfo, NODE_ACTIONS, nodesByAction } from '../domain/waybills/extra-actions.ts';
import { copyWaybill, generateFromOrders } from '../domain/waybills/generate.ts';
import { historyPage } from '../domain/waybills/history.ts';
import { businessTypeOf, detailByNo, expandOf, goodsList, infoForAssignVehicle, orderList } from '../domain/waybills/reads.ts';
import { idInput, idOf, idQuery, quantity, requiredText, text, VERSION, writeInput } from './waybill-inputs.ts';
import { thenReestimate } from '../domain/settlement/fees/re-estimate.ts';

const READ = ['waybill3', 'waybillDetail3', 'orderDetail3'];
const EDIT = ['waybillAdd3', 'waybillUpdate3'];
const MAX_TIME = 253402300799999;

const time = (title: string) => ({ title, type: ['integer', 'null'], minimum: 0, maximum: MAX_TIME });
const NODES = {
  title: '线路节点',
  type: 'array',
  minItems: 2,
  maxItems: 22,
  items: {
    title: '线路节点',
    type: 'object',
    additionalProperties: false,
    required: ['nodeType', 'areaId'],
    properties: {
      nodeType: { title: '节点类型', enum: ['start', 'via', 'end'] },
      areaId: idOf('地点'),
      requiredArriveTime: time('要求到达时间'),
      requiredLeaveTime: time('要求离开时间'),
    },
  },
};
const HAND_GOODS = {
  title: '货物明细',
  type: 'array',
  maxItems: 200,
  items: {
    title: '货物明细',
    type: 'object',
    additionalProperties: false,
    required: ['goodsName', 'quantity', 'unit'],
    properties: {
      goodsName: requiredText('货物名称', 64),
      goodsCode: text('货物编码', 64),
      quantity: { ...quantity('数量'), exclusiveMinimum: 0 },
      weight: quantity('重量'),
      volume: quantity('体积'),
      unit: requiredText('单位', 16),
    },
  },
};
const ORDER_PICKS = (min: number) => ({
  title: '关联订单',
  type: 'array',
  minItems: min,
  maxItems: 50,
  items: {
    title: '关联订单',
    type: 'object',
    additionalProperties: false,
    required: ['orderId', 'version'],
    properties: { orderId: idOf('订单'), version: VERSION, partId: idOf('拆分单') },
  },
});

const saveInput = {
  type: 'object',
  additionalProperties: false,
  required: ['nodes'],
  properties: {
    id: idOf('运单ID'),
    version: VERSION,
    waybillNo: { title: '运单号', type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_-]{1,32}$' },
    waybillName: text('运单名称', 64),
    businessType: { title: '业务类型', type: 'integer', minimum: 0, maximum: 19 },
    carrierId: idOf('承运商'),
    remark: text('备注'),
    nodes: NODES,
    goods: HAND_GOODS,
    orders: ORDER_PICKS(0),
  },
};

const generateInput = {
  type: 'object',
  additionalProperties: false,
  required: ['orders'],
  properties: { orders: ORDER_PICKS(1), waybillName: text('运单名称', 64), remark: text('备注'), carrierId: idOf('承运商') },
};

const historyInput = {
  type: 'object',
  additionalProperties: false,
  properties: { ...pageOnly, id: idOf('运单ID'), waybillNo: text('运单号', 32) },
};

const noQuery = (name: string, title = '运单号') => ({
  type: 'object', additionalProperties: false, required: [name], properties: { [name]: { title, type: 'string', minLength: 1, maxLength: 32 } },
});

export function waybillMoreRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const byId = (path: string, access: string[], read: (id: number) => unknown) =>
    route({ method: 'GET', path, access: { anyOf: access }, input: idQuery, handler: ({ body }) => read(Number(body.id)) });
  return [
    route({
      method: 'POST', path: '/waybill/generateWaybillFromOrder', access: { anyOf: ['waybillAdd3'] }, input: generateInput,
      handler: ({ user, body }) => generateFromOrders(conn, user, body),
    }),
    route({
      method: 'POST', path: '/waybill/saveOrEdit', access: { anyOf: EDIT }, input: saveInput,
      handler: ({ user, body }) => {
        // Adding needs waybillAdd3, editing waybillUpdate3: the route admits either, the body decides.
        if (!user.operationIds.has(body.id === undefined ? 'waybillAdd3' : 'waybillUpdate3')) throw forbidden();
        return thenReestimate(conn, user.corpId, 'change', saveOrEdit(conn, user, body), (r) => [r.id]);
      },
    }),
    route({
      method: 'GET', path: '/waybill/waybillNo/repeat', access: { anyOf: EDIT },
      input: { ...noQuery('waybillNo'), properties: { ...noQuery('waybillNo').properties, id: { title: '运单ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      handler: ({ user, body }) => waybillNoTaken(conn, user, body.waybillNo, body.id === undefined ? undefined : Number(body.id)),
    }),
    route({ method: 'GET', path: '/waybill/getWaybillNo', access: { anyOf: EDIT }, input: { type: 'object', additionalProperties: false, properties: {} }, handler: ({ user }) => peekWaybillNo(conn, user) }),
    route({
      method: 'GET', path: '/waybill/getWaybillInfoForEdit', access: { anyOf: EDIT }, input: idQuery,
      handler: ({ user, body }) => infoForEdit(conn, registry(), user, Number(body.id)),
    }),
    route({
      // The spec lists it under GET; it creates a waybill, so it is POST (docs/api.md "No state change on GET").
      method: 'POST', path: '/waybill/copyWaybill', access: { anyOf: ['waybillCopy3'] }, input: idInput,
      handler: ({ user, body }) => copyWaybill(conn, user, body.id),
    }),
    route({ method: 'GET', path: '/waybill/findGoodsListByWaybillId', access: { anyOf: READ }, input: idQuery, handler: ({ user, body }) => goodsList(conn, user, Number(body.id)) }),
    route({ method: 'GET', path: '/waybill/getOrderInfoListByWaybillId', access: { anyOf: READ }, input: idQuery, handler: ({ user, body }) => orderList(conn, registry(), user, Number(body.id)) }),
    route({
      method: 'GET', path: '/waybill/getWaybillInfoForAssignVehicle', access: { anyOf: ['waybillAssignVehicle3'] }, input: idQuery,
      handler: ({ user, body }) => infoForAssignVehicle(conn, registry(), user, Number(body.id)),
    }),
    route({ method: 'GET', path: '/waybill/getWaybillBusinessType', access: { anyOf: READ }, input: idQuery, handler: ({ user, body }) => businessTypeOf(conn, registry(), user, Number(body.id)) }),
    route({ method: 'GET', path: '/waybill/findWaybillExpandById', access: { anyOf: READ }, input: idQuery, handler: ({ user, body }) => expandOf(conn, registry(), user, Number(body.id)) }),
    route({
      method: 'GET', path: '/waybill/getDetailByWaybillNo', access: { anyOf: READ }, input: noQuery('waybillNo'),
      handler: ({ user, body }) => detailByNo(conn, registry(), user, body.waybillNo),
    }),
    route({
      method: 'POST', path: '/waybillHistory/findByPage', access: { anyOf: ['waybillRecord3'] }, input: historyInput,
      handler: ({ user, body }) => historyPage(conn, registry(), user, body),
    }),
    // ---------- waybillAction: not transitions of the machine ----------
    route({
      method: 'GET', path: '/waybillAction/getNodeListByAction', access: { anyOf: Object.values(NODE_ACTIONS) },
      input: {
        type: 'object', additionalProperties: false, required: ['id', 'action'],
        properties: { id: idQuery.properties.id, action: { title: '动作', enum: Object.keys(NODE_ACTIONS) } },
      },
      handler: ({ user, body }) => {
        if (!user.operationIds.has(NODE_ACTIONS[body.action])) throw forbidden();
        return nodesByAction(conn, registry(), user, Number(body.id), body.action);
      },
    }),
    route({ method: 'POST', path: '/waybillAction/getLeaveNodeInfoList', access: { anyOf: ['waybillLeave3'] }, input: idInput, handler: ({ user, body }) => leaveNodeInfo(conn, registry(), user, body.id) }),
    route({
      method: 'POST', path: '/waybillAction/assignDepartment', access: { anyOf: ['waybillAssignDepartment3'] }, input: writeInput({ orgId: idOf('部门') }, ['orgId']),
      handler: ({ user, body }) => assignDepartment(conn, registry(), user, body),
    }),
    route({
      method: 'POST', path: '/waybillAction/delegateWaybill', access: { anyOf: ['waybillDelegate3'] }, input: writeInput({ carrierId: idOf('承运商') }, ['carrierId']),
      handler: ({ user, body }) => thenReestimate(conn, user.corpId, 'delegate', delegateWaybill(conn, registry(), user, body), () => [body.id]),
    }),
    route({
      method: 'POST', path: '/waybillAction/check', access: { anyOf: ['waybillCheck3'] },
      input: writeInput({
        checkType: { title: '检查类型', enum: Object.values(CHECK_TYPES) }, passed: { title: '是否通过', type: 'boolean' }, nodeId: idOf('节点'), remark: text('检查说明'),
      }, ['checkType', 'passed']),
      handler: ({ user, body }) => checkWaybill(conn, registry(), user, body),
    }),
    route({
      method: 'GET', path: '/waybillAction/getEvaluateSetting', access: { anyOf: ['waybillEvaluate3'] },
      input: { type: 'object', additionalProperties: false, properties: { id: idQuery.properties.id } },
      handler: ({ user, body }) => evaluateSetting(conn, user, body.id === undefined ? undefined : Number(body.id)),
    }),
  ];
}

