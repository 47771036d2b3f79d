// JSON Schemas of the order endpoints' inputs. Every property has a Chinese title (code-100
// messages name it), every string is bounded, unknown fields are refused.
import { pagingProperties } from '../../resources/input-schemas.ts';
import { noControl } from '../../resources/like.ts';

export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const id = (title: string) => ({ title, type: 'integer', minimum: 1, maximum: MAX_ID });
export const VERSION = { title: '版本', type: 'integer', minimum: 1, maximum: MAX_ID };
export const time = (title: string) => ({ title, type: 'integer', minimum: 0, maximum: 8_640_000_000_000 });
/** Quantities, weights and volumes: below 10^12 with at most three decimals (spec section 5). */
export const amount = (title: string, positive: boolean) => ({
  title, type: 'number', ...(positive ? { exclusiveMinimum: 0 } : { minimum: 0 }), maximum: 999_999_999_999, 'x-number': { intDigits: 12, decimals: 3 },
});
/** Business numbers are letters, digits, '-' and '_': never free text. */
export const ORDER_NO = { title: '订单号', type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$', errorMessage: { pattern: '订单号只能由字母、数字、-和_组成' } };
export const obj = (required: string[], properties: Record<string, object>) => ({ type: 'object', additionalProperties: false, required, properties });
/** GET inputs arrive as strings. */
export const idText = (title: string) => ({ title, type: 'string', pattern: '^[1-9][0-9]{0,15}$' });

/**
 * One order goods line, for orderInfo/save and changeGoodsDetail: a catalogue 货品 (goodsInfoId; its
 * name, code, unit, weight and volume are then the catalogue's) or a line typed by hand where the
 * corporation allows it (then 货物名称 and 单位 are needed). goods-lines.ts decides which.
 */
export const GOODS_LINE = obj(['quantity'], {
  id: id('货物明细'),
  goodsInfoId: { ...id('货品'), type: ['integer', 'null'] },
  goodsName: { title: '货物名称', type: 'string', minLength: 1, maxLength: 100 },
  goodsCode: { title: '货物编码', type: 'string', maxLength: 50 },
  quantity: amount('数量', true),
  weight: amount('重量', false),
  volume: amount('体积', false),
  unit: { title: '单位', type: 'string', minLength: 1, maxLength: 20 },
});

export const saveSchema = obj(['customerId', 'businessType', 'shipperAreaId', 'receiverAreaId', 'goods'], {
  id: id('订单ID'),
  version: VERSION,
  orderNo: ORDER_NO,
  customerId: id('客户'),
  businessType: { title: '业务类型', type: 'integer', minimum: 0, maximum: 19 },
  shipperAreaId: id('发货地'),
  receiverAreaId: id('收货地'),
  requiredLoadTime: time('要求装货时间'),
  requiredArriveTime: time('要求到达时间'),
  remark: { title: '备注', type: 'string', maxLength: 500 },
  goods: { title: '货物明细', type: 'array', minItems: 1, maxItems: 200, items: GOODS_LINE },
});

export const orderNoRepeatSchema = obj(['orderNo'], { orderNo: ORDER_NO, id: id('订单ID') });

const intList = (title: string) => ({ title, type: 'array', maxItems: 100, items: { title, type: 'integer', minimum: -1000, maximum: 100_000 } });
const FILTERS = {
  ...pagingProperties(['createdAt', 'updatedAt', 'orderNo']),
  orderNo: noControl({ ...ORDER_NO, minLength: 0, pattern: '^[A-Za-z0-9_-]*$' }),
  customerId: id('客户'),
  carrierId: id('承运商'),
  status: intList('订单状态'),
  taskStatus: intList('任务状态'),
  businessType: intList('业务类型'),
  createdAt: { title: '创建时间', type: 'array', maxItems: 2, items: time('创建时间') },
};
export const listSchema = obj([], FILTERS);
export const countSchema = obj([], { ...FILTERS, groupByStatus: { title: '按状态分组', type: 'boolean' } });

export const orderIdSchema = obj(['orderId'], { orderId: id('订单ID') });
export const splitSchema = obj(['orderId', 'version', 'lines'], {
  orderId: id('订单ID'),
  version: VERSION,
  lines: { title: '拆分明细', type: 'array', minItems: 1, maxItems: 200, items: obj(['goodsId', 'quantity'], { goodsId: id('货物'), quantity: amount('拆分数量', false) }) },
});
export const cancelSplitSchema = obj(['orderId', 'version', 'partId'], { orderId: id('订单ID'), version: VERSION, partId: id('拆分单') });
export const splitOverSchema = obj(['orderId', 'version'], { orderId: id('订单ID'), version: VERSION });

export const delegateSchema = obj(['carrierId'], {
  id: id('订单ID'), version: VERSION, ids: { title: '订单ID列表', type: 'array', minItems: 1, maxItems: 1000, items: id('订单ID') }, carrierId: id('承运商'),
});
export const orderVersionSchema = obj(['id', 'version'], { id: id('订单ID'), version: VERSION });
export const distributionSchema = obj(['id', 'version'], { id: id('订单ID'), version: VERSION, orgId: id('部门'), userId: id('调度员') });
export const deleteSchema = obj(['ids'], { ids: { title: '订单ID列表', type: 'array', minItems: 1, maxItems: 1000, items: id('订单ID') } });

export const assignVehicleSchema = obj(['orderId', 'version', 'vehicleId'], {
  orderId: id('订单ID'), version: VERSION, partId: id('拆分单'), vehicleId: id('车辆'), driverId: id('司机'), carrierId: id('承运商'),
});

const { curPage, pageSize } = pagingProperties([]);
export const historyPageSchema = obj(['orderNo'], { orderNo: ORDER_NO, curPage, pageSize });

export const getById = obj(['id'], { id: idText('订单ID') });
export const getByOrderId = obj(['orderId'], { orderId: idText('订单ID') });
