// 电子围栏管理 (docs/api.md "Fence management"): the fence list with where-used counts, adding a
// fence, deleting one, and the where-used view. Editing goes through saveFence (save.ts), the same
// save as the track playback's edit layer; adding checks its geometry with the same geometryOf and
// fills its address with the same addressOf. Deleting is soft: waybill routes keep pointing at the
// row, their nodes keep showing it, and a later edit is refused with FENCE_DELETED.
import type { SessionUser } from '../http/context.ts';
import { failure, forbidden, invalid } from '../http/envelope.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { all, insert, one, run, tx, type Conn } from '../resources/statements.ts';
import { likePattern } from '../resources/like.ts';
import { waybillScope } from '../domain/waybills/scope.ts';
import { fenceReadScope, fenceWriteScope } from './scope.ts';
import { findFence } from './read.ts';
import { AREA_COLUMNS, AREA_FROM, fenceView, type AreaRow } from './view.ts';
import { addressOf, FENCE_DELETED, fenceCustomer, geometryOf, given, STALE, type FenceEdit } from './save.ts';
import type { ReverseGeocoder } from './geocode/geocoder.ts';
import type { Registry } from '../registry/types.ts';
import { DICTIONARY, labelOf } from '../domain/waybills/labels.ts';
import { formatTime } from '../resources/time.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { linkedRecords } from './linked-records.ts';

export const FENCE_CODE_TAKEN = '围栏编码已存在';

export interface ManagedFilter {
  curPage: number;
  pageSize: number;
  areaName?: string;
  areaCode?: string;
  typeId?: number[];
  city?: string;
  areaLabel?: string;
}

/** Live waybills (of those the user may read) whose route passes through the fence `a`. */
function waybillUse(user: SessionUser) {
  const w = waybillScope(user);
  return {
    sql: `(SELECT count(DISTINCT n.waybill_id) FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id WHERE n.area_id = a.id AND ${w.sql.join(' AND ')})`,
    params: w.params,
  };
}

const NODE_NAMES: Record<string, string> = { start: '起点', end: '终点' };
const nodeName = (nodeType: string) => NODE_NAMES[nodeType] ?? '途经点';

/** One page of live fences matching the search, newest edits first, each with its where-used count. */
export async function listManagedFences(conn: Conn, user: SessionUser, f: ManagedFilter) {
  const scope = fenceReadScope(user);
  const sql = [scope.sql, 'a.is_deleted = 0'];
  const params: unknown[] = [...scope.params];
  // LIKE with an escape: '%' and '_' typed by a user are plain characters.
  const like = (column: string, value: string | undefined) => {
    if (value?.trim()) (sql.push(`${column} LIKE ? ESCAPE '\\'`), params.push(likePattern(value.trim())));
  };
  like('a.area_name', f.areaName);
  like('a.area_code', f.areaCode);
  like('a.city', f.city);
  like('a.area_label', f.areaLabel);
  if (f.typeId?.length) (sql.push(`a.type_id IN (${f.typeId.map(() => '?').join(',')})`), params.push(...f.typeId));
  const where = sql.join(' AND ');
  const totalRecords = (await one<{ n: number }>(conn, `SELECT count(*) AS n FROM areas a WHERE ${where}`, ...params))!.n;
  const use = waybillUse(user);
  const rows = await all<AreaRow & { waybillCount: number; updatedAt: number }>(conn,
    `SELECT ${AREA_COLUMNS}, a.updated_at AS updatedAt, ${use.sql} AS waybillCount FROM ${AREA_FROM}
     WHERE ${where} ORDER BY a.updated_at DESC, a.id DESC LIMIT ? OFFSET ?`,
    ...use.params, ...params, f.pageSize, (f.curPage - 1) * f.pageSize);
  const data = rows.map((r) => {
    const v = fenceView(r);
    return { ...v, id: v.areaId, waybillCount: Number(r.waybillCount), updatedAt: Number(r.updatedAt), ...sizeText(v) };
  });
  return { data, totalRecords, curPage: f.curPage, pageSize: f.pageSize };
}

/** The list's 半径/面积 column: a circle's radius and area, a ring's area. */
function sizeText(v: { typeId: number; radius: number | null; areaAcreage: number }) {
  const area = `${v.areaAcreage.toFixed(3)}平方公里`;
  return { sizeStr: v.radius !== null ? `半径${v.radius}米，${area}` : area };
}

export interface FenceAdd extends Omit<FenceEdit, 'areaId' | 'version' | 'orderId' | 'waybillId'> {
  areaName: string;
  areaCode: string;
  customerId?: number | null;
}

const refuse = (field: string, message: string) => invalid(message, { field, errors: [{ field, message }] });

/** A new fence: name and code required, the code unique among the corporation's live fences. */
export async function addFence(conn: Conn, user: SessionUser, body: FenceAdd, geocoder: ReverseGeocoder, now = Date.now()) {
  if (user.userType === 2) throw forbidden();
  const name = body.areaName.trim();
  const code = body.areaCode.trim();
  if (!name) throw refuse('areaName', '围栏名称不能为空');
  if (!code) throw refuse('areaCode', '围栏编码不能为空');
  const customerId = await fenceCustomer(conn, user, body.customerId);
  const geometry = geometryOf({ ...body, areaId: 0 });
  const address = await addressOf({ ...body, areaId: 0 }, geometry.centre, geocoder);
  const id = await tx(conn, async () => {
    if (await one(conn, 'SELECT 1 FROM areas WHERE corp_id = ? AND area_code = ? AND is_deleted = 0', user.corpId, code)) throw refuse('areaCode', FENCE_CODE_TAKEN);
    const areaId = await insert(conn,
      `INSERT INTO areas (corp_id, customer_id, area_name, area_code, type_id, lon, lat, radius, area_lon_lat, province, city, district, address, area_label,
         is_deleted, version, created_by, created_at, updated_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?, ?, ?)`,
      user.corpId, customerId, name, code, geometry.typeId, geometry.centre.lon, geometry.centre.lat, geometry.radius, geometry.areaLonLat,
      address.province, address.city, address.district, address.address, given(body.areaLabel), user.userId, now, user.userId, now);
    await run(conn,
      `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
       VALUES (?, 'area', ?, 'create', ?, ?, ?, '[]', 1)`,
      user.corpId, areaId, user.userId, user.realName, now);
    return areaId;
  });
  return fenceView((await findFence(conn, user, id))!);
}

/** Soft delete at the version read. Waybills through the fence keep it; a deleted fence stays deleted. */
export async function deleteFence(conn: Conn, user: SessionUser, body: { areaId: number; version?: number }, now = Date.now()) {
  const before = await findFence(conn, user, body.areaId);
  if (!before) throw failure(NOT_FOUND);
  if (before.isDeleted) throw failure(FENCE_DELETED);
  const writable = fenceWriteScope(user);
  if (!(await one(conn, `SELECT 1 FROM areas a WHERE ${writable.sql} AND a.id = ?`, ...writable.params, body.areaId))) throw failure(NOT_FOUND);
  if (body.version !== undefined && body.version !== before.version) throw failure(STALE);
  await tx(conn, async () => {
    const res = await run(conn, 'UPDATE areas SET is_deleted = 1, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ? AND version = ? AND is_deleted = 0',
      user.userId, now, body.areaId, before.version);
    if (res.changes !== 1) throw failure(STALE);
    await run(conn,
      `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
       VALUES (?, 'area', ?, 'delete', ?, ?, ?, '[]', ?)`,
      user.corpId, body.areaId, user.userId, user.realName, now, before.version + 1);
  });
  return null;
}

/**
 * The fence with the waybills (of those the user may read) whose route uses it, newest first, and the
 * base-data records that name it (linked-records.ts). A deleted fence answers too: where it is still named.
 */
export async function fenceUsage(conn: Conn, engine: ResourceEngine, user: SessionUser, areaId: number) {
  const reg: Registry = engine.reg;
  const row = await findFence(conn, user, areaId);
  if (!row) throw failure(NOT_FOUND);
  const w = waybillScope(user);
  const waybills = await all<{ waybillId: number; waybillNo: string; nodeType: string; status: number; createdAt: number }>(conn,
    `SELECT w.id AS waybillId, w.waybill_no AS waybillNo, n.node_type AS nodeType, w.status, w.created_at AS createdAt
     FROM waybill_nodes n JOIN waybills w ON w.id = n.waybill_id
     WHERE n.area_id = ? AND ${w.sql.join(' AND ')} ORDER BY w.created_at DESC, w.id DESC, n.seq LIMIT ?`,
    areaId, ...w.params, USAGE_MAX);
  return {
    ...fenceView(row),
    id: row.areaId,
    waybillCount: new Set(waybills.map((x) => x.waybillId)).size,
    waybills: waybills.map((x) => ({
      waybillId: x.waybillId, waybillNo: x.waybillNo, nodeTypeStr: nodeName(x.nodeType),
      status: x.status, statusStr: labelOf(reg, DICTIONARY.status, x.status), createdAtStr: formatTime(Number(x.createdAt)),
    })),
    ...(await linkedRecords(engine, user, areaId)),
  };
}

/**
 * The customers a fence may be given (the form's 所属客户): staff any live customer of the corporation;
 * a customer user only its own, `fixed` (fenceCustomer gives its fences that customer whatever is sent).
 */
export async function fenceCustomers(conn: Conn, user: SessionUser) {
  const fixed = user.userType === 1;
  const customers = user.userType === 2 ? [] : await all<{ id: number; customerName: string; customerCode: string }>(conn,
    `SELECT id, customer_name AS customerName, customer_code AS customerCode FROM customers WHERE corp_id = ? AND is_deleted = 0${fixed ? ' AND id = ?' : ''} ORDER BY customer_name, id`,
    user.corpId, ...(fixed ? [user.partnerId ?? -1] : []));
  return { fixed, customers };
}

/** The where-used view lists at most this many waybill nodes (the newest). */
export const USAGE_MAX = 500;
