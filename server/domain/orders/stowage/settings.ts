// Stowage settings, one row per corporation (orderStowageSetting/save,
// orderStowageTask/orderStowageSetting/list): the limits every stowage task is checked against.
// Until a corporation saves its own, the defaults apply.
import type { SessionUser } from '../../../http/context.ts';
import { failure, forbidden } from '../../../http/envelope.ts';
import { formatTime } from '../../../resources/time.ts';
import { STALE } from '../access.ts';
import { one, run, tx, type Conn } from '../sql.ts';

export interface StowageSetting {
  maxOrders: number;
  maxLoadRate: number;
  sameShipperArea: number;
  sameBusinessType: number;
}

const FIELDS: [keyof StowageSetting, string][] = [['maxOrders', '最多订单数'], ['maxLoadRate', '最高装载率'], ['sameShipperArea', '同一发货地'], ['sameBusinessType', '同一业务类型']];

export const DEFAULT_STOWAGE_SETTING: StowageSetting = { maxOrders: 20, maxLoadRate: 100, sameShipperArea: 0, sameBusinessType: 0 };

interface Row extends StowageSetting {
  id: number;
  version: number;
  updatedAt: number;
}

const rowOf = (conn: Conn, corpId: number) => one<Row>(conn, `SELECT id, max_orders AS maxOrders, max_load_rate AS maxLoadRate,
  same_shipper_area AS sameShipperArea, same_business_type AS sameBusinessType, version, updated_at AS updatedAt
  FROM order_stowage_settings WHERE corp_id = ? AND is_deleted = 0`, corpId);

export async function stowageSetting(conn: Conn, corpId: number): Promise<StowageSetting & { id: number | null; version: number; updatedAtStr: string }> {
  const row = await rowOf(conn, corpId);
  if (!row) return { id: null, version: 0, ...DEFAULT_STOWAGE_SETTING, updatedAtStr: '' };
  return { ...row, updatedAtStr: formatTime(row.updatedAt) };
}

/** Saves the corporation's settings; the first save needs no version, later ones the version read. */
export async function saveStowageSetting(conn: Conn, user: SessionUser, input: StowageSetting & { version?: number }) {
  // The limits bind every stowage of the corporation: only its own staff set them.
  if (user.userType !== 0) throw forbidden();
  const now = Date.now();
  return tx(conn, async () => {
    const row = await rowOf(conn, user.corpId);
    const values = [input.maxOrders, input.maxLoadRate, input.sameShipperArea, input.sameBusinessType];
    if (!row) {
      if (input.version !== undefined) throw failure(STALE);
      await run(conn, `INSERT INTO order_stowage_settings (corp_id, max_orders, max_load_rate, same_shipper_area, same_business_type, version, created_by, created_at, updated_by, updated_at)
        VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`, user.corpId, ...values, user.userId, now, user.userId, now);
    } else {
      if (input.version !== row.version) throw failure(STALE);
      const changed = (await run(conn, `UPDATE order_stowage_settings SET max_orders = ?, max_load_rate = ?, same_shipper_area = ?, same_business_type = ?,
        version = version + 1, updated_by = ?, updated_at = ? WHERE id = ? AND version = ?`, ...values, user.userId, now, row.id, row.version)).changes;
      if (changed !== 1) throw failure(STALE);
    }
    const saved = (await rowOf(conn, user.corpId))!;
    await run(conn, `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
      VALUES (?, 'orderStowageSetting', ?, ?, ?, ?, ?, ?, ?)`, user.corpId, saved.id, row ? 'update' : 'add', user.userId, user.realName, now,
      JSON.stringify(FIELDS.map(([field, title]) => ({ field, title, before: row?.[field] ?? null, after: saved[field] }))), saved.version);
    return { id: saved.id, version: saved.version };
  });
}
