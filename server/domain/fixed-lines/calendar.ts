// When a schedule (固定线路排班) runs: its days (weekdays and/or dates, within its validity, all in
// Asia/Shanghai), its departure moment on a day, and the generation horizon — the waybill of a day is
// made from GENERATE_HOUR o'clock the day before until the departure (docs/rules.md "Fixed lines").
import { DAY_MS, SHANGHAI_OFFSET_MS, shanghaiDateStart, shanghaiDayStart } from '../../resources/time.ts';

/** The hour (Asia/Shanghai) of the day before a run from which its waybill is generated. */
export const GENERATE_HOUR = 18;

export interface ScheduleDays {
  weekdays: number[] | null;
  /** Days it runs besides its weekdays, 'YYYY-MM-DD' (Asia/Shanghai). */
  dates: string[] | null;
  departTime: string;
  validFrom: number;
  validTo: number | null;
}

/** 1 Monday … 7 Sunday of the Shanghai day starting at `day`. */
export const weekdayOf = (day: number) => new Date(day + SHANGHAI_OFFSET_MS).getUTCDay() || 7;

export function runsOn(s: ScheduleDays, day: number): boolean {
  if (day < shanghaiDayStart(s.validFrom)) return false;
  if (s.validTo !== null && day > shanghaiDayStart(s.validTo)) return false;
  return (s.weekdays ?? []).includes(weekdayOf(day)) || (s.dates ?? []).some((d) => shanghaiDateStart(d) === day);
}

export function departureOn(s: Pick<ScheduleDays, 'departTime'>, day: number): number {
  const [h, m] = s.departTime.split(':').map(Number);
  return day + (h * 60 + m) * 60_000;
}

/** The moment the waybill of the run on `day` may be generated. */
export const generateFrom = (day: number) => day - DAY_MS + GENERATE_HOUR * 3_600_000;

/**
 * The days whose run is due for generation at `now`: generation has opened (generateFrom) and the
 * departure has not passed. Today and tomorrow are the only candidates.
 */
export function dueDays(s: ScheduleDays, now: number): number[] {
  const today = shanghaiDayStart(now);
  return [today, today + DAY_MS].filter((day) => runsOn(s, day) && generateFrom(day) <= now && now < departureOn(s, day));
}
