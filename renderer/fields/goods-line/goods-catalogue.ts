// Searching the goods catalogue (货品) for an order line: POST /goods/info/findGoodsByType/pageNew,
// open to whoever may add orders. One text finds goods by code or by name (two searches, merged,
// codes first); a category narrows both. Only goods in use (状态 启用) are offered.
import type { ApiClient } from '../../env/api-client.ts';

export interface CatalogueGoods {
  id: number;
  goodsCode: string;
  goodsName: string;
  goodsCategory?: number;
  unit: string;
  unitWeightKg: number | null;
  unitVolumeM3: number | null;
  coldChain?: number;
  tempMin?: number | null;
  tempMax?: number | null;
}

export const GOODS_LIST = '/goods/info/findGoodsByType/pageNew';
const PAGE_SIZE = 30;

type Page = { data?: CatalogueGoods[] } | null;

export async function searchCatalogueGoods(api: ApiClient, text: string, category?: number): Promise<CatalogueGoods[]> {
  const base = { curPage: 1, pageSize: PAGE_SIZE, status: [0], sorts: [{ field: 'goodsCode', order: 'asc' }], ...(category !== undefined ? { goodsCategory: [category] } : {}) };
  const q = text.trim();
  if (!q) return (await api.post<Page>(GOODS_LIST, base))?.data ?? [];
  const [byCode, byName] = await Promise.all([
    api.post<Page>(GOODS_LIST, { ...base, goodsCode: q }),
    api.post<Page>(GOODS_LIST, { ...base, goodsName: q }),
  ]);
  const seen = new Set<number>();
  return [...(byCode?.data ?? []), ...(byName?.data ?? [])].filter((g) => !seen.has(g.id) && seen.add(g.id));
}

/** The catalogue row of a line being edited (its code is unique in the corporation). */
export async function catalogueGoodsByCode(api: ApiClient, goodsCode: string): Promise<CatalogueGoods | null> {
  const rows = (await api.post<Page>(GOODS_LIST, { curPage: 1, pageSize: 10, goodsCode }))?.data ?? [];
  return rows.find((g) => g.goodsCode === goodsCode) ?? null;
}

/** How a goods reads in the picker: code and name, then unit, weight per unit and the cold-chain band. */
export function goodsLabel(g: Pick<CatalogueGoods, 'goodsCode' | 'goodsName'>): string {
  return `${g.goodsCode} ${g.goodsName}`;
}

export function goodsDescription(g: CatalogueGoods, categoryLabel?: string): string {
  const parts = [categoryLabel, `单位：${g.unit}`];
  if (g.unitWeightKg !== null && g.unitWeightKg !== undefined) parts.push(`${g.unitWeightKg}千克/${g.unit}`);
  if (g.coldChain === 1 && g.tempMin !== null && g.tempMin !== undefined && g.tempMax !== null && g.tempMax !== undefined) parts.push(`冷链 ${g.tempMin}~${g.tempMax}℃`);
  return parts.filter(Boolean).join(' · ');
}
