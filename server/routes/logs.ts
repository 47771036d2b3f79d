// The log lists of 系统管理 (docs/api.md "Logs"): the operation log and the interface usage log of
// the caller's corporation. Staff only: a partner user is refused whatever its roles say, since the
// logs name every user of the corporation and what each did.
import type { Conn } from '../db/port.ts';
import { route, type RouteDef } from '../http/route.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import { listInterfaceUsage, listOperationLogs, type InterfaceLogFilter, type OperationLogFilter } from '../logs/reads.ts';
import { corpRetention, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, RETENTION_TITLES, saveRetention, type Retention } from '../logs/retention.ts';
import { staffOnly } from '../http/staff-only.ts';

export const LOG_OPS = { operationLog: 'operationLog3', interfaceLog: 'interfaceLog3', retention: 'logRetention3' } as const;

const days = (title: string) => ({ title, type: 'integer', minimum: RETENTION_MIN_DAYS, maximum: RETENTION_MAX_DAYS });
/** Both days, each a whole number of 1–3650 (logs/retention.ts keeps the rule and the defaults). */
export const retentionInput = {
  type: 'object', additionalProperties: false,
  required: ['operationLogRetentionDays', 'interfaceLogRetentionDays'],
  properties: {
    operationLogRetentionDays: days(RETENTION_TITLES.operationLogRetentionDays),
    interfaceLogRetentionDays: days(RETENTION_TITLES.interfaceLogRetentionDays),
  },
};

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
    // 日志保留设置 (the toolbar of both log pages): the corporation's days, staff only like the logs.
    route({
      method: 'GET', path: '/log/retention/get', access: { anyOf: [LOG_OPS.retention] }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }) => {
        staffOnly(user);
        return corpRetention(conn, user.corpId);
      },
    }),
    route<Retention>({
      method: 'POST', path: '/log/retention/save', access: { anyOf: [LOG_OPS.retention] }, input: retentionInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return saveRetention(conn, user.corpId, body);
      },
    }),
  ];
}
