// Shared set-up of the fixed-line tests: three of the corporation's own fences, a customer and the
// demo carrier, and helpers to save a line and a schedule through the API.
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import { DAY_MS, shanghaiDayStart } from '../../server/resources/time.ts';
import { weekdayOf } from '../../server/domain/fixed-lines/calendar.ts';

export type Caller = Awaited<ReturnType<TestApp['as']>>;
export const HOUR = 3_600_000;

export interface World {
  areas: number[];
  customerId: number;
  otherCustomerId: number;
  carrierId: number;
  otherCarrierId: number;
}

export async function worldOf(t: TestApp): Promise<World> {
  const one = async (q: string, ...p: unknown[]) => (await t.db.one<any>(q, p))!;
  const areas = (await t.db.all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND is_deleted = 0 ORDER BY id LIMIT 3', [])).map((a) => a.id);
  const customerId = (await one("SELECT partner_id AS id FROM users WHERE user_name = 'customer'")).id;
  const carrierId = (await one("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  const otherCustomerId = (await one('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', customerId)).id;
  const otherCarrierId = (await one('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', carrierId)).id;
  return { areas, customerId, otherCustomerId, carrierId, otherCarrierId };
}

let n = 0;
/** A line loading at the first fence, passing the second, unloading at the third (6.5 h after departure). */
export function lineBody(w: World, extra: Record<string, unknown> = {}) {
  n += 1;
  return {
    lineName: `测试线路${n}`, customerId: w.customerId, carrierId: w.carrierId, businessType: 1,
    stops: [
      { areaId: w.areas[0], stopType: 1, arriveDay: 0, arriveTime: '00:00', stayMinutes: 60 },
      { areaId: w.areas[1], stopType: 3, arriveDay: 0, arriveTime: '03:00', stayMinutes: 15 },
      { areaId: w.areas[2], stopType: 2, arriveDay: 0, arriveTime: '06:30', stayMinutes: 45 },
    ],
    ...extra,
  };
}

export async function saveLine(as: Caller, body: Record<string, unknown>): Promise<number> {
  const r = await as.post('/fixed/save', body);
  expect(r.code, r.message).toBe(1);
  return r.result.id;
}

export async function saveSchedule(as: Caller, body: Record<string, unknown>): Promise<number> {
  const r = await as.post('/fixedLineScheduling/save', { validFrom: shanghaiDayStart(Date.now()), departTime: '08:00', ...body });
  expect(r.code, r.message).toBe(1);
  return r.result.id;
}

/** A Shanghai day `k` weeks and `d` days ahead, with its weekday (1 Monday … 7 Sunday). */
export function dayAhead(weeks: number, d = 0) {
  const day = shanghaiDayStart(Date.now()) + (7 * weeks + d) * DAY_MS;
  return { day, weekday: weekdayOf(day) };
}
