// 企业参数设置 (docs/api.md "Corporation settings"): read and save the settings of the caller's
// corporation that the console offers. Staff only: the settings bind every user of the corporation.
import type { Conn } from '../db/port.ts';
import { route, type RouteDef } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { consoleSettingsInput, readConsoleSettings, saveConsoleSettings, type ConsoleSettings } from '../domain/settings/console-settings.ts';

export const CORP_SETTING_OP = 'corpSetting3';

export function corpSettingRoutes(conn: Conn): RouteDef[] {
  return [
    route({
      method: 'GET', path: '/corpSetting/get', access: { anyOf: [CORP_SETTING_OP] }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }) => {
        staffOnly(user);
        return readConsoleSettings(conn, user.corpId);
      },
    }),
    route<ConsoleSettings>({
      method: 'POST', path: '/corpSetting/save', access: { anyOf: [CORP_SETTING_OP] }, input: consoleSettingsInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return saveConsoleSettings(conn, user.corpId, body);
      },
    }),
  ];
}
