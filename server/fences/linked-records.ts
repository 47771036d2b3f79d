// The base-data records that name a fence, for its where-used view (GET electronic/areaManage/usage):
// its 收发货方, the 距离 rows from or to it, its 围栏配送设置 and the 门店位置 linked to it. Each is
// read through the resource engine's own list, so the user sees exactly the rows that list shows them
// (a customer user its customer's 收发货方 and stores; partner users no distances or delivery settings),
// with names beside ids and dictionary values as their labels.
import type { SessionUser } from '../http/context.ts';
import { labelOf } from '../registry/labels.ts';
import type { ResourceEngine } from '../resources/engine.ts';

type Row = Record<string, unknown>;

/** Each list shows at most this many (the newest changed first); the where-used view is not a report. */
export const LINKED_MAX = 500;

export async function linkedRecords(engine: ResourceEngine, user: SessionUser, areaId: number) {
  const reg = engine.reg;
  // A partner type the resource does not share with gets no rows (the engine's scope), not an error.
  const list = async (resourceId: string, filter: Row): Promise<Row[]> => (await engine.list(resourceId, user, { ...filter, pageSize: LINKED_MAX })).data;
  const label = (dictionary: string, value: unknown) => labelOf(reg, dictionary, value);

  const shipperReceivers = (await list('shipperReceiverInfo', { areaId })).map((r) => ({
    id: r.id, shipperReceiverName: r.shipperReceiverName, shipperReceiverTypeStr: label('shipperReceiverType', r.shipperReceiverType),
    customerName: r.customerName ?? null, contactPerson: r.contactPerson ?? null, contactPhone: r.contactPhone ?? null, statusStr: label('enableStatus', r.status),
  }));
  // Both directions; a row from the fence to itself would be listed once.
  const seen = new Set<unknown>();
  const distances = [...(await list('distance', { fromAreaId: areaId })), ...(await list('distance', { toAreaId: areaId }))]
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({ id: r.id, fromAreaName: r.fromAreaName, toAreaName: r.toAreaName, distanceKm: r.distanceKm, estimatedHours: r.estimatedHours ?? null }));
  const deliverySettings = (await list('areaDeliverySetting', { areaId })).map((r) => ({
    id: r.id, deliveryName: r.deliveryName ?? null, vehicleName: r.vehicleName ?? null, carrierName: r.carrierName ?? null,
    windowStr: r.windowStart || r.windowEnd ? `${r.windowStart ?? ''}-${r.windowEnd ?? ''}` : null,
    unloadMinutes: r.unloadMinutes ?? null, needReceiptStr: label('yesNo', r.needReceipt), statusStr: label('enableStatus', r.status),
  }));
  const stores = (await list('storeLocation', { areaId })).map((r) => ({
    id: r.id, storeCode: r.storeCode, storeName: r.storeName, customerName: r.customerName ?? null, address: r.address ?? null,
    calibrationStatusStr: label('calibrationStatus', r.calibrationStatus),
  }));
  return { shipperReceivers, distances, deliverySettings, stores };
}
