// The message centre and notices (issue 6 part 5). Paths in docs/api.md:
// GET /system/notice (any logged-in user: notices of the corporation in force now);
// POST /message/summary {lastQueryTime} (the top bar's poll: messageCount, theLatestNewsList);
// POST /message/list {curPage, pageSize, isRead}; POST /message/unreadCount; POST /message/markRead {ids} or {all: true}.
import type { Conn } from '../resources/statements.ts';
import { invalid } from '../http/envelope.ts';
import { route, type RouteDef } from '../http/route.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { currentNotices, listMessages, markRead, messageSummary, unreadCount } from '../messages/store.ts';

export const MESSAGE_OP = 'messageCenter3';
const { curPage, pageSize } = pagingProperties([]);
const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, title: '消息ID' };

export function messageCenterRoutes(conn: Conn): RouteDef[] {
  return [
    route({
      method: 'GET', path: '/system/notice', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }) => currentNotices(conn, user.corpId, Date.now()),
    }),
    route<{ lastQueryTime?: number }>({
      method: 'POST', path: '/message/summary', access: { anyOf: [MESSAGE_OP] },
      input: { type: 'object', additionalProperties: false, properties: { lastQueryTime: { title: '上次查询时间', type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } } },
      handler: ({ user, body }) => messageSummary(conn, user.userId, body.lastQueryTime ?? 0),
    }),
    route<{ curPage?: number; pageSize?: number; isRead?: number | null }>({
      method: 'POST', path: '/message/list', access: { anyOf: [MESSAGE_OP] },
      input: { type: 'object', additionalProperties: false, properties: { curPage, pageSize, isRead: { title: '是否已读', enum: [0, 1] } } },
      handler: ({ user, body }) => listMessages(conn, user.userId, body),
    }),
    route({
      method: 'POST', path: '/message/unreadCount', access: { anyOf: [MESSAGE_OP] }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }) => unreadCount(conn, user.userId),
    }),
    route<{ ids?: number[]; all?: boolean }>({
      method: 'POST', path: '/message/markRead', access: { anyOf: [MESSAGE_OP] },
      input: {
        type: 'object', additionalProperties: false,
        properties: { ids: { title: '消息ID列表', type: 'array', minItems: 1, maxItems: 1000, items: ID }, all: { title: '全部已读', type: 'boolean' } },
      },
      handler: async ({ user, body }) => {
        if (!body.ids && body.all !== true) throw invalid('消息ID列表：不能为空', { field: 'ids' });
        const changed = await markRead(conn, user.userId, body.all === true ? undefined : body.ids, Date.now());
        return { changed, messageCount: await unreadCount(conn, user.userId) };
      },
    }),
  ];
}
