// The log lists of 系统管理 (docs/api.md "Logs"): the operation log and the interface usage log of
// the caller's corporation. Staff only: a partner user is refused whatever its roles say, since the
// logs name every user of the corporation and what each did.
import type { Conn } from '../db/port.ts';
import type { SessionUser } from '../http/context.ts';
import { forbidden } from '../http/envelope.ts';
import { route, type RouteDef } from '../http/route.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import { listInterfaceUsage, listOperationLogs, type InterfaceLogFilter, type OperationLogFilter } from '../logs/reads.ts';

export const LOG_OPS = { operationLog: 'operationLog3', interfaceLog: 'interfaceLog3' } as const;

const { curPage, pageSize } = pagingProperties([]);
/** The latest time a range may name: year 9999. */
const MAX_TIME = 253_402_300_799_999;
const timeRange = (title: string) => ({
  title, type: 'array', minItems: 2, maxItems: 2,
  items: { title, type: ['integer', 'null'], minimum: 0, maximum: MAX_TIME },
});

const operationLogInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize,
    userName: searchText('操作人', 50),
    operation: searchText('操作名称/接口', 100),
    success: { title: '结果', type: 'array', maxItems: 2, items: { title: '结果', type: 'integer', enum: [0, 1] } },
    createdAt: timeRange('操作时间'),
  },
};

const interfaceLogInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize,
    userName: searchText('用户', 50),
    path: searchText('接口', 200),
    day: timeRange('日期'),
  },
};

function staffOnly(user: SessionUser) {
  if (user.userType !== 0) throw forbidden();
}

type ListBody<F> = Omit<F, 'curPage' | 'pageSize'> & { curPage?: number; pageSize?: number };

export function logRoutes(conn: Conn): RouteDef[] {
  return [
    route<ListBody<OperationLogFilter>>({
      method: 'POST', path: '/log/operationLog/list', access: { anyOf: [LOG_OPS.operationLog] }, input: operationLogInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return listOperationLogs(conn, user.corpId, { ...body, curPage: body.curPage ?? 1, pageSize: body.pageSize ?? 20 });
      },
    }),
    route<ListBody<InterfaceLogFilter>>({
      method: 'POST', path: '/log/interfaceLog/list', access: { anyOf: [LOG_OPS.interfaceLog] }, input: interfaceLogInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return listInterfaceUsage(conn, user.corpId, { ...body, curPage: body.curPage ?? 1, pageSize: body.pageSize ?? 20 });
      },
    }),
  ];
}
