// 业务个性化设置 (docs/api.md "Business personal settings"): getInfoByKey (one key, read by any user
// whose console form needs it), getInfo (every key, the settings page), saveInfo (the keys changed)
// and history (who changed what, when). Saving is for the corporation's staff holding the operation:
// the switches bind every user of the corporation, so a partner user is refused (104).
import type { Conn } from '../db/port.ts';
import { route, type RouteDef } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import {
  BUSINESS_PERSONAL_KEYS, infoByKey, personalSettingsHistory, readPersonalSettings, saveInfoInput, savePersonalSettings, type PersonalValues,
} from '../domain/settings/business-personal.ts';

export const BUSINESS_PERSONAL_OP = 'businessPersonalSet3';

export function businessPersonalRoutes(conn: Conn): RouteDef[] {
  return [
    route<{ key: string }>({
      method: 'GET', path: '/businessPersonalSet/getInfoByKey', access: { session: true },
      input: {
        type: 'object', additionalProperties: false, required: ['key'],
        properties: { key: { title: '设置项', type: 'string', enum: BUSINESS_PERSONAL_KEYS.map((k) => k.key) } },
      },
      handler: ({ user, body }) => infoByKey(conn, user.corpId, body.key),
    }),
    route({
      method: 'GET', path: '/businessPersonalSet/getInfo', access: { anyOf: [BUSINESS_PERSONAL_OP] }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }) => {
        staffOnly(user);
        return readPersonalSettings(conn, user.corpId);
      },
    }),
    route<PersonalValues>({
      method: 'POST', path: '/businessPersonalSet/saveInfo', access: { anyOf: [BUSINESS_PERSONAL_OP] }, input: saveInfoInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return savePersonalSettings(conn, user, body, Date.now());
      },
    }),
    route({
      method: 'GET', path: '/businessPersonalSet/history', access: { anyOf: [BUSINESS_PERSONAL_OP] }, input: { type: 'object', additionalProperties: false },
      handler: ({ user }) => {
        staffOnly(user);
        return personalSettingsHistory(conn, user.corpId);
      },
    }),
  ];
}
