// The freight-estimation calls of spec section 7 (financialFee/assignVehicleFee, delegateFee, changeFee,
// delegateFeeForNew, changeFeeForNew; docs/api.md "Settlement"): prices of what might be, for the
// dialogs that dispatch, delegate or change a waybill, and for a waybill not saved yet. They write
// nothing. Who may take the action may see its price beforehand, as the vehicle picker does; the
// settlement centre's financialFeeSave3 may price anything. Staff only (fees/prospective.ts).
import { FEE_READ } from './settlement-bills.ts';
import type { Conn } from '../resources/statements.ts';
import { Outcome, route, type RouteDef } from '../http/route.ts';
import { assignVehicleFee, changeFee, changeFeeForNew, delegateFee, delegateFeeForNew, estimateSummary } from '../domain/settlement/fees/prospective.ts';
import { Code } from '../http/envelope.ts';
import { orderFees } from '../domain/settlement/fees/order-fees.ts';
import { estimatedSettlement, formalSettlement, type SettlementQuery } from '../domain/settlement/settlement-lists.ts';
import type { Registry } from '../registry/types.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { searchText } from '../resources/like.ts';
import type { FormFacts } from '../domain/settlement/pricing/form-facts.ts';
import { idOf, quantity } from './waybill-inputs.ts';

const FINANCE = 'financialFeeSave3';
export const ESTIMATE_ACCESS = {
  assignVehicle: ['waybillAssignVehicle3', 'orderAssignVehicle3', FINANCE],
  delegate: ['waybillDelegate3', 'orderDelegate3', FINANCE],
  change: ['waybillUpdate3', 'orderChangeGoods3', FINANCE],
  forNew: ['waybillAdd3', 'orderAdd3', FINANCE],
};

const temperature = (title: string) => ({ title, type: 'number', minimum: -100, maximum: 100, 'x-number': { intDigits: 3, decimals: 1 } });

/** The facts a freight-estimation form gives (fees/prospective.ts, pricing/form-facts.ts). */
const FORM_PROPERTIES = {
  originAreaId: idOf('起点'),
  destAreaId: idOf('终点'),
  businessType: { title: '业务类型', type: 'integer', minimum: 0, maximum: 999 },
  carModelId: idOf('车型'),
  vehicleId: idOf('车辆'),
  carrierId: idOf('承运商'),
  customerId: idOf('客户'),
  goods: {
    title: '货物明细', type: 'array', maxItems: 500,
    items: {
      title: '货物明细', type: 'object', additionalProperties: false, required: ['quantity'],
      properties: { goodsInfoId: idOf('货品'), quantity: quantity('数量'), weight: { ...quantity('重量'), type: ['number', 'null'] }, volume: { ...quantity('体积'), type: ['number', 'null'] } },
    },
  },
  tempMin: temperature('最低温度'),
  tempMax: temperature('最高温度'),
  departureTime: { title: '计划发车时间', type: 'integer', minimum: 0, maximum: 4102444800000 },
};
const temperatures = [{ field: 'tempMax', atLeast: 'tempMin', message: '最高温度不能低于最低温度' }];

const object = (required: string[], properties: Record<string, object>, checks = false) => ({
  type: 'object', additionalProperties: false, required, properties, ...(checks ? { 'x-checks': temperatures } : {}),
});
const { vehicleId: _vehicle, carModelId: _carModel, ...NO_VEHICLE } = FORM_PROPERTIES;

export const estimateInputs = {
  assignVehicleFee: object(['waybillId', 'vehicleId'], { waybillId: idOf('运单ID'), vehicleId: idOf('车辆') }),
  delegateFee: object(['waybillId', 'carrierId'], { waybillId: idOf('运单ID'), carrierId: idOf('承运商') }),
  changeFee: object(['waybillId'], { waybillId: idOf('运单ID'), ...FORM_PROPERTIES }, true),
  changeFeeForNew: object(['originAreaId', 'destAreaId', 'businessType'], FORM_PROPERTIES, true),
  delegateFeeForNew: object(['originAreaId', 'destAreaId', 'businessType', 'carrierId'], NO_VEHICLE, true),
};

const { curPage, pageSize } = pagingProperties([]);
const MAX_TIME = 253_402_300_799_999;
const multi = (title: string, values: number[]) => ({ title, type: 'array', maxItems: values.length, items: { title, type: 'integer', enum: values } });
/** The 预估结算 / 正式结算 lists' search (schemas/pages/settlement/settlement-*-list.json). */
export const settlementListInput = (formal: boolean) => ({
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize,
    orderKind: multi('订单类型', [1, 2]),
    side: multi('结算方向', [1, 2]),
    partyName: searchText('结算对象', 50),
    waybillNo: searchText('运单号', 32),
    period: { title: formal ? '账期' : '创建时间', type: 'array', minItems: 2, maxItems: 2, items: { title: formal ? '账期' : '创建时间', type: ['integer', 'null'], minimum: 0, maximum: MAX_TIME } },
    ...(formal ? { billNo: searchText('账单号', 32), billStatus: multi('账单状态', [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) } : {}),
  },
});
export const SETTLEMENT_LIST_OPS = { estimated: 'settlementEstimated3', formal: 'settlementFormal3' };


export function settlementEstimateRoutes(conn: Conn, registry: () => Registry): RouteDef[] {
  return [
    route<SettlementQuery>({
      method: 'POST', path: '/settlement/estimatedList', access: { anyOf: [SETTLEMENT_LIST_OPS.estimated] }, input: settlementListInput(false),
      handler: ({ user, body }) => estimatedSettlement(conn, registry(), user, body),
    }),
    route<SettlementQuery>({
      method: 'POST', path: '/settlement/formalList', access: { anyOf: [SETTLEMENT_LIST_OPS.formal] }, input: settlementListInput(true),
      handler: ({ user, body }) => formalSettlement(conn, registry(), user, body),
    }),
    route<{ id: string }>({
      method: 'GET', path: '/financialFee/getOrderFees', access: { anyOf: FEE_READ },
      input: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { title: '订单ID', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      handler: ({ user, body }) => orderFees(conn, user, Number(body.id)),
    }),
    route<{ waybillId: number; vehicleId: number }>({
      method: 'POST', path: '/financialFee/assignVehicleFee', access: { anyOf: ESTIMATE_ACCESS.assignVehicle }, input: estimateInputs.assignVehicleFee,
      // The answer's message is the estimate in one line, which the 派车 dialog shows as its advisory
      // (schemas/pages/transport/waybill-assign-vehicle.json; `passed` false: always shown).
      handler: async ({ user, body }) => {
        const r = await assignVehicleFee(conn, user, body);
        return new Outcome(Code.SUCCESS, estimateSummary(r), { ...r, passed: false });
      },
    }),
    route<{ waybillId: number; carrierId: number }>({
      method: 'POST', path: '/financialFee/delegateFee', access: { anyOf: ESTIMATE_ACCESS.delegate }, input: estimateInputs.delegateFee,
      handler: ({ user, body }) => delegateFee(conn, user, body),
    }),
    route<FormFacts & { waybillId: number }>({
      method: 'POST', path: '/financialFee/changeFee', access: { anyOf: ESTIMATE_ACCESS.change }, input: estimateInputs.changeFee,
      handler: ({ user, body }) => changeFee(conn, user, body),
    }),
    route<FormFacts>({
      method: 'POST', path: '/financialFee/changeFeeForNew', access: { anyOf: ESTIMATE_ACCESS.forNew }, input: estimateInputs.changeFeeForNew,
      handler: ({ user, body }) => changeFeeForNew(conn, user, body),
    }),
    route<FormFacts & { carrierId: number }>({
      method: 'POST', path: '/financialFee/delegateFeeForNew', access: { anyOf: [...ESTIMATE_ACCESS.delegate, ...ESTIMATE_ACCESS.forNew] }, input: estimateInputs.delegateFeeForNew,
      handler: ({ user, body }) => delegateFeeForNew(conn, user, body),
    }),
  ];
}
