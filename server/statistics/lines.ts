// The business lines the dashboard splits its numbers by: the spec's business-type groups
// (server/domain/orders/business-types.ts), and 其他 for the types in no group.
import type { Registry } from '../registry/types.ts';
import { BUSINESS_GROUPS, groupOf } from '../domain/orders/business-types.ts';

/** The lines' names on the dashboard, as the menus name their order and waybill screens. */
export const LINE_NAMES: Record<string, string> = {
  finishProduct: '饲料成品', rawMaterial: '饲料原料', yqmj: '养禽', yqChicks: '禽苗', DHN: '大华农', JR: '嘉润', ZM: '种苗', other: '其他',
};

export const OTHER_LINE = 'other';
export const lineOf = (businessType: number) => groupOf(businessType) ?? OTHER_LINE;

/** Every line with its business types, in a fixed order (the groups', then 其他). */
export function lineTypes(reg: Registry): { businessLine: string; businessLineName: string; businessType: number[] }[] {
  const grouped = Object.values(BUSINESS_GROUPS).flat();
  const other = (reg.dictionaries.get('businessType')?.items ?? []).map((i) => i.id as number).filter((id) => !grouped.includes(id));
  return [...Object.entries(BUSINESS_GROUPS), [OTHER_LINE, other] as const].map(([line, types]) => ({
    businessLine: line, businessLineName: LINE_NAMES[line], businessType: [...types],
  }));
}
