// JSON Schemas of the further order endpoints (copy, change destination and goods, customer
// batches, monitor, details, stowage). Same rules as schemas.ts: Chinese titles, bounded strings,
// unknown fields refused.
import { pagingProperties } from '../../resources/input-schemas.ts';
import { noControl } from '../../resources/like.ts';
import { amount, GOODS_LINE, id, idText, obj, ORDER_NO, VERSION } from './schemas.ts';
import { MAX_COPIES } from './copy.ts';

const ids = (title: string, max = 1000) => ({ title, type: 'array', minItems: 1, maxItems: max, items: id(title) });
const flag = (title: string) => ({ title, type: 'integer', enum: [0, 1] });
const { curPage, pageSize } = pagingProperties([]);

export const copySchema = obj(['id'], { id: id('订单ID'), version: VERSION, count: { title: '复制数量', type: 'integer', minimum: 1, maximum: MAX_COPIES } });
export const changeDestinationSchema = obj(['id', 'version', 'receiverAreaId'], {
  id: id('订单ID'), version: VERSION, receiverAreaId: id('收货地'), reason: { title: '变更原因', type: 'string', maxLength: 256 },
});
export const changeDistanceSchema = obj(['id', 'receiverAreaId'], { id: id('订单ID'), receiverAreaId: id('收货地') });
export const changeGoodsSchema = obj(['id', 'version', 'goods'], {
  id: id('订单ID'),
  version: VERSION,
  goods: {
    title: '货物明细', type: 'array', minItems: 1, maxItems: 200,
    items: GOODS_LINE,
  },
});
export const batchOrdersSchema = obj(['ids'], { ids: ids('订单ID列表') });

export const monitorQuery = obj(['orderId'], { orderId: idText('订单ID') });
export const noQuery = obj([], {});
export const businessTypeQuery = obj([], { type: { title: '业务类型', type: 'string', pattern: '^(1?[0-9])$' } });

const STOWAGE_STATUS = { title: '配载状态', type: 'array', maxItems: 2, items: { title: '配载状态', type: 'integer', enum: [1101, 1102] } };
const TASK_FILTERS = {
  curPage, pageSize,
  taskNo: noControl({ title: '配载任务号', type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_-]*$' }),
  status: STOWAGE_STATUS,
  confirmed: { title: '已生成运单', type: 'boolean' },
};
export const taskListSchema = obj([], TASK_FILTERS);
export const taskSaveSchema = obj(['orderIds'], {
  id: id('配载任务ID'), version: VERSION, orderIds: ids('订单', 100), vehicleId: id('车辆'), driverId: id('司机'), carModelId: id('车型'),
  remark: { title: '备注', type: 'string', maxLength: 500 },
});
export const confirmSchema = obj(['id', 'version'], { id: id('配载任务ID'), version: VERSION, vehicleId: id('车辆'), driverId: id('司机'), carrierId: id('承运商') });
export const candidatesSchema = obj([], {
  curPage, pageSize,
  orderNo: noControl({ ...ORDER_NO, minLength: 0, pattern: '^[A-Za-z0-9_-]*$' }),
  customerId: id('客户'), shipperAreaId: id('发货地'), receiverAreaId: id('收货地'),
  businessType: { title: '业务类型', type: 'array', maxItems: 20, items: { title: '业务类型', type: 'integer', minimum: 0, maximum: 19 } },
});
export const stowageSettingSchema = obj(['maxOrders', 'maxLoadRate', 'sameShipperArea', 'sameBusinessType'], {
  maxOrders: { title: '最多订单数', type: 'integer', minimum: 1, maximum: 100 },
  maxLoadRate: { title: '最高装载率', type: 'number', exclusiveMinimum: 0, maximum: 200, 'x-number': { intDigits: 3, decimals: 1 } },
  sameShipperArea: flag('同一发货地'),
  sameBusinessType: flag('同一业务类型'),
  version: VERSION,
});
export const findOrderStowageSchema = obj(['orderId'], { orderId: id('订单ID') });
export const vehicleQuery = obj(['vehicleId'], { vehicleId: idText('车辆') });
