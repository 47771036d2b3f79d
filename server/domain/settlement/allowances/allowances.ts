// 司机补贴 / 送货员补贴 (docs/settlement.md "Subsidies"): one allowance per waybill and person kind (1 the
// driver, 2 the delivery man of the waybill's vehicle), made when the waybill is signed off (500) from
// the matching allowance rule, or added by staff; 待确认 (300) until finance confirms it (已确认 1), after
// which it no longer changes. Records are the resource waybillAllowance (scoped to the carrier's users).
import type { SessionUser } from '../../../http/context.ts';
import { failure, invalid } from '../../../http/envelope.ts';
import type { ResourceHooks } from '../../../resources/hooks.ts';
import { all, one, run, tx, type Conn } from '../../../resources/statements.ts';
import { DAY_MS, shanghaiDayStart } from '../../../resources/time.ts';
import { loadWaybillFacts } from '../pricing/facts-loader.ts';

export const AllowanceKind = { DRIVER: 1, DELIVERY: 2 } as const;
export const AllowanceBasis = { PER_TRIP: 1, PER_DAY: 2, PER_KM: 3 } as const;
export const DriverFeeStatus = { CONFIRMED: 1, AWAITING: 300 } as const;
const KIND_NAMES: Record<number, string> = { 1: '司机', 2: '送货员' };

interface WaybillForAllowance {
  id: number;
  businessType: number;
  carrierId: number | null;
  vehicleId: number | null;
  driverId: number | null;
  status: number;
}

export interface AllowanceRuleRow {
  id: number;
  kind: number;
  basis: number;
  amount: number;
  businessType: number | null;
  validFrom: number;
  validUntil: number;
}

/** The person of a kind on the waybill: its driver, or the delivery man of its vehicle. */
async function personOf(conn: Conn, corpId: number, w: WaybillForAllowance, kind: number) {
  if (kind === AllowanceKind.DRIVER) {
    return w.driverId ? one<{ id: number; name: string }>(conn, 'SELECT id, driver_name AS name FROM drivers WHERE id = ? AND corp_id = ?', w.driverId, corpId) : undefined;
  }
  return w.vehicleId
    ? one<{ id: number; name: string }>(conn, 'SELECT id, delivery_name AS name FROM deliveries WHERE corp_id = ? AND vehicle_id = ? AND is_deleted = 0 ORDER BY id LIMIT 1', corpId, w.vehicleId)
    : undefined;
}

/**
 * The rule for a trip: enabled, of the kind, in force on the trip's day (validUntil's whole day counts),
 * of the waybill's business type or of any; a rule naming the business type beats one for any, then
 * the later validFrom, then the higher id.
 */
export function chooseRule(rules: AllowanceRuleRow[], kind: number, businessType: number, at: number): AllowanceRuleRow | undefined {
  return rules
    .filter((r) => r.kind === kind && r.validFrom <= at && at < shanghaiDayStart(r.validUntil) + DAY_MS && (r.businessType === null || r.businessType === businessType))
    .sort((a, b) => Number(b.businessType !== null) - Number(a.businessType !== null) || b.validFrom - a.validFrom || b.id - a.id)[0];
}

/** The amount by the rule's basis: per trip; per Asia/Shanghai day the trip spans (at least one); per km, rounded to the fen. */
export function allowanceAmount(rule: Pick<AllowanceRuleRow, 'basis' | 'amount'>, trip: { startAt: number; endAt: number; distanceM: number | null }): number | null {
  if (rule.basis === AllowanceBasis.PER_TRIP) return rule.amount;
  if (rule.basis === AllowanceBasis.PER_DAY) return rule.amount * (Math.floor((shanghaiDayStart(trip.endAt) - shanghaiDayStart(trip.startAt)) / DAY_MS) + 1);
  if (trip.distanceM === null) return null;
  return Math.round((rule.amount * trip.distanceM) / 1000);
}

async function tripOf(conn: Conn, waybillId: number, now: number) {
  const n = await one<{ startAt: number | null; endAt: number | null }>(conn,
    `SELECT (SELECT coalesce(actual_leave_time, actual_arrive_time) FROM waybill_nodes WHERE waybill_id = ? AND node_type = 'start') AS "startAt",
            (SELECT coalesce(actual_leave_time, actual_arrive_time) FROM waybill_nodes WHERE waybill_id = ? AND node_type = 'end') AS "endAt"`, waybillId, waybillId);
  const endAt = Number(n?.endAt ?? now);
  return { startAt: Number(n?.startAt ?? endAt), endAt };
}

/** At sign-off (500): the driver's and the delivery man's allowances from the rules in force, for those without one. */
export async function createTripAllowances(conn: Conn, corpId: number, waybillId: number, now: number): Promise<void> {
  const w = await one<WaybillForAllowance>(conn,
    `SELECT id, business_type AS "businessType", carrier_id AS "carrierId", vehicle_id AS "vehicleId", driver_id AS "driverId", status
       FROM waybills WHERE id = ? AND corp_id = ?`, waybillId, corpId);
  if (!w) return;
  const rules = await all<AllowanceRuleRow>(conn,
    `SELECT id, kind, basis, amount, business_type AS "businessType", valid_from AS "validFrom", valid_until AS "validUntil"
       FROM allowance_rules WHERE corp_id = ? AND is_deleted = 0 AND status = 0`, corpId);
  if (!rules.length) return;
  const trip = await tripOf(conn, w.id, now);
  let distanceM: number | null | undefined;
  for (const kind of [AllowanceKind.DRIVER, AllowanceKind.DELIVERY]) {
    const rule = chooseRule(rules, kind, w.businessType, trip.endAt);
    const person = rule && (await personOf(conn, corpId, w, kind));
    if (!rule || !person) continue;
    if (rule.basis === AllowanceBasis.PER_KM && distanceM === undefined) distanceM = (await loadWaybillFacts(conn, corpId, w.id))?.distanceM ?? null;
    const amount = allowanceAmount(rule, { ...trip, distanceM: distanceM ?? null });
    if (!amount || amount <= 0) continue;
    if (await one(conn, 'SELECT id FROM waybill_allowances WHERE waybill_id = ? AND kind = ? AND is_deleted = 0', w.id, kind)) continue;
    await conn.insert(
      `INSERT INTO waybill_allowances (corp_id, waybill_id, kind, person_id, person_name, carrier_id, rule_id, amount, trip_at, status, created_by, created_at, updated_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?)`,
      [corpId, w.id, kind, person.id, person.name, w.carrierId, rule.id, amount, trip.endAt, DriverFeeStatus.AWAITING, now, now]);
  }
}

/** 确认: 待确认 → 已确认, by finance; the version read is the guard. */
export function confirmAllowance(conn: Conn, user: SessionUser, input: { id: number; version: number }) {
  if (user.userType !== 0) throw failure('只有本公司财务人员可以确认补贴');
  return tx(conn, async () => {
    const a = await one<{ status: number; version: number }>(conn,
      'SELECT status, version FROM waybill_allowances WHERE id = ? AND corp_id = ? AND is_deleted = 0', input.id, user.corpId);
    if (!a) throw failure('记录不存在或无权访问');
    if (a.version !== input.version) throw failure('数据已被他人修改，请刷新后重试');
    if (a.status !== DriverFeeStatus.AWAITING) throw failure('补贴已确认，不能重复确认');
    const now = Date.now();
    await run(conn, 'UPDATE waybill_allowances SET status = ?, confirmed_by = ?, confirmed_at = ?, version = version + 1, updated_by = ?, updated_at = ? WHERE id = ?',
      DriverFeeStatus.CONFIRMED, user.userId, now, user.userId, now, input.id);
    await run(conn,
      `INSERT INTO record_history (corp_id, resource, record_id, action, user_id, user_name, changed_at, changes, record_version)
       VALUES (?, 'waybillAllowance', ?, 'confirm', ?, ?, ?, ?, ?)`,
      user.corpId, input.id, user.userId, user.realName || user.userName, now,
      JSON.stringify([{ field: 'status', title: '费用状态', before: DriverFeeStatus.AWAITING, after: DriverFeeStatus.CONFIRMED }]), a.version + 1);
    return { id: input.id, version: a.version + 1, status: DriverFeeStatus.CONFIRMED };
  });
}

/** allowanceInfo/ruleDropBox: the enabled rules as a drop-down, optionally of one kind. */
export const ruleDropBox = (conn: Conn, user: SessionUser, kind: number | null) =>
  all<{ id: number; label: string; kind: number; basis: number; amount: number }>(conn,
    `SELECT id, rule_name AS label, kind, basis, amount FROM allowance_rules WHERE corp_id = ? AND is_deleted = 0 AND status = 0${kind === null ? '' : ' AND kind = ?'}
      ORDER BY rule_name, id`, user.corpId, ...(kind === null ? [] : [kind]));

/**
 * Staff adding or changing an allowance, naming the waybill by its number (运单号): it must be signed off and have that person; the
 * person, carrier and trip time come from the waybill; one live allowance per waybill and kind; a
 * confirmed allowance no longer changes.
 */
export function allowanceHooks(conn: Conn): ResourceHooks {
  const fill = async (corpId: number, record: Record<string, unknown>, now: number, selfId?: number) => {
    const w = await one<WaybillForAllowance>(conn,
      `SELECT id, business_type AS "businessType", carrier_id AS "carrierId", vehicle_id AS "vehicleId", driver_id AS "driverId", status
         FROM waybills WHERE ${record.waybillId !== undefined ? 'id' : 'waybill_no'} = ? AND corp_id = ? AND is_deleted = 0`,
      record.waybillId ?? String(record.waybillNo).trim(), corpId);
    if (!w) throw invalid('运单号：运单不存在', { field: 'waybillNo' });
    if (w.status !== 500) throw invalid('运单号：只有已完成的运单可以补贴', { field: 'waybillNo' });
    record.waybillId = w.id;
    const kind = record.kind as number;
    const person = await personOf(conn, corpId, w, kind);
    if (!person) throw invalid(`补贴对象：该运单没有${KIND_NAMES[kind]}`, { field: 'kind' });
    const taken = await one<{ id: number }>(conn, 'SELECT id FROM waybill_allowances WHERE waybill_id = ? AND kind = ? AND is_deleted = 0', w.id, kind);
    if (taken && taken.id !== selfId) throw invalid(`补贴对象：该运单已有${KIND_NAMES[kind]}补贴`, { field: 'kind' });
    Object.assign(record, { personId: person.id, personName: person.name, carrierId: w.carrierId, tripAt: (await tripOf(conn, w.id, now)).endAt });
  };
  return {
    async beforeInsert({ user, now }, record) {
      if (user.userType !== 0) throw failure('只有本公司人员可以新增补贴');
      await fill(user.corpId, record, now);
      record.status = DriverFeeStatus.AWAITING;
      record.ruleId = null;
    },
    async beforeUpdate({ user, now }, changes, existing) {
      if (existing.status !== DriverFeeStatus.AWAITING) throw failure('补贴已确认，不能修改');
      if (changes.waybillNo !== undefined || changes.kind !== undefined) {
        const merged: Record<string, unknown> = changes.waybillNo !== undefined ? { waybillNo: changes.waybillNo, kind: changes.kind ?? existing.kind }
          : { waybillId: existing.waybillId, kind: changes.kind };
        await fill(user.corpId, merged, now, existing.id as number);
        Object.assign(changes, merged);
      }
    },
    beforeDelete: (_ctx, existing) => (existing.status !== DriverFeeStatus.AWAITING ? '补贴已确认，不能删除' : undefined),
    afterList: (rows) => waybillNos(conn, rows),
    afterRead: (row) => waybillNos(conn, [row]),
  };
}

async function waybillNos(conn: Conn, rows: Record<string, unknown>[]) {
  const ids = [...new Set(rows.map((r) => r.waybillId as number).filter(Boolean))];
  if (!ids.length) return;
  const nos = new Map((await all<{ id: number; no: string }>(conn, `SELECT id, waybill_no AS no FROM waybills WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids)).map((r) => [r.id, r.no]));
  for (const r of rows) r.waybillCode = nos.get(r.waybillId as number) ?? null;
}
