// More order endpoints of spec section 7 ("Orders"): copy, change destination and goods detail,
// the customer's batch confirmations (code 107), the order monitor, the detail page's reads and
// the business-type lists. The logic lives in server/domain/orders; this file only declares
// paths, access and input schemas.
import type { Conn } from '../db/port.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { corpSettings } from '../domain/auth/user-info.ts';
import { allBusinessTypes, usedBusinessTypes } from '../domain/orders/business-types.ts';
import { changeDestination, changeDistance } from '../domain/orders/change-destination.ts';
import { changeGoodsDetail, type ChangedLine } from '../domain/orders/change-goods.ts';
import { copyOrder } from '../domain/orders/copy.ts';
import { confirmBatch, goodsForConfirmation } from '../domain/orders/customer-confirm.ts';
import { orderMonitor } from '../domain/orders/monitor.ts';
import * as M from '../domain/orders/more-schemas.ts';
import { getById, getByOrderId } from '../domain/orders/schemas.ts';
import { stowageRoutes } from './stowage.ts';
import { assistanceStatus, displayOfGoodsField, findOrderById, goodsInfo, orderEvents, orderExpand, waybillsOfOrder } from '../domain/orders/views.ts';
import { thenReestimate, waybillsOfOrders } from '../domain/settlement/fees/re-estimate.ts';

const READ = ['order3', 'orderDetail3'];
const DESTINATION = ['orderChangeDestination3'];
const CONFIRM = ['orderBatchShipment3', 'orderBatchDelivery3'];
type Ids = { ids: number[] };

export function orderMoreRoutes(conn: Conn, registry: () => Registry) {
  return [
    // Not in the spec's list (its order dialogs include "copy"): our path, documented in docs/api.md.
    route<{ id: number; version?: number; count?: number }>({
      method: 'POST', path: '/orderInfo/copyOrder', access: { anyOf: ['orderCopy3'] }, input: M.copySchema,
      handler: ({ user, body }) => copyOrder(conn, user, body),
    }),
    route<{ id: number; version: number; receiverAreaId: number; reason?: string }>({
      method: 'POST', path: '/orderInfo/changeDestination', access: { anyOf: DESTINATION }, input: M.changeDestinationSchema,
      handler: ({ user, body }) => thenReestimate(conn, user.corpId, 'change', changeDestination(conn, user, body), () => waybillsOfOrders(conn, [body.id])),
    }),
    route<{ id: number; receiverAreaId: number }>({
      method: 'POST', path: '/orderInfo/getChangeDistance', access: { anyOf: DESTINATION }, input: M.changeDistanceSchema,
      handler: ({ user, body }) => changeDistance(conn, user, body),
    }),
    route<{ id: number; version: number; goods: ChangedLine[] }>({
      method: 'POST', path: '/orderInfo/changeGoodsDetail', access: { anyOf: ['orderChangeGoods3'] }, input: M.changeGoodsSchema,
      handler: ({ user, body }) => thenReestimate(conn, user.corpId, 'change', changeGoodsDetail(conn, user, body), () => waybillsOfOrders(conn, [body.id])),
    }),
    route<Ids>({
      method: 'POST', path: '/batch/order/getGoodsInfo', access: { anyOf: CONFIRM }, input: M.batchOrdersSchema,
      handler: ({ user, body }) => goodsForConfirmation(conn, registry(), user, body.ids),
    }),
    route<Ids>({
      method: 'POST', path: '/batch/order/confirmShipment', access: { anyOf: ['orderBatchShipment3'] }, input: M.batchOrdersSchema,
      handler: ({ user, body }) => confirmBatch(conn, user, body.ids, 'confirmShipment'),
    }),
    route<Ids>({
      method: 'POST', path: '/batch/order/confirmDelivery', access: { anyOf: ['orderBatchDelivery3'] }, input: M.batchOrdersSchema,
      handler: ({ user, body }) => confirmBatch(conn, user, body.ids, 'confirmDelivery'),
    }),
    route<{ orderId: string }>({
      method: 'GET', path: '/businessStateHistory/getOrderMonitorList', access: { anyOf: ['orderMonitor3'] }, input: M.monitorQuery,
      handler: ({ user, body }) => orderMonitor(conn, user, Number(body.orderId)),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/orderDetails/findOrderById', access: { anyOf: READ }, input: getById,
      handler: ({ user, body }) => findOrderById(conn, registry(), user, Number(body.id)),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/orderDetails/findWaybillByOrderId', access: { anyOf: READ }, input: getById,
      handler: ({ user, body }) => waybillsOfOrder(conn, registry(), user, Number(body.id)),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/orderDetails/findOrderEventById', access: { anyOf: READ }, input: getById,
      handler: ({ user, body }) => orderEvents(conn, user, Number(body.id)),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/orderDetails/findOrderExpandById', access: { anyOf: READ }, input: getById,
      handler: ({ user, body }) => orderExpand(conn, user, Number(body.id)),
    }),
    route<{ orderId: string }>({
      method: 'GET', path: '/orderInfo/getGoodsInfoByOrderId', access: { anyOf: READ }, input: getByOrderId,
      handler: ({ user, body }) => goodsInfo(conn, user, Number(body.orderId)),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/orderInfo/findOrderAssistanceStatus', access: { anyOf: READ }, input: getById,
      handler: ({ user, body }) => assistanceStatus(conn, registry(), user, Number(body.id)),
    }),
    route({
      method: 'GET', path: '/orderInfo/getDisplayOfGoodsField', access: { anyOf: READ }, input: M.noQuery,
      handler: async ({ user }) => displayOfGoodsField(await corpSettings(conn, user.corpId, user.userId)),
    }),
    route<{ type?: string }>({
      method: 'GET', path: '/flowBusinessType/getUsedBusinessTypeList', access: { anyOf: ['order3', 'waybill3'] }, input: M.businessTypeQuery,
      handler: ({ user, body }) => usedBusinessTypes(conn, registry(), user.corpId, body.type === undefined ? undefined : Number(body.type)),
    }),
    route({
      method: 'GET', path: '/waybill/getAllBusinessTypeList', access: { anyOf: ['order3', 'waybill3'] }, input: M.noQuery,
      handler: () => allBusinessTypes(registry()),
    }),
    ...stowageRoutes(conn, registry),
  ];
}
