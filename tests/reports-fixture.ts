// Data for the report tests: waybills of several carriers and customers in every phase, with
// on-time, early and late arrivals over three months, refusals, abnormal ends, receipts and
// evaluations. Deterministic (index-driven), written straight into the tables (the waybills and
// tracks through their fixtures, which take the port itself).
import type { Database } from '../server/db/port.ts';
import { insertFile, insertWaybill, vehicleOf } from './support/waybill-fixture.ts';
import { seedTrackingReportData } from './support/tracking-report-fixture.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ids = async (db: Database, table: string) =>
  (await db.all<{ id: number }>(`SELECT id FROM ${table} WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 3`)).map((r) => r.id);

export async function seedReportData(db: Database, count = 36) {
  const carriers = await ids(db, 'carriers');
  const customers = await ids(db, 'customers');
  const admin = (await db.one<{ id: number }>("SELECT id FROM users WHERE user_name = 'admin'"))!.id;
  const base = Date.UTC(2026, 8, 1, 4); // 1 Sep 2026, noon in Shanghai
  const event = (...params: unknown[]) => db.run(`INSERT INTO waybill_events (corp_id, waybill_id, action, from_status, to_status, from_step, to_step, user_id, user_name, at)
    VALUES (1, ?, ?, ?, ?, 0, 0, ?, '系统管理员', ?)`, params);
  for (let i = 0; i < count; i++) {
    const carrierId = carriers[i % carriers.length];
    const now = base + (i % 3) * 31 * DAY + i * HOUR;
    const goods = [{ goodsName: i % 2 ? '饲料' : '玉米', quantity: 10 + (i % 5), unit: '吨' }, { goodsName: '周转筐', quantity: 20 + i, unit: '筐' }];
    const f = await insertWaybill(db, { customerId: customers[i % customers.length], carrierId: i % 7 === 6 ? null : carrierId, goods, now });
    await db.run('UPDATE orders SET created_at = ? WHERE id = ?', [now - (i % 4) * HOUR, f.orderId]);
    await db.run('UPDATE order_goods SET weight = quantity * 1000 WHERE order_id = ?', [f.orderId]);
    const phase = i % 6; // 0 waiting, 1 awaiting transport, 2 in transit, 3-4 completed, 5 abnormal end
    const v = await vehicleOf(db, carrierId);
    if (i % 7 !== 6 && phase > 0) {
      const status = [100, 300, 400, 500, 500, 600][phase];
      await db.run('UPDATE waybills SET status = ?, carrier_id = ?, vehicle_id = ?, driver_id = ? WHERE id = ?', [status, carrierId, v.id, v.driverId, f.waybillId]);
      await event(f.waybillId, 'receive', 200, 300, admin, now + HOUR);
      if (i % 4 === 1) await event(f.waybillId, 'refuse', 200, 110, admin, now + HOUR / 2);
    }
    if (phase >= 2 && phase <= 4 && i % 7 !== 6) {
      // Arrivals spread around the required time: early, on time and late.
      const offset = [-40, 0, 25, 90, -5][i % 5] * 60_000;
      const end = (await db.one<{ t: number }>('SELECT required_arrive_time AS t FROM waybill_nodes WHERE id = ?', [f.nodes.end]))!;
      const arrive = end.t + offset;
      const state = offset > 60_000 ? 3 : offset < -60_000 ? 2 : 1;
      await db.run('UPDATE waybill_nodes SET actual_arrive_time = ?, arrive_state = ?, actual_leave_time = ? WHERE id = ?', [arrive, state, arrive + (20 + i) * 60_000, f.nodes.end]);
      await db.run('UPDATE waybill_nodes SET actual_arrive_time = ?, arrive_state = 1, actual_leave_time = ? WHERE id = ?', [now + 2 * HOUR, now + 3 * HOUR, f.nodes.start]);
    }
    if (phase === 5 && i % 7 !== 6) await event(f.waybillId, 'abnormalEnd', 400, 600, admin, now + 5 * HOUR);
    if (phase >= 3 && phase <= 4 && i % 7 !== 6) {
      if (i % 3 !== 0) {
        await db.run('INSERT INTO waybill_receipts (waybill_id, file_id, corp_id) VALUES (?, ?, 1)', [f.waybillId, await insertFile(db, admin)]);
        if (i % 2) await db.run('INSERT INTO waybill_receipts (waybill_id, file_id, corp_id) VALUES (?, ?, 1)', [f.waybillId, await insertFile(db, admin)]);
      }
      await db.run('INSERT INTO waybill_evaluations (corp_id, waybill_id, score, content, user_id, at) VALUES (1, ?, ?, ?, ?, ?)',
        [f.waybillId, 1 + (i % 5), `评价${i}`, admin, now + 8 * HOUR]);
      // The settlement reports: a carrier deduction of each kind in turn (one cancelled), the driver's allowance.
      await db.run(`INSERT INTO waybill_deductions (corp_id, waybill_id, side, party_id, kind, amount, reason, source, is_deleted, created_at, updated_at)
        VALUES (1, ?, 2, ?, ?, ?, '报表', ?, ?, ?, ?)`, [f.waybillId, carrierId, 1 + (i % 4), 1000 + i * 37, `test:${i}`, i % 5 === 0 ? 1 : 0, now + 9 * HOUR, now + 9 * HOUR]);
      await db.run(`INSERT INTO waybill_allowances (corp_id, waybill_id, kind, person_id, person_name, carrier_id, amount, trip_at, status, created_at, updated_at)
        VALUES (1, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`, [f.waybillId, v.driverId, `司机${v.driverId}`, carrierId, 5000 + i * 10, now + 6 * HOUR, i % 2 ? 1 : 300, now, now]);
    }
  }
  // Tracks (with their day summaries) and alarms for the tracking reports.
  await seedTrackingReportData(db);
}
