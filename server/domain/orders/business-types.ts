// Business types (dictionary businessType) and the business lines of spec section 3 that group
// them; the group picks the order and waybill pages of a line (spec section 2 detail routes).
import type { Registry } from '../../registry/types.ts';
import { all, type Conn } from './sql.ts';

export const BUSINESS_GROUPS: Record<string, readonly number[]> = {
  finishProduct: [1], rawMaterial: [0, 5, 6, 7, 8], DHN: [9, 11, 12], JR: [13, 14], yqmj: [15], yqChicks: [16, 17, 18], ZM: [19],
};

export const groupOf = (type: number) => Object.keys(BUSINESS_GROUPS).find((g) => BUSINESS_GROUPS[g].includes(type)) ?? null;

function describe(reg: Registry, ids: readonly number[]) {
  const items = reg.dictionaries.get('businessType')?.items ?? [];
  return items.filter((i) => ids.includes(i.id as number)).map((i) => ({ id: i.id as number, label: i.label, businessGroup: groupOf(i.id as number) }));
}

/** waybill/getAllBusinessTypeList: every business type with its line. */
export const allBusinessTypes = (reg: Registry) => describe(reg, (reg.dictionaries.get('businessType')?.items ?? []).map((i) => i.id as number));

/**
 * flowBusinessType/getUsedBusinessTypeList: the types the corporation's orders use. With `type`
 * (a business type), only the used types of that type's business line.
 */
export async function usedBusinessTypes(conn: Conn, reg: Registry, corpId: number, type?: number) {
  const used = (await all<{ t: number }>(conn, 'SELECT DISTINCT business_type AS t FROM orders WHERE corp_id = ? AND is_deleted = 0', corpId)).map((r) => r.t);
  const line = type === undefined ? null : groupOf(type);
  const wanted = type === undefined ? used : used.filter((t) => (line ? BUSINESS_GROUPS[line].includes(t) : t === type));
  return describe(reg, wanted);
}
