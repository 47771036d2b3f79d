// Alarm contacts at work (docs/api.md "Alarm notifications"): 通知记录, what an alarm's contacts were
// told, through which channel and how it went (server/notify). The contacts themselves are the
// alarmContact resource (POST alarmContact/findAllAlarmContact lists them, by customer or carrier).
import type { Conn } from '../resources/statements.ts';
import { route, type RouteDef } from '../http/route.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import { listNotifications, type NotificationFilter } from '../notify/read.ts';

/** The operation of the 通知记录 page (schemas/menus/rules.json). */
export const NOTIFICATION_OP = 'alarmNotification3';

const { curPage, pageSize } = pagingProperties([]);
const MAX_TIME = 253_402_300_799_999;

export const notificationListInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize,
    contactName: searchText('联系人', 20),
    channel: { title: '通知方式', type: 'array', maxItems: 3, items: { title: '通知方式', type: 'string', enum: ['message', 'sms', 'email'] } },
    status: { title: '发送状态', type: 'array', maxItems: 3, items: { title: '发送状态', type: 'integer', enum: [0, 1, 2] } },
    alarmId: { title: '报警', type: 'integer', minimum: 1 },
    createdAt: { title: '通知时间', type: 'array', minItems: 2, maxItems: 2, items: { title: '通知时间', type: ['integer', 'null'], minimum: 0, maximum: MAX_TIME } },
  },
};

type Body = Omit<NotificationFilter, 'curPage' | 'pageSize'> & { curPage?: number; pageSize?: number };

export function alarmNotificationRoutes(conn: Conn): RouteDef[] {
  return [
    route<Body>({
      method: 'POST', path: '/alarmNotification/page', access: { anyOf: [NOTIFICATION_OP] }, input: notificationListInput,
      handler: ({ user, body }) => listNotifications(conn, user, { ...body, curPage: body.curPage ?? 1, pageSize: body.pageSize ?? 20 }),
    }),
  ];
}
