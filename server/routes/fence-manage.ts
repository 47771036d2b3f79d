// 电子围栏管理 (docs/api.md "Fence management"): list, add, update, delete and where-used of the
// corporation's fences, under the base-data menu's operations (FENCE_OPS). The update is the same
// saveFence as the edit layer of track playback, with the same input schema.
import type { Conn } from '../resources/statements.ts';
import { route, Outcome, type RouteDef } from '../http/route.ts';
import { Code } from '../http/envelope.ts';
import type { Registry } from '../registry/types.ts';
import { ResourceEngine } from '../resources/engine.ts';
import { searchText } from '../resources/like.ts';
import { saveFence, type FenceEdit } from '../fences/save.ts';
import { addFence, deleteFence, fenceCustomers, fenceUsage, listManagedFences, type FenceAdd, type ManagedFilter } from '../fences/manage.ts';
import { defaultGeocoder, fenceEditInput, FENCE_OPS, id, MAX_ID, type GeocoderFor } from './electronic.ts';

const listInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage: { title: '页码', type: 'integer', minimum: 1, maximum: 1_000_000 },
    pageSize: { title: '每页条数', type: 'integer', minimum: 1, maximum: 500 },
    areaName: searchText('围栏名称', 100),
    areaCode: searchText('围栏编码', 100),
    typeId: { title: '围栏类型', type: 'array', maxItems: 3, items: { title: '围栏类型', enum: [1, 2, 3] } },
    city: searchText('城市', 50),
    areaLabel: searchText('围栏标签', 50),
  },
};

/** 所属客户: a customer picked in the form, or null for none (a customer user's is always its own: fenceCustomer). */
const customerId = { ...id('所属客户'), type: ['integer', 'null'] };
// Adding: the edit's fields without the record and context ones, with the code and name required.
const { areaId: _a, version: _v, orderId: _o, waybillId: _w, ...editFields } = fenceEditInput.properties;
const addInput = {
  type: 'object', additionalProperties: false, required: ['areaName', 'areaCode', 'typeId'],
  properties: { ...editFields, areaName: { ...editFields.areaName, minLength: 1 }, areaCode: { ...editFields.areaCode, minLength: 1, pattern: '^[0-9A-Za-z_-]+$' }, customerId },
};
const updateInput = { ...fenceEditInput, required: ['areaId', 'version', 'typeId'], properties: { ...fenceEditInput.properties, customerId } };
const deleteInput = {
  type: 'object', additionalProperties: false, required: ['areaId'],
  properties: { areaId: id('围栏ID'), version: { title: '版本号', type: 'integer', minimum: 1, maximum: MAX_ID } },
};
const usageQuery = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title: '围栏ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } };

export function fenceManageRoutes(conn: Conn, registry: () => Registry, geocoderFor?: GeocoderFor): RouteDef[] {
  const geocoder = geocoderFor ?? defaultGeocoder(conn);
  const engine = new ResourceEngine(conn, registry);
  return [
    route<Partial<ManagedFilter>>({
      method: 'POST', path: '/electronic/areaManage/list', access: { anyOf: [FENCE_OPS.list] }, input: listInput,
      handler: ({ user, body }) => listManagedFences(conn, user, { ...body, curPage: body.curPage ?? 1, pageSize: body.pageSize ?? 20, }),
    }),
    route<FenceAdd>({
      method: 'POST', path: '/electronic/areaManage/add', access: { anyOf: [FENCE_OPS.add] }, input: addInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, '新增成功', await addFence(conn, user, body, geocoder(user))),
    }),
    route<FenceEdit>({
      method: 'POST', path: '/electronic/areaManage/update', access: { anyOf: [FENCE_OPS.update] }, input: updateInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, '保存成功', await saveFence(conn, user, body, geocoder(user))),
    }),
    route<{ areaId: number; version?: number }>({
      method: 'POST', path: '/electronic/areaManage/delete', access: { anyOf: [FENCE_OPS.delete] }, input: deleteInput,
      handler: async ({ user, body }) => new Outcome(Code.SUCCESS, '删除成功', await deleteFence(conn, user, body)),
    }),
    route({
      method: 'GET', path: '/electronic/areaManage/customers', access: { anyOf: [FENCE_OPS.add, FENCE_OPS.update] }, input: { type: 'object', additionalProperties: false, properties: {} },
      handler: ({ user }) => fenceCustomers(conn, user),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/electronic/areaManage/usage', access: { anyOf: [FENCE_OPS.detail, FENCE_OPS.update] }, input: usageQuery,
      handler: ({ user, body }) => fenceUsage(conn, engine, user, Number(body.id)),
    }),
  ];
}
