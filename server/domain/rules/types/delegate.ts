// Delegate rules (委托规则, delegate/rule/*): a new order that a rule covers is delegated, as it is
// created, to the rule's carrier — or, that one stopped, to the first enabled of its backups — through
// the dispatcher's own delegate action (order-rules.ts, orders/save.ts). The conditions test what an
// order gives when it is created (order-rules.ts orderFactValues); an order has no carrier yet, so a
// delegate rule has no carrier scope: its carriers are its effect.
import type { RuleRecord, RuleType } from '../rule-type.ts';

export interface DelegateEffect {
  /** The carriers to try, in order: the rule's carrier, then its backups. */
  carrierIds: number[];
}

export interface DelegateRuleRecord extends RuleRecord {
  delegateCarrierId: number;
  backupCarrierIds: number[] | null;
}

export const delegateRuleType: RuleType<DelegateEffect> = {
  key: 'delegate',
  title: '委托规则',
  resource: 'delegateRule',
  fields: [
    { key: 'customerId', title: '客户', kind: 'code', reference: 'customer', referenceLabel: 'customerName' },
    { key: 'businessType', title: '业务类型', kind: 'code', dictionary: 'businessType' },
    { key: 'shipperProvince', title: '发货省', kind: 'text' },
    { key: 'shipperCity', title: '发货市', kind: 'text' },
    { key: 'receiverProvince', title: '收货省', kind: 'text' },
    { key: 'receiverCity', title: '收货市', kind: 'text' },
    { key: 'goodsCategory', title: '货品类别', kind: 'code', dictionary: 'goodsCategory' },
    { key: 'weightT', title: '重量', kind: 'number', unit: '吨' },
    { key: 'volumeM3', title: '体积', kind: 'number', unit: '立方米' },
    { key: 'quantity', title: '数量', kind: 'number' },
    { key: 'loadHour', title: '要求装货时间(时)', kind: 'number', unit: '时' },
  ],
  effectOf(rule) {
    const r = rule as DelegateRuleRecord;
    return { carrierIds: [...new Set([r.delegateCarrierId, ...(r.backupCarrierIds ?? [])])] };
  },
};
