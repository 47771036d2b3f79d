// Business alarms (alarmResult/*, spec section 7 "Tracking and monitoring") and the top bar's
// alarm calls: getAlarmAndAbnormalCountNew is the 180-second polling summary (?lastQueryTime=),
// getTopAlarmInfo the list under the alarm icon, findByPage and countByKind the alarm list (报警列表).
// Everything needs BusinessAlarmReport3, the operation that shows the alarm icon (spec section 6),
// or alarmList3, the alarm list's.
import type { Conn } from '../resources/statements.ts';
import { Code } from '../http/envelope.ts';
import { Outcome, route, type RouteDef } from '../http/route.ts';
import { alarmDetail, alarmSummary, countAlarmsByKind, listAlarms, topAlarms, type AlarmFilter } from '../alarms/read.ts';
import { handleAlarm, HANDLED, IGNORED, ignoreAlarms } from '../alarms/handle.ts';
import { alarmCountInput, alarmListInput, emptyQuery, handleInput, idQuery, idsInput, summaryQuery } from './alarm-inputs.ts';

/** The alarm icon's operation, and the alarm list's (报警列表, schemas/menus/monitor.json). */
export const ALARM_OPS = ['BusinessAlarmReport3', 'alarmList3'];

export function alarmResultRoutes(conn: Conn): RouteDef[] {
  const access = { anyOf: ALARM_OPS };
  return [
    route<{ lastQueryTime?: string }>({
      method: 'GET', path: '/alarmResult/getAlarmAndAbnormalCountNew', access, input: summaryQuery,
      handler: ({ user, body }) => alarmSummary(conn, user, Number(body.lastQueryTime ?? 0)),
    }),
    route({ method: 'GET', path: '/alarmResult/getTopAlarmInfo', access, input: emptyQuery, handler: ({ user }) => topAlarms(conn, user) }),
    route<{ id: string }>({
      method: 'GET', path: '/alarmResult/queryById', access, input: idQuery,
      handler: ({ user, body }) => alarmDetail(conn, user, Number(body.id), 'business'),
    }),
    route<AlarmFilter>({ method: 'POST', path: '/alarmResult/findByPage', access, input: alarmListInput, handler: ({ user, body }) => listAlarms(conn, user, body) }),
    // The alarm list's tabs: its filters counted by kind (not in the spec's list, like findByPage).
    route<AlarmFilter>({ method: 'POST', path: '/alarmResult/countByKind', access, input: alarmCountInput, handler: ({ user, body }) => countAlarmsByKind(conn, user, body) }),
    route<{ id: number; handleRemark: string }>({
      method: 'POST', path: '/alarmResult/handlerAlarmResult', access, input: handleInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, HANDLED, await handleAlarm(conn, user, 'business', body.id, body.handleRemark)),
    }),
    route<{ ids: number[] }>({
      method: 'POST', path: '/alarmResult/akeyToIgnore', access, input: idsInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, IGNORED, await ignoreAlarms(conn, user, 'business', body.ids)),
    }),
  ];
}
