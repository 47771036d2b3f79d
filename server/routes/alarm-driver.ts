// Driver alarms (driverAlarm/*, firstAlarmType 300): the detail, handling and ignoring, and the
// call a terminal gateway reports active-safety events through (not among the spec's calls, like
// the track ingestion: a terminal credential of the vehicle's corporation, never a session).
import type { Conn } from '../resources/statements.ts';
import { Code } from '../http/envelope.ts';
import { Outcome, route, type RouteDef } from '../http/route.ts';
import { terminalAccess, terminalOf } from '../http/terminal-access.ts';
import { alarmDetail } from '../alarms/read.ts';
import { handleAlarm, HANDLED, IGNORED, ignoreAlarms } from '../alarms/handle.ts';
import { receiveDriverEvent, type DriverEvent } from '../alarms/driver-events.ts';
import { driverEventInput, handleInput, idListInput, idQuery } from './alarm-inputs.ts';
import { ALARM_OPS } from './alarm-result.ts';

export function driverAlarmRoutes(conn: Conn): RouteDef[] {
  const access = { anyOf: ALARM_OPS };
  return [
    route<{ id: string }>({
      method: 'GET', path: '/driverAlarm/getAlarmById', access, input: idQuery,
      handler: ({ user, body }) => alarmDetail(conn, user, Number(body.id), 'driver'),
    }),
    route<{ id: number; handleRemark: string }>({
      method: 'POST', path: '/driverAlarm/handle', access, input: handleInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, HANDLED, await handleAlarm(conn, user, 'driver', body.id, body.handleRemark)),
    }),
    route<{ idList: number[] }>({
      method: 'POST', path: '/driverAlarm/ignore', access, input: idListInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, IGNORED, await ignoreAlarms(conn, user, 'driver', body.idList)),
    }),
    route<DriverEvent>({
      method: 'POST', path: '/driverAlarm/receiveEvent', access: terminalAccess(conn), input: driverEventInput,
      handler: (call) => receiveDriverEvent(conn, terminalOf(call).corpId, call.body),
    }),
  ];
}
