// The waybill reads of spec section 7 (service 'waybill'): the list and its status-tab counts,
// the detail, the timeline of nodes and of events, and the status catalogues by statusType.
import type { Conn } from '../resources/statements.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import { eventList, nodeList, waybillDetail } from '../domain/waybills/detail.ts';
import { STATUS_TYPES, statusList } from '../domain/waybills/labels.ts';
import { pageQuery, seekQuery, SORTABLE, statusCounts, type WaybillQuery } from '../domain/waybills/query.ts';
import { idOf, idQuery } from './waybill-inputs.ts';
import { waybillDispatchRoutes } from './waybill-dispatch.ts';

const LIST = ['waybill3'];
/** Customers read a waybill from their order's detail; carriers and staff from the waybill pages. */
const READ = ['waybill3', 'waybillDetail3', 'orderDetail3'];

const codes = (title: string) => ({ title, type: 'array', maxItems: 50, items: { title, type: 'integer', minimum: 0, maximum: 100_000 } });

export const waybillQueryInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pagingProperties(Object.keys(SORTABLE)),
    waybillNo: searchText('运单号', 100),
    status: codes('运单状态'),
    step: codes('承运状态'),
    // A business line's list sends its group of spec section 3 (page `filter`), like orderInfo/list.
    businessType: codes('业务类型'),
    carrierId: idOf('承运商'),
    vehicleId: idOf('车辆'),
    createdAt: { title: '创建时间', type: 'array', maxItems: 2, items: { title: '创建时间', type: ['integer', 'null'], minimum: 0, maximum: 253402300799999 } },
  },
};

export function waybillRoutes(conn: Conn, registry: () => Registry) {
  return [
    route<WaybillQuery>({
      method: 'POST', path: '/waybill/pageQueryByCondition', access: { anyOf: LIST }, input: waybillQueryInput, seekable: true,
      handler: ({ user, body, seek }) => (seek ? seekQuery(conn, registry(), user, body, seek) : pageQuery(conn, registry(), user, body)),
    }),
    route<WaybillQuery>({
      method: 'POST', path: '/waybill/getWaybillNumberByCondition', access: { anyOf: LIST }, input: waybillQueryInput,
      handler: ({ user, body }) => statusCounts(conn, registry(), user, body),
    }),
    route({
      method: 'GET', path: '/waybill/getWaybillDetailById', access: { anyOf: READ }, input: idQuery,
      handler: ({ user, body }) => waybillDetail(conn, registry(), user, Number(body.id)),
    }),
    route({
      method: 'GET', path: '/waybill/getNodeListByIdVO', access: { anyOf: READ }, input: idQuery,
      handler: ({ user, body }) => nodeList(conn, registry(), user, Number(body.id)),
    }),
    route({
      method: 'GET', path: '/waybill/getEventListVOById', access: { anyOf: READ }, input: idQuery,
      handler: ({ user, body }) => eventList(conn, registry(), user, Number(body.id)),
    }),
    route({
      method: 'GET', path: '/waybill/getWaybillStatusList', access: { anyOf: READ },
      input: { type: 'object', additionalProperties: false, required: ['statusType'], properties: { statusType: { title: '状态类型', enum: Object.keys(STATUS_TYPES) } } },
      handler: ({ body }) => statusList(registry(), body.statusType),
    }),
    ...waybillDispatchRoutes(conn, registry),
  ];
}
