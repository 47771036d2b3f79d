// Orders that the order endpoints' baseline bodies act on in tests/bad-input.test.ts: a plain
// order, one with a split part, one delegated to a carrier and one in a stowage task, created
// through the API as admin.
// Each bad-input case runs in a rolled-back transaction, so these stay as they are here.
import type { TestApp } from './test-app.ts';

type Row = Record<string, any>;

export const ORDER_BODY = {
  customerId: 1, businessType: 1, shipperAreaId: 1, receiverAreaId: 3,
  goods: [{ goodsName: '测试货物', quantity: 10, unit: '件' }, { goodsName: '测试药品', quantity: 2.5, unit: '箱', weight: 1.2 }],
};

/** A vehicle of corporation 1 in service, with a driver in service. */
export async function vehicleInService(t: Pick<TestApp, 'db'>, corpId = 1, carrierId?: number): Promise<{ id: number; driverId: number; carrierId: number }> {
  return (await t.db.one<{ id: number; driverId: number; carrierId: number }>(`SELECT v.id, v.driver_id AS driverId, v.carrier_id AS carrierId FROM vehicles v JOIN drivers d ON d.id = v.driver_id
    WHERE v.corp_id = ? AND v.status = 0 AND d.status = 0 AND v.is_deleted = 0 AND d.is_deleted = 0 ${carrierId ? 'AND v.carrier_id = ?' : ''} ORDER BY v.id LIMIT 1`,
    [corpId, ...(carrierId ? [carrierId] : [])]))!;
}

export async function orderFixtures(t: TestApp) {
  const admin = await t.as('admin');
  const ok = async (path: string, body: Row) => {
    const r = await admin.post(path, body);
    if (r.code !== 1) throw new Error(`${path}: ${r.message}`);
    return r.result;
  };
  const plain = await ok('/orderInfo/save', ORDER_BODY);
  const [goods] = await t.db.all<{ id: number }>('SELECT id FROM order_goods WHERE order_id = ? ORDER BY id', [plain.id]);
  const split = await ok('/orderInfo/save', ORDER_BODY);
  const [splitGoods] = await t.db.all<{ id: number }>('SELECT id FROM order_goods WHERE order_id = ? ORDER BY id', [split.id]);
  const part = await ok('/orderInfo/splitOrder', { orderId: split.id, version: 1, lines: [{ goodsId: splitGoods.id, quantity: 1 }] });
  const delegated = await ok('/orderInfo/save', ORDER_BODY);
  const moved = await ok('/orderInfo/delegate', { id: delegated.id, version: 1, carrierId: 1 });
  const stowed = await ok('/orderInfo/save', ORDER_BODY);
  const task = await ok('/orderStowageTask/save', { orderIds: [stowed.id], vehicleId: (await vehicleInService(t)).id });
  const at = { id: plain.id, version: plain.version };
  // A line picked from the goods catalogue beside the hand-typed ones, so its field is exercised too.
  const catalogued = (await t.db.one<{ id: number }>("SELECT id FROM goods WHERE corp_id = 1 AND goods_code = 'HP003'", []))!;
  const bodies: Record<string, Row> = {
    '/orderInfo/save': { ...ORDER_BODY, goods: [{ goodsInfoId: catalogued.id, quantity: 2 }, ...ORDER_BODY.goods] },
    '/orderInfo/orderNo/repeat': { orderNo: plain.orderNo },
    '/orderInfo/list': {},
    '/orderInfo/count': {},
    '/orderInfo/querySplitOrder': { orderId: plain.id },
    '/orderInfo/splitOrder': { orderId: plain.id, version: plain.version, lines: [{ goodsId: goods.id, quantity: 1 }] },
    '/orderInfo/cancelSplitOrder': { orderId: split.id, version: part.version, partId: part.partId },
    '/orderInfo/splitOrderOver': { orderId: split.id, version: part.version },
    '/orderInfo/assignVehicle': { orderId: plain.id, version: plain.version, vehicleId: (await vehicleInService(t)).id },
    '/orderInfo/delegate': { ...at, carrierId: 1 },
    '/orderInfo/rejectDelegation': { id: delegated.id, version: moved.version },
    '/orderInfo/cancelDelegation': { id: delegated.id, version: moved.version },
    '/orderInfo/distribution': { ...at, orgId: 1 },
    '/orderInfo/delete': { ids: [plain.id] },
    '/orderInfo/cancelOrder': at,
    '/orderInfoHistory/findByPage': { orderNo: plain.orderNo },
    '/orderInfo/copyOrder': { id: plain.id },
    '/orderInfo/changeDestination': { ...at, receiverAreaId: 2, reason: '客户要求' },
    '/orderInfo/getChangeDistance': { id: plain.id, receiverAreaId: 2 },
    '/orderInfo/changeGoodsDetail': { ...at, goods: [{ id: goods.id, goodsName: '测试货物', quantity: 11, unit: '件' }, { goodsInfoId: catalogued.id, quantity: 1 }] },
    '/batch/order/getGoodsInfo': { ids: [plain.id] },
    '/batch/order/confirmShipment': { ids: [plain.id] },
    '/batch/order/confirmDelivery': { ids: [plain.id] },
    '/orderStowageTask/list': {},
    '/orderStowageTask/count': {},
    '/orderStowageTask/unAcceptedLineResult': {},
    '/orderStowageTask/unStowageOrderList': {},
    '/orderStowageTask/save': { orderIds: [plain.id] },
    '/orderStowageTask/confirmResult': { id: task.id, version: task.version },
    '/orderInfo/generateWaybillFromStowage': { id: task.id, version: task.version },
    '/orderStowageSetting/save': { maxOrders: 10, maxLoadRate: 100, sameShipperArea: 0, sameBusinessType: 0 },
    '/orderInfo/findOrderStowage': { orderId: plain.id },
  };
  /** Free-text fields of domain routes: SQL- or script-looking text is a value, saved as typed (code 1). */
  const acceptedText: Record<string, string> = {
    '/orderInfo/save remark': 'a remark is free text; tests/orders.test.ts reads such a value back verbatim',
    '/orderInfo/changeDestination reason': 'the reason is free text, kept verbatim in the record history and the waybill event',
    '/orderStowageTask/save remark': 'a stowage task remark is free text, stored as typed',
  };
  return { bodies, acceptedText };
}
