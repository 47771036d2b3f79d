// Order endpoints past the form: splitting, assigning a vehicle (creates the waybill), the order
// actions (delegate, reject or cancel delegation, void, distribution, delete) and saved versions.
import type { Conn } from '../db/port.ts';
import { route } from '../http/route.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { Registry } from '../registry/types.ts';
import { cancelDelegation, cancelOrder, delegate, deleteOrders, distribute, rejectDelegation } from '../domain/orders/actions.ts';
import { assignVehicle, infoForAssignVehicle, type AssignInput } from '../domain/orders/assign-vehicle.ts';
import { goodsOfVersion, historyPage } from '../domain/orders/history.ts';
import { cancelSplit, finishSplit, querySplit, splitOrder } from '../domain/orders/split.ts';
import * as S from '../domain/orders/schemas.ts';
import { thenReestimate, waybillsOfOrders } from '../domain/settlement/fees/re-estimate.ts';

type IdVersion = { id: number; version: number };
const SPLIT = ['orderSplit3'];
/** A carrier user assigns its own vehicles to orders delegated to it. */
const ASSIGN = ['orderAssignVehicle3', 'waybillAssignVehicle3'];
const versionParams = { type: 'object', required: ['orderNo', 'version'], properties: { orderNo: S.ORDER_NO, version: { title: '版本', type: 'string', pattern: '^[1-9][0-9]{0,8}$' } } };

export function orderFlowRoutes(conn: Conn, registry: () => Registry) {
  return [
    route<{ orderId: number }>({
      method: 'POST', path: '/orderInfo/querySplitOrder', access: { anyOf: SPLIT }, input: S.orderIdSchema,
      handler: ({ user, body }) => querySplit(conn, user, body.orderId),
    }),
    route({ method: 'POST', path: '/orderInfo/splitOrder', access: { anyOf: SPLIT }, input: S.splitSchema, handler: ({ user, body }) => splitOrder(conn, user, body) }),
    route({ method: 'POST', path: '/orderInfo/cancelSplitOrder', access: { anyOf: SPLIT }, input: S.cancelSplitSchema, handler: ({ user, body }) => cancelSplit(conn, user, body) }),
    route({ method: 'POST', path: '/orderInfo/splitOrderOver', access: { anyOf: SPLIT }, input: S.splitOverSchema, handler: ({ user, body }) => finishSplit(conn, user, body) }),
    route<AssignInput>({
      method: 'POST', path: '/orderInfo/assignVehicle', access: { anyOf: ASSIGN }, input: S.assignVehicleSchema,
      handler: ({ user, body }) => thenReestimate(conn, user.corpId, 'assignVehicle', assignVehicle(conn, user, body), (r) => [r.waybillId]),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/orderInfo/getOrderInfoForAssignVehicle', access: { anyOf: ASSIGN }, input: S.getById,
      handler: ({ user, body }) => infoForAssignVehicle(conn, registry(), user, Number(body.id)),
    }),
    route({ method: 'POST', path: '/orderInfo/delegate', access: { anyOf: ['orderDelegate3'] }, input: S.delegateSchema, handler: ({ user, body }) => thenReestimate(conn, user.corpId, 'delegate', delegate(conn, user, body), () => waybillsOfOrders(conn, body.ids ?? (body.id ? [body.id] : []))) }),
    // Not in the spec's list: the two ways back from a delegation (order-machine.ts), documented in docs/api.md.
    route<IdVersion>({
      method: 'POST', path: '/orderInfo/rejectDelegation', access: { anyOf: ['orderDelegate3', 'waybillRefuse3'] }, input: S.orderVersionSchema,
      handler: ({ user, body }) => rejectDelegation(conn, user, body.id, body.version),
    }),
    route<IdVersion>({
      method: 'POST', path: '/orderInfo/cancelDelegation', access: { anyOf: ['orderDelegate3'] }, input: S.orderVersionSchema,
      handler: ({ user, body }) => cancelDelegation(conn, user, body.id, body.version),
    }),
    // The spec lists it under GET; it changes state, so it is POST (docs/api.md "No state change on GET").
    route<IdVersion>({
      method: 'POST', path: '/orderInfo/cancelOrder', access: { anyOf: ['orderCancel3'] }, input: S.orderVersionSchema,
      handler: ({ user, body }) => cancelOrder(conn, user, body.id, body.version),
    }),
    route({ method: 'POST', path: '/orderInfo/distribution', access: { anyOf: ['orderDistribution3'] }, input: S.distributionSchema, handler: ({ user, body }) => distribute(conn, user, body) }),
    route<{ ids: number[] }>({
      method: 'POST', path: '/orderInfo/delete', access: { anyOf: ['orderDelete3'] }, input: S.deleteSchema,
      handler: ({ user, body }) => deleteOrders(conn, user, body.ids),
    }),
    route<{ orderNo: string; curPage?: number; pageSize?: number }>({
      method: 'POST', path: '/orderInfoHistory/findByPage', access: { anyOf: ['orderRecord3'] }, input: S.historyPageSchema,
      handler: ({ user, body }) => historyPage(conn, registry(), user, body),
    }),
    route({
      method: 'GET', path: '/orderInfoHistory/orderGoods/list/:orderNo/:version', access: { anyOf: ['orderRecord3'] },
      input: { type: 'object', additionalProperties: false, properties: {} },
      handler: ({ user, params }) => {
        const p = validateOrThrow<{ orderNo: string; version: string }>(versionParams, params);
        return goodsOfVersion(conn, user, p.orderNo, Number(p.version));
      },
    }),
  ];
}
