// A waybill's 温层 from its required temperature range, as the temperatureClass dictionary describes it:
// 冷冻 when the upper bound is below 0 ℃, 冷藏 when the range lies within 0–10 ℃, 恒温 within 10–25 ℃,
// 常温 otherwise (no range, or a wider one). Bounds are inclusive; a range inside both 0–10 and 10–25
// (exactly 10 ℃) is 冷藏, the colder class, as the dictionary lists 冷藏 first.
export const TemperatureClass = { AMBIENT: 1, CONSTANT: 2, CHILLED: 3, FROZEN: 4 } as const;

export function temperatureClassOf(range: { tempMin: number; tempMax: number } | null | undefined): number {
  if (!range) return TemperatureClass.AMBIENT;
  const { tempMin, tempMax } = range;
  if (tempMax < 0) return TemperatureClass.FROZEN;
  if (tempMin >= 0 && tempMax <= 10) return TemperatureClass.CHILLED;
  if (tempMin >= 10 && tempMax <= 25) return TemperatureClass.CONSTANT;
  return TemperatureClass.AMBIENT;
}
