// The fence calls of spec section 7 ("Base data lookups", electronic/*): label lists for the
// map and pickers, one fence for the edit layer, and the save from an order's or waybill's map.
import type { Conn } from '../resources/statements.ts';
import { route, Outcome, type RouteDef } from '../http/route.ts';
import { Code } from '../http/envelope.ts';
import { fenceDetail, fenceLabels, FENCE_LIST_MAX, listFences, type FenceFilter } from '../fences/read.ts';
import { saveFence, type FenceEdit } from '../fences/save.ts';
import { OfflineGeocoder } from '../fences/geocode/offline.ts';
import { GeocodeError, type ReverseGeocoder } from '../fences/geocode/geocoder.ts';
import type { SessionUser } from '../http/context.ts';
import { searchText } from '../resources/like.ts';

/** The operations of 电子围栏管理 (schemas/menus/base-data.json). */
export const FENCE_OPS = { list: 'area3', add: 'areaAdd3', update: 'areaUpdate3', detail: 'areaDetail3', delete: 'areaDelete3' } as const;
/** Everyone who works with orders or waybills sees the fences on them, and so do the fence list's users. */
export const FENCE_READ = ['order3', 'orderAdd3', 'orderUpdate3', 'orderDetail3', 'orderMonitor3', 'waybill3', 'waybillDetail3',
  FENCE_OPS.list, FENCE_OPS.add, FENCE_OPS.update, FENCE_OPS.detail,
  // Pages that pick a fence by name (references to `area`): 收发货方, 距离, 围栏配送设置, 门店位置.
  'shipperReceiverInfo3', 'shipperReceiverInfoAdd3', 'shipperReceiverInfoUpdate3', 'distance3', 'distanceAdd3', 'distanceUpdate3',
  'areaDeliverySetting3', 'areaDeliverySettingAdd3', 'areaDeliverySettingUpdate3', 'storeLocation3', 'storeLocationAdd3', 'storeLocationUpdate3'];
/** Editing a fence changes every order and waybill through it: for those who may change them. */
export const FENCE_EDIT = ['orderUpdate3', 'orderChangeDestination3', 'waybillUpdate3'];

export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const id = (title: string) => ({ title, type: 'integer', minimum: 1, maximum: MAX_ID });
export const str = (title: string, maxLength: number) => ({ title, type: 'string', maxLength });
/** Typed in the calibration dialog: a number or its text (null: left empty); the field rules say what is wrong with it. */
const typed = (title: string) => ({ title, type: ['number', 'string', 'null'], maxLength: 32 });
/** Values the console derives and sends along; recomputed here, but they must at least be numbers. */
const derived = (title: string) => ({ title, type: 'number' });

const filterProperties = {
  curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: FENCE_LIST_MAX },
  areaName: searchText('围栏名称', 100),
  areaCode: searchText('围栏编码', 100),
  typeId: { title: '围栏类型', enum: [1, 2, 3] },
  customerId: id('客户'),
  areaIds: { title: '围栏', type: 'array', maxItems: FENCE_LIST_MAX, items: id('围栏') },
};
const listInput = { type: 'object', additionalProperties: false, properties: filterProperties };
const { customerId: _byReceiver, ...receiverFilter } = filterProperties;
const byReceiverInput = {
  type: 'object', additionalProperties: false, required: ['receiveOrgId'],
  properties: { ...receiverFilter, receiveOrgId: id('收货客户') },
};

const point = { title: '围栏坐标点', type: 'object', additionalProperties: false, properties: {
  lng02: derived('经度'), lat02: derived('纬度'), lng84: derived('经度'), lat84: derived('纬度'),
} };
export const fenceEditInput = {
  type: 'object', additionalProperties: false, required: ['areaId', 'typeId'],
  properties: {
    areaId: id('围栏ID'),
    version: { title: '版本号', type: 'integer', minimum: 1, maximum: MAX_ID },
    orderId: id('订单ID'),
    waybillId: id('运单ID'),
    areaName: str('围栏名称', 64),
    areaCode: str('围栏编码', 64),
    typeId: { title: '围栏类型', enum: [1, 2, 3] },
    areaLonLat: { title: '围栏坐标', type: 'string', maxLength: 20_000 },
    areaAcreage: derived('面积'),
    lonCenter: typed('经度'),
    latCenter: typed('纬度'),
    lon02: derived('经度'),
    lat02: derived('纬度'),
    radius: typed('半径'),
    position: str('详细地址', 200),
    province: str('省', 50),
    city: str('市', 50),
    district: str('区县', 50),
    areaLabel: str('围栏标签', 50),
    llObjArr: { title: '围栏坐标点', type: 'array', maxItems: 1000, items: point },
  },
};

export const areaIdQuery = { type: 'object', additionalProperties: false, required: ['areaId'], properties: { areaId: { title: '围栏ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } };
const pointQuery = {
  type: 'object', additionalProperties: false, required: ['lon', 'lat'],
  properties: { lon: { title: '经度', type: 'string', pattern: '^-?[0-9]{1,3}(\\.[0-9]{1,12})?$' }, lat: { title: '纬度', type: 'string', pattern: '^-?[0-9]{1,2}(\\.[0-9]{1,12})?$' } },
};

/** The geocoder of a request: offline, with the user's corporation's fences as the near detail. */
export type GeocoderFor = (user: SessionUser) => ReverseGeocoder;

export const defaultGeocoder = (conn: Conn): GeocoderFor => (user) => new OfflineGeocoder(conn, user.corpId);

export function electronicRoutes(conn: Conn, geocoderFor?: GeocoderFor): RouteDef[] {
  const geocoder = geocoderFor ?? defaultGeocoder(conn);
  const list = (path: string) =>
    route<FenceFilter>({ method: 'POST', path, access: { anyOf: FENCE_READ }, input: listInput, handler: ({ user, body }) => listFences(conn, user, body) });
  return [
    list('/electronic/getAreaLablePositionNew'),
    // No fence of ours is a feed-material area (those are linked to factories by a call we do not serve), so this is the same list.
    list('/electronic/getAreaLabelPositionWithOutMaterial'),
    route<FenceFilter & { receiveOrgId: number }>({
      method: 'POST', path: '/electronic/getAreaLabelPositionByReceiveOrgId', access: { anyOf: FENCE_READ }, input: byReceiverInput,
      handler: ({ user, body }) => listFences(conn, user, { ...body, customerId: body.receiveOrgId }),
    }),
    route<FenceFilter>({
      method: 'POST', path: '/electronic/getAreaLablePosition', access: { anyOf: FENCE_READ }, input: listInput,
      handler: ({ user, body }) => fenceLabels(conn, user, body),
    }),
    route({
      method: 'GET', path: '/electronic/getCustomAreaByAreaId', access: { anyOf: FENCE_READ }, input: areaIdQuery,
      handler: ({ user, body }) => fenceDetail(conn, user, Number(body.areaId)),
    }),
    route<FenceEdit>({
      method: 'POST', path: '/electronic/updateAreaByOrderOrWaybill', access: { anyOf: FENCE_EDIT }, input: fenceEditInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, '保存成功', await saveFence(conn, user, body, geocoder(user))),
    }),
    route<{ lon: string; lat: string }>({
      method: 'GET', path: '/electronic/reverseGeocode', access: { anyOf: FENCE_READ }, input: pointQuery,
      handler: async ({ user, body }) => {
        try {
          return await geocoder(user).locate(Number(body.lon), Number(body.lat));
        } catch (e) {
          if (e instanceof GeocodeError) throw e.toApiError();
          throw e;
        }
      },
    }),
  ];
}
