// Splitting an order's goods into parts (each later carried by one waybill). Quantities are
// conserved: for every goods line, the parts' quantities plus what remains always equal the order's.
// Pure functions over plain data; the endpoints store the parts.

export interface GoodsLine {
  id: number;
  goodsName: string;
  quantity: number;
}

export interface Part {
  id: number;
  /** Cancelled parts give their quantities back. */
  cancelled: boolean;
  lines: { goodsId: number; quantity: number }[];
}

export type SplitOutcome = { ok: true; part: Part } | { ok: false; message: string };

/** Quantities are decimals with up to 3 places (tons, cubic metres): compare in thousandths. */
export const milli = (n: number) => Math.round(n * 1000);
/** Sums of such quantities, rounded back to three places. */
export const round3 = (n: number | null | undefined) => Math.round((n ?? 0) * 1000) / 1000;

export function remainingOf(goods: readonly GoodsLine[], parts: readonly Part[]): Map<number, number> {
  const left = new Map(goods.map((g) => [g.id, milli(g.quantity)]));
  for (const p of parts) {
    if (p.cancelled) continue;
    for (const l of p.lines) left.set(l.goodsId, (left.get(l.goodsId) ?? 0) - milli(l.quantity));
  }
  return new Map([...left].map(([id, m]) => [id, m / 1000]));
}

/** A new part of the given quantities, or the reason it cannot be made. */
export function splitPart(goods: readonly GoodsLine[], parts: readonly Part[], request: { goodsId: number; quantity: number }[], id: number): SplitOutcome {
  const lines = request.filter((r) => r.quantity !== 0);
  if (lines.length === 0) return { ok: false, message: '请填写拆分数量' };
  const left = remainingOf(goods, parts);
  for (const r of lines) {
    const g = goods.find((x) => x.id === r.goodsId);
    if (!g) return { ok: false, message: '拆分的货物不属于该订单' };
    const moreThanThreeDecimals = Math.abs(r.quantity * 1000 - milli(r.quantity)) > 1e-6;
    if (r.quantity < 0 || moreThanThreeDecimals) return { ok: false, message: `${g.goodsName}：拆分数量必须为正数且最多三位小数` };
    if (milli(r.quantity) > milli(left.get(g.id) ?? 0)) return { ok: false, message: `${g.goodsName}：拆分数量超过剩余数量${left.get(g.id)}` };
  }
  return { ok: true, part: { id, cancelled: false, lines: lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity })) } };
}

export function hasRemainder(goods: readonly GoodsLine[], parts: readonly Part[]): boolean {
  return [...remainingOf(goods, parts).values()].some((q) => q > 0);
}
