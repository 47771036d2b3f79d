// The pricing engine's messages to a user (docs/settlement.md "Pricing errors"). A pricing failure is a
// result carrying one of these, never a thrown error: an estimate that cannot be made is news to the
// dispatcher, not a fault of the server.
import type { PricingError, PricingSide } from './types.ts';

const error = (code: PricingError['code'], message: string): PricingError => ({ ok: false, code, message });

export const ERRORS = {
  noCarrier: error('noParty', '运单未指定承运商，无法计算应付运费'),
  noCustomer: error('noParty', '运单未关联客户订单，无法计算应收运费'),
  multipleCustomers: error('multipleCustomers', '运单包含多个客户的订单，无法按一个客户合同计价'),
  noRule: error('noRule', '未找到适用的计价规则'),
  waybillNotFound: error('waybillNotFound', '运单不存在'),
  badTiers: error('badRule', '计价规则的阶梯设置有误，无法计价'),
  noUnitPrice: error('badRule', '计价规则未设置单价，无法计价'),
  badMethod: error('badRule', '计价规则的计价方式或阶梯依据有误，无法计价'),
  badMoney: error('badRule', '计价规则的金额须为整数分，无法计价'),
} as const;

export const noContractMessage = (side: PricingSide, material = false) =>
  (side === 'carrier' ? (material ? '承运商在运单日期没有生效的材料合同' : '承运商在运单日期没有生效的合同') : '客户在运单日期没有生效的合同');

/** 缺少重量，无法按吨计价. */
export const missingQuantity = (what: string, method: string): PricingError => error('missingQuantity', `缺少${what}，无法${method}计价`);

export const NOTES = {
  noOilPrice: (region: string) => `未找到${region}在运单日期的油价，未计燃油附加费`,
  noFuelBase: '燃油联动未设置基准油价或联动系数，未计燃油附加费',
  badCoefficient: '燃油联动系数须在0到1之间，未计燃油附加费',
  noFuelRegion: '燃油联动缺少油价地区（运单起运省份为空），未计燃油附加费',
} as const;
