// The userInfo object of spec section 3, and the corporation settings read at login.
import type { Conn } from '../../db/connection.ts';
import { one } from '../../resources/statements.ts';
import { isPasswordExpired } from './login.ts';
import { parseSettings } from '../settings/corporation-settings.ts';

export const DEFAULT_SETTINGS = {
  corpUnit: '吨',
  displayOfGoods: 1,
  omsSalesOrderCheck: 0,
  msgLayerDisplayMode: 1,
  multiDriver: 0,
  bizAttachShow: { delivery: 1, load: 1, receive: 1 },
  bizTempShow: { delivery: 1, load: 1, receive: 1 },
  volumeUnit: '立方米',
  weightUnit: '吨',
  goodsSetting: {},
  apmModelBaseList: [] as unknown[],
  passwordStatus: 2,
};

export async function userInfo(conn: Conn, userId: number, now: number) {
  const u = (await one<Record<string, any>>(
    conn,
    `SELECT u.id, u.user_name, u.real_name, u.corp_id, u.org_id, u.user_type, u.parent_id, u.partner_id,
              u.last_password_modified_time, u.have_browsed, co.corp_name,
              CASE u.user_type WHEN 1 THEN cu.customer_name WHEN 2 THEN ca.carrier_name END AS partner_name
         FROM users u
         JOIN corporations co ON co.id = u.corp_id
         LEFT JOIN customers cu ON u.user_type = 1 AND cu.id = u.partner_id
         LEFT JOIN carriers ca ON u.user_type = 2 AND ca.id = u.partner_id
        WHERE u.id = ?`,
    userId,
  ))!;
  const partner = u.user_type === 1 ? { customerId: u.partner_id, customerName: u.partner_name }
    : u.user_type === 2 ? { carrierId: u.partner_id, carrierName: u.partner_name } : {};
  return {
    userId: u.id,
    userName: u.user_name,
    realName: u.real_name,
    corpId: u.corp_id,
    // The home card names the corporation; its number means nothing to a user.
    corpName: u.corp_name,
    orgId: u.org_id,
    userType: u.user_type,
    parentId: u.parent_id,
    partnerId: u.partner_id,
    partnerName: u.partner_name ?? null,
    ...partner,
    pwdExpired: isPasswordExpired(u.last_password_modified_time, now),
    lastPasswordModifiedTime: u.last_password_modified_time,
    haveBrowsed: u.have_browsed,
    latLon: null,
  };
}

/** The corporation's own settings over the defaults (no per-user part): what the server's rules read. */
export async function corporationSettings(conn: Conn, corpId: number): Promise<typeof DEFAULT_SETTINGS & Record<string, unknown>> {
  const row = (await one<{ settings: string }>(conn, 'SELECT settings FROM corporations WHERE id = ?', corpId))!;
  return { ...DEFAULT_SETTINGS, ...parseSettings(row.settings) };
}

export async function corpSettings(conn: Conn, corpId: number, userId: number) {
  const user = (await one<{ password_status: number }>(conn, 'SELECT password_status FROM users WHERE id = ?', userId))!;
  return { ...(await corporationSettings(conn, corpId)), passwordStatus: user.password_status };
}
