// Stowage endpoints of spec section 7 (orderStowageTask/*, orderStowageSetting/save, and the order
// page's orderInfo/findOrderStowage and generateWaybillFromStowage): several orders into one
// waybill. Logic in server/domain/orders/stowage; here paths, access and input schemas.
import type { Conn } from '../db/port.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import * as M from '../domain/orders/more-schemas.ts';
import { stowableOrders, type CandidateInput } from '../domain/orders/stowage/candidates.ts';
import { confirmResult, type ConfirmInput } from '../domain/orders/stowage/confirm.ts';
import { saveStowageSetting, stowageSetting, type StowageSetting } from '../domain/orders/stowage/settings.ts';
import { countTasks, findOrderStowage, listTasks, unacceptedResults, type TaskListInput } from '../domain/orders/stowage/list.ts';
import { saveTask, vehicleInfo, type SaveTaskInput } from '../domain/orders/stowage/tasks.ts';

const STOWAGE = ['orderStowage3'];

export function stowageRoutes(conn: Conn, registry: () => Registry) {
  return [
    route<TaskListInput>({ method: 'POST', path: '/orderStowageTask/list', access: { anyOf: STOWAGE }, input: M.taskListSchema, handler: ({ user, body }) => listTasks(conn, registry(), user, body) }),
    route<TaskListInput>({ method: 'POST', path: '/orderStowageTask/count', access: { anyOf: STOWAGE }, input: M.taskListSchema, handler: ({ user, body }) => countTasks(conn, registry(), user, body) }),
    route<SaveTaskInput>({ method: 'POST', path: '/orderStowageTask/save', access: { anyOf: STOWAGE }, input: M.taskSaveSchema, handler: ({ user, body }) => saveTask(conn, user, body) }),
    route<ConfirmInput>({ method: 'POST', path: '/orderStowageTask/confirmResult', access: { anyOf: STOWAGE }, input: M.confirmSchema, handler: ({ user, body }) => confirmResult(conn, user, body) }),
    route<CandidateInput>({
      method: 'POST', path: '/orderStowageTask/unStowageOrderList', access: { anyOf: STOWAGE }, input: M.candidatesSchema,
      handler: ({ user, body }) => stowableOrders(conn, registry(), user, body),
    }),
    route<TaskListInput>({
      method: 'POST', path: '/orderStowageTask/unAcceptedLineResult', access: { anyOf: STOWAGE }, input: M.taskListSchema,
      handler: ({ user, body }) => unacceptedResults(conn, registry(), user, body),
    }),
    route<StowageSetting & { version?: number }>({
      method: 'POST', path: '/orderStowageSetting/save', access: { anyOf: STOWAGE }, input: M.stowageSettingSchema,
      handler: ({ user, body }) => saveStowageSetting(conn, user, body),
    }),
    route({
      method: 'GET', path: '/orderStowageTask/orderStowageSetting/list', access: { anyOf: STOWAGE }, input: M.noQuery,
      handler: async ({ user }) => [await stowageSetting(conn, user.corpId)],
    }),
    route<{ vehicleId: string }>({
      method: 'GET', path: '/orderStowageTask/vehicleInfo', access: { anyOf: STOWAGE }, input: M.vehicleQuery,
      handler: ({ user, body }) => vehicleInfo(conn, user, Number(body.vehicleId)),
    }),
    route<{ orderId: number }>({
      method: 'POST', path: '/orderInfo/findOrderStowage', access: { anyOf: STOWAGE }, input: M.findOrderStowageSchema,
      handler: ({ user, body }) => findOrderStowage(conn, user, body.orderId),
    }),
    // The same action as confirmResult, from the order page.
    route<ConfirmInput>({
      method: 'POST', path: '/orderInfo/generateWaybillFromStowage', access: { anyOf: STOWAGE }, input: M.confirmSchema,
      handler: ({ user, body }) => confirmResult(conn, user, body),
    }),
  ];
}
