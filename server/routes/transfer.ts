// Transfers (spec section 7 `transfer/*`, operation waybillTransfer3): the list, unloading the goods
// of vehicle A at a place, loading them onto vehicle B (the machine's `transfer`), and a waybill's
// transfers for the map. server/domain/waybills/transfer.ts holds the rules.
import type { Conn } from '../resources/statements.ts';
import { route, type RouteDef } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import { pagingProperties } from '../resources/input-schemas.ts';

/** Paging without sorting: these lists have one fixed order. */
const { curPage, pageSize } = pagingProperties([]);
const pageOnly = { curPage, pageSize };
import { transferAllocate, transferInfo, transferList, transferUnload, TRANSFER_STATUS } from '../domain/waybills/transfer.ts';
import { idOf, idQuery, pastTime, text, VERSION, writeInput } from './waybill-inputs.ts';

const TRANSFER = ['waybillTransfer3'];

export function transferRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  return [
    route({
      method: 'POST', path: '/transfer/getTransferOrderList', access: { anyOf: TRANSFER },
      input: {
        type: 'object', additionalProperties: false,
        properties: { ...pageOnly, waybillNo: text('运单号', 32), status: { title: '转运状态', enum: Object.values(TRANSFER_STATUS) } },
      },
      handler: ({ user, body }) => transferList(conn, user, body),
    }),
    route({
      method: 'POST', path: '/transfer/transferUnload', access: { anyOf: TRANSFER },
      input: writeInput({ areaId: idOf('转运地点'), time: pastTime('卸货时间'), remark: text('备注') }, ['areaId']),
      handler: ({ user, body }) => transferUnload(conn, user, body),
    }),
    route({
      method: 'POST', path: '/transfer/transferAllocate', access: { anyOf: TRANSFER },
      input: {
        type: 'object', additionalProperties: false, required: ['id', 'version', 'vehicleId'],
        properties: { id: idOf('转运单ID'), version: VERSION, vehicleId: idOf('车辆'), driverId: idOf('司机') },
      },
      handler: ({ user, body }) => transferAllocate(conn, registry(), user, body),
    }),
    route({
      method: 'GET', path: '/transfer/transferInfo', access: { anyOf: [...TRANSFER, 'waybill3', 'waybillDetail3'] }, input: idQuery,
      handler: ({ user, body }) => transferInfo(conn, user, Number(body.id)),
    }),
  ];
}
