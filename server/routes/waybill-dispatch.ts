// Dispatching an existing waybill (service 'waybill'): assign and cancel the vehicle, assign the
// driver, rename, batch delete. Each needs its operation id from schemas/menus/transport.json.
import type { Conn } from '../resources/statements.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { assignDriver, assignVehicle, cancelVehicle, editWaybillName } from '../domain/waybills/dispatch.ts';
import { batchDeleteWaybills } from '../domain/waybills/delete.ts';
import { dispatchVehicles, type VehiclePickInput } from '../domain/waybills/dispatch-vehicles.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import { ID, idOf, requiredText, writeInput } from './waybill-inputs.ts';
import { thenReestimate } from '../domain/settlement/fees/re-estimate.ts';

const PAGING = pagingProperties([]);

export function waybillDispatchRoutes(conn: Conn, registry: () => Registry) {
  return [
    route({
      method: 'POST', path: '/waybill/assignVehicle', access: { anyOf: ['waybillAssignVehicle3'] },
      input: writeInput({ vehicleId: idOf('车辆'), driverId: idOf('司机') }, ['vehicleId']),
      handler: ({ user, body }) => thenReestimate(conn, user.corpId, 'assignVehicle', assignVehicle(conn, registry(), user, body), () => [body.id]),
    }),
    // The 派车 dialogs' vehicle picker (orders and waybills): who may dispatch may look.
    route<VehiclePickInput>({
      method: 'POST', path: '/waybill/pageQueryVehicleInfo', access: { anyOf: ['waybillAssignVehicle3', 'orderAssignVehicle3'] },
      input: {
        type: 'object', additionalProperties: false,
        properties: { curPage: PAGING.curPage, pageSize: PAGING.pageSize, vehicleNo: searchText('车牌号', 20), id: idOf('车辆'), carrierId: idOf('承运商') },
      },
      handler: ({ user, body }) => dispatchVehicles(conn, user, body),
    }),
    route({
      method: 'POST', path: '/waybill/cancelVehicle', access: { anyOf: ['waybillCancelVehicle3'] }, input: writeInput(),
      handler: ({ user, body }) => thenReestimate(conn, user.corpId, 'cancelVehicle', cancelVehicle(conn, registry(), user, body), () => [body.id]),
    }),
    route({
      method: 'POST', path: '/waybill/assignDriver', access: { anyOf: ['waybillAssignDriver3'] }, input: writeInput({ driverId: idOf('司机') }, ['driverId']),
      handler: ({ user, body }) => assignDriver(conn, user, body),
    }),
    route({
      method: 'POST', path: '/waybill/editWaybillName', access: { anyOf: ['waybillEditName3'] },
      input: writeInput({ waybillName: requiredText('运单名称', 64) }, ['waybillName']),
      handler: ({ user, body }) => editWaybillName(conn, user, body),
    }),
    route({
      method: 'POST', path: '/waybill/batchDeleteWaybill', access: { anyOf: ['waybillDelete3'] },
      input: { type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: { title: '运单ID列表', type: 'array', minItems: 1, maxItems: 1000, items: ID } } },
      handler: ({ user, body }) => batchDeleteWaybills(conn, registry(), user, body.ids),
    }),
  ];
}
