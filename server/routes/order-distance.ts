// The order form's fence checks (spec section 7, POST orderInfo/checkShipperReceiver, checkAreaDistance,
// saveOrUpdateDistanceInfo; docs/api.md "Order fence checks"), built on the 收发货方 and 距离 resources:
// does the loading fence have a shipper and the unloading fence a receiver, is the distance between them
// kept, and keep it. Fences are checked as the order save checks them (live, visible to the user); the
// rows are read as their lists read them; the distance is written by the resource engine's own save and
// update (references, unique key, version, history), so it follows every rule of the 距离 page.
import type { Conn } from '../db/connection.ts';
import type { SessionUser } from '../http/context.ts';
import { Code, invalid } from '../http/envelope.ts';
import { Outcome, route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { one } from '../resources/statements.ts';
import { save, update } from '../resources/writes.ts';
import { distanceBetween, shipperReceiversAt, visibleFence } from './area-links.ts';
import { id, MAX_ID } from './electronic.ts';

/** The order screens that pick the two fences: adding and changing an order. */
export const ORDER_FORMS = ['orderAdd3', 'orderUpdate3'];

/** 收发货方类型 (schemas/dictionaries/shipperReceiverType.json): who may load, who may unload. */
const SHIPS = [1, 3];
const RECEIVES = [2, 3];
const ENABLED = 0;

const fences = { shipperAreaId: id('发货地'), receiverAreaId: id('收货地') };
const pairInput = { type: 'object', additionalProperties: false, required: ['shipperAreaId', 'receiverAreaId'], properties: fences };
const shipperInput = { ...pairInput, properties: { ...fences, customerId: id('客户') } };

interface Pair {
  shipperAreaId: number;
  receiverAreaId: number;
}

/** Both fences live and visible to the user, and two different ones: the order save's own answers. */
async function checkPair(conn: Conn, user: SessionUser, body: Pair) {
  if (!(await visibleFence(conn, user, body.shipperAreaId))) throw invalid('发货地：发货地不存在或无权访问', { field: 'shipperAreaId' });
  if (!(await visibleFence(conn, user, body.receiverAreaId))) throw invalid('收货地：收货地不存在或无权访问', { field: 'receiverAreaId' });
  if (body.shipperAreaId === body.receiverAreaId) throw invalid('收货地：收货地不能与发货地相同', { field: 'receiverAreaId' });
}

const areaName = async (conn: Conn, areaId: number) => (await one<{ n: string }>(conn, 'SELECT area_name AS n FROM areas WHERE id = ?', areaId))!.n;

export function orderDistanceRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  const engine = new ResourceEngine(conn, registry);
  const distanceFields = registry().resources.get('distance')!.schema.properties;
  const saveInput = {
    type: 'object', additionalProperties: false, required: ['shipperAreaId', 'receiverAreaId', 'distanceKm'],
    properties: {
      ...fences,
      distanceKm: distanceFields.distanceKm,
      estimatedHours: { ...distanceFields.estimatedHours, type: ['number', 'null'] },
      version: { title: '版本号', type: 'integer', minimum: 1, maximum: MAX_ID },
    },
  };

  /** The enabled 收发货方 at a fence that may play the role (a customer's, or the corporation's own when customerId is given). */
  const partiesAt = async (user: SessionUser, areaId: number, types: number[], customerId?: number) => {
    const rows = await shipperReceiversAt(engine, user, areaId);
    return rows
      .filter((r) => r.status === ENABLED && types.includes(Number(r.shipperReceiverType)))
      .filter((r) => customerId === undefined || r.customerId === null || r.customerId === customerId)
      .map((r) => ({ id: r.id, shipperReceiverName: r.shipperReceiverName, shipperReceiverType: r.shipperReceiverType, customerName: r.customerName ?? null,
        contactPerson: r.contactPerson ?? null, contactPhone: r.contactPhone ?? null, address: r.address ?? null }));
  };

  return [
    route<Pair & { customerId?: number }>({
      method: 'POST', path: '/orderInfo/checkShipperReceiver', access: { anyOf: ORDER_FORMS }, input: shipperInput,
      handler: async ({ user, body }) => {
        await checkPair(conn, user, body);
        const shippers = await partiesAt(user, body.shipperAreaId, SHIPS, body.customerId);
        const receivers = await partiesAt(user, body.receiverAreaId, RECEIVES, body.customerId);
        const missing = [
          shippers.length ? '' : `发货地“${await areaName(conn, body.shipperAreaId)}”没有启用的发货方`,
          receivers.length ? '' : `收货地“${await areaName(conn, body.receiverAreaId)}”没有启用的收货方`,
        ].filter(Boolean);
        const passed = missing.length === 0;
        return new Outcome(Code.SUCCESS, passed ? '收发货方校验通过' : missing.join('；'), { passed, shippers, receivers });
      },
    }),
    route<Pair>({
      method: 'POST', path: '/orderInfo/checkAreaDistance', access: { anyOf: ORDER_FORMS }, input: pairInput,
      handler: async ({ user, body }) => {
        await checkPair(conn, user, body);
        const distance = await distanceBetween(engine, user, body.shipperAreaId, body.receiverAreaId);
        return new Outcome(Code.SUCCESS, distance ? '已维护发货地到收货地的距离' : '未维护发货地到收货地的距离', { exists: !!distance, distance });
      },
    }),
    route<Pair & { distanceKm: number; estimatedHours?: number | null; version?: number }>({
      method: 'POST', path: '/orderInfo/saveOrUpdateDistanceInfo', access: { anyOf: ORDER_FORMS }, input: saveInput,
      // The row of this direction (the way back may have its own): changed at the version read (or the
      // one sent, so a stale form is refused), else a new row. Partner users are refused by the engine:
      // the corporation keeps its distances (schemas/resources/distance.json declares no scope).
      handler: async ({ user, body }) => {
        await checkPair(conn, user, body);
        const fields = { distanceKm: body.distanceKm, ...(body.estimatedHours !== undefined ? { estimatedHours: body.estimatedHours } : {}) };
        const row = await one<{ id: number; version: number }>(conn,
          'SELECT id, version FROM area_distances WHERE corp_id = ? AND is_deleted = 0 AND from_area_id = ? AND to_area_id = ?',
          user.corpId, body.shipperAreaId, body.receiverAreaId);
        if (row) {
          const saved = await update(engine, 'distance', user, { id: row.id, version: body.version ?? row.version, ...fields });
          return new Outcome(Code.SUCCESS, '保存成功', { ...saved, created: false });
        }
        const saved = await save(engine, 'distance', user, { fromAreaId: body.shipperAreaId, toAreaId: body.receiverAreaId, ...fields });
        return new Outcome(Code.SUCCESS, '保存成功', { ...saved, version: 1, created: true });
      },
    }),
  ];
}
