// A catalogue goods line's weight and volume: quantity × the 货品's per-unit kilograms and cubic
// metres, in the corporation's weightUnit and volumeUnit, to three decimals. The server stores this
// (server/domain/orders/goods-lines.ts); the order form shows the same figure before saving.

/** How many of the corporation's unit one kilogram / one cubic metre is; a unit not listed is not converted. */
const PER_KG: Record<string, number> = { 吨: 0.001, 千克: 1, 公斤: 1, 克: 1000 };
const PER_M3: Record<string, number> = { 立方米: 1, 方: 1, 升: 1000 };

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Null when the catalogue has no per-unit figure or the unit cannot be converted: the line keeps what the user typed. */
export function lineWeight(quantity: number, unitWeightKg: number | null | undefined, weightUnit: unknown): number | null {
  const factor = PER_KG[String(weightUnit)];
  return unitWeightKg === null || unitWeightKg === undefined || factor === undefined ? null : round3(quantity * unitWeightKg * factor);
}

export function lineVolume(quantity: number, unitVolumeM3: number | null | undefined, volumeUnit: unknown): number | null {
  const factor = PER_M3[String(volumeUnit)];
  return unitVolumeM3 === null || unitVolumeM3 === undefined || factor === undefined ? null : round3(quantity * unitVolumeM3 * factor);
}

/** goodsSetting.freeText: 0 means goods lines come only from the catalogue; absent or 1 allows typing them. */
export function freeTextGoodsAllowed(settings: Record<string, unknown> | null | undefined): boolean {
  return (settings?.goodsSetting as { freeText?: unknown } | undefined)?.freeText !== 0;
}
