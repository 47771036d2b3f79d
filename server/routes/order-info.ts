// The order endpoints of spec section 7 ("Orders"): orderInfo/* and orderInfoHistory/*. The logic
// lives in server/domain/orders; this file only declares paths, access and input schemas.
import type { Conn } from '../db/port.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { orderDetails, goodsOf } from '../domain/orders/details.ts';
import { findOrder, NOT_FOUND } from '../domain/orders/access.ts';
import { countOrders, listOrders, seekOrders, type ListInput } from '../domain/orders/list.ts';
import { orderNoTaken, saveOrder, type SaveInput } from '../domain/orders/save.ts';
import { countSchema, getById, getByOrderId, listSchema, orderNoRepeatSchema, saveSchema } from '../domain/orders/schemas.ts';
import { failure } from '../http/envelope.ts';
import { orderFlowRoutes } from './order-flow.ts';

const READ = ['order3', 'orderDetail3'];

export function orderRoutes(conn: Conn, registry: () => Registry) {
  return [
    route<SaveInput>({
      method: 'POST', path: '/orderInfo/save', access: { anyOf: ['orderAdd3', 'orderUpdate3'] }, input: saveSchema,
      handler: ({ user, body }) => saveOrder(conn, user, body),
    }),
    route<{ orderNo: string; id?: number }>({
      method: 'POST', path: '/orderInfo/orderNo/repeat', access: { anyOf: ['orderAdd3', 'orderUpdate3'] }, input: orderNoRepeatSchema,
      // true when the number is taken (by any order of the corporation, deleted ones included).
      handler: ({ user, body }) => orderNoTaken(conn, user.corpId, body.orderNo, body.id),
    }),
    route<ListInput>({
      method: 'POST', path: '/orderInfo/list', access: { anyOf: ['order3'] }, input: listSchema, seekable: true,
      handler: ({ user, body, seek }) => (seek ? seekOrders(conn, registry(), user, body, seek) : listOrders(conn, registry(), user, body)),
    }),
    route<ListInput>({
      method: 'POST', path: '/orderInfo/count', access: { anyOf: ['order3'] }, input: countSchema,
      handler: ({ user, body }) => countOrders(conn, registry(), user, body),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/orderInfo/details', access: { anyOf: READ }, input: getById,
      handler: ({ user, body }) => orderDetails(conn, registry(), user, Number(body.id)),
    }),
    route<{ orderId: string }>({
      method: 'GET', path: '/orderInfo/orderGoods/list', access: { anyOf: READ }, input: getByOrderId,
      handler: async ({ user, body }) => {
        if (!(await findOrder(conn, user, Number(body.orderId)))) throw failure(NOT_FOUND);
        return goodsOf(conn, Number(body.orderId));
      },
    }),
    ...orderFlowRoutes(conn, registry),
  ];
}
