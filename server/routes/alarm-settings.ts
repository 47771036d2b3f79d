// 业务报警设置: the corporation's business alarms, each on or off, and their thresholds (spec section 7,
// "Temperature rules" line: GET alarmRemindBusinessSet/getAllSet, POST updateAlarmSet). The spec shows
// neither bodies nor messages: the fields are a switch per alarm the engine raises (1 on, 0 off) and the
// rules' thresholds (server/alarms/settings.ts) in km/h, ℃ and ms, each bounded; getAllSet also answers
// the defaults, for a "restore defaults" button. A save applies from its moment on (versioned). Both
// need the alarm desk (BusinessAlarmReport3, alarmList3) or the page's own operation; only the
// corporation's own staff may change them, not customer or carrier users.
import type { Conn } from '../resources/statements.ts';
import { forbidden } from '../http/envelope.ts';
import { route, type RouteDef } from '../http/route.ts';
import { corpSettings, saveSettings, type AlarmSettings } from '../alarms/settings.ts';
import { ALARM_OPS } from './alarm-result.ts';
import { emptyQuery } from './alarm-inputs.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The operation of the 业务报警设置 page (schemas/menus/rules.json). */
export const ALARM_SET_OP = 'businessAlarmSet3';
const onOff = (title: string) => ({ title, type: 'integer', enum: [0, 1], 'x-dictionary': 'yesNo' });
// Kept in milliseconds (the alarm engine's unit), typed and shown in minutes (x-scale).
const inMinutes = <T extends object>(schema: T) => ({ ...schema, 'x-scale': { factor: MINUTE, unit: '分钟' } });
const bound = (title: string, minimum: number, maximum: number, integer = false) => ({ title, type: integer ? 'integer' : 'number', minimum, maximum });

export const alarmSetInput = {
  type: 'object', additionalProperties: false,
  properties: {
    temperatureEnabled: onOff('温度异常报警'),
    overspeedEnabled: onOff('超速报警'),
    doorOutsideFenceEnabled: onOff('围栏外开门报警'),
    longStopEnabled: onOff('超时停车报警'),
    overspeedKmh: bound('超速阈值(km/h)', 20, 200),
    overspeedMinMs: inMinutes(bound('超速持续时长', 0, DAY, true)),
    tempMin: bound('温度下限(℃)', -50, 50),
    tempMax: bound('温度上限(℃)', -50, 50),
    tempMinMs: inMinutes(bound('温度异常持续时长', 0, DAY, true)),
    stopMaxSpeedKmh: bound('停车速度上限(km/h)', 0, 20),
    stopMinMs: inMinutes(bound('超时停车时长', MINUTE, DAY, true)),
  },
};

export function alarmSettingRoutes(conn: Conn): RouteDef[] {
  const access = { anyOf: [...ALARM_OPS, ALARM_SET_OP] };
  return [
    route({ method: 'GET', path: '/alarmRemindBusinessSet/getAllSet', access, input: emptyQuery, handler: ({ user }) => corpSettings(conn, user.corpId) }),
    route<Partial<AlarmSettings>>({
      method: 'POST', path: '/alarmRemindBusinessSet/updateAlarmSet', access, input: alarmSetInput,
      handler: ({ user, body }) => {
        if (user.userType === 1 || user.userType === 2) throw forbidden();
        return saveSettings(conn, user.corpId, body);
      },
    }),
  ];
}
