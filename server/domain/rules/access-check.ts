// Where the access inspection rules act (docs/rules.md "Access inspection"): whenever a vehicle or driver is put on
// a waybill (waybills/create.ts insertWaybill for orderInfo/assignVehicle, stowage and transfers; dispatch.ts
// assignVehicle and assignDriver), every rule in force at that moment that covers the waybill is asked, and any
// requirement the vehicle or driver does not meet refuses the dispatch with code 100, naming the vehicle or driver,
// each failed item and the rule. Documents are judged on the planned load day (the start node's required time),
// or today when that is past or unknown: a vehicle must still hold them when it loads.
import { invalid } from '../../http/envelope.ts';
import { all, one, type Conn } from '../../resources/statements.ts';
import { DAY_MS, formatDay, shanghaiDayStart } from '../../resources/time.ts';
import { loadFactsOf } from '../settlement/pricing/facts-loader.ts';
import { compareRules, ruleApplies } from './choose.ts';
import { rulesAt, versionsDuring } from './versions.ts';
import { waybillFactValues, waybillScope } from './waybill-rules.ts';
import { accessInspectionRuleType, type AccessInspectionRecord } from './types/access-inspection.ts';
import type { WaybillFacts } from '../settlement/pricing/types.ts';

/** What the rules read of a vehicle and its driver (null: none on the waybill, or not being put on). */
export interface CrewFacts {
  vehicle: {
    id: number; vehicleNo: string; carModelId: number | null; carModelName: string | null; registerDate: number | null;
    drivingLicenseExpiry: number | null; transportLicenseExpiry: number | null; insuranceExpiry: number | null; hasTemperatureDevice: boolean;
  } | null;
  driver: { id: number; driverName: string; licenseExpiry: number | null; qualificationExpiry: number | null } | null;
}

export async function loadCrewFacts(conn: Conn, vehicleId: number | null, driverId: number | null): Promise<CrewFacts> {
  const vehicle = vehicleId === null ? undefined : await one<NonNullable<CrewFacts['vehicle']> & { device: number | null }>(conn,
    `SELECT v.id, v.vehicle_no AS "vehicleNo", v.car_model_id AS "carModelId", m.model_name AS "carModelName", v.register_date AS "registerDate",
       v.driving_license_expiry AS "drivingLicenseExpiry", v.transport_license_expiry AS "transportLicenseExpiry", v.insurance_expiry AS "insuranceExpiry",
       (SELECT count(*) FROM equips e WHERE e.vehicle_id = v.id AND e.is_deleted = 0 AND e.status = 0 AND e.provides_temperature = 1) AS device
     FROM vehicles v LEFT JOIN car_models m ON m.id = v.car_model_id WHERE v.id = ?`, vehicleId);
  const driver = driverId === null ? undefined : await one<NonNullable<CrewFacts['driver']>>(conn,
    `SELECT id, driver_name AS "driverName", license_expiry AS "licenseExpiry", qualification_expiry AS "qualificationExpiry" FROM drivers WHERE id = ?`, driverId);
  return {
    vehicle: vehicle ? { ...vehicle, device: undefined, hasTemperatureDevice: Number(vehicle.device) > 0 } as NonNullable<CrewFacts['vehicle']> : null,
    driver: driver ?? null,
  };
}

/** Whole years from `since` to `day` (Shanghai calendar dates). */
function fullYears(since: number, day: number): number {
  const [a, b] = [formatDay(since), formatDay(day)];
  const years = Number(b.slice(0, 4)) - Number(a.slice(0, 4));
  return b.slice(5) < a.slice(5) ? years - 1 : years;
}

/**
 * A document valid through its expiry day (the day counts whole) judged on `day`; `today` tells an expired one
 * (已于…过期) from one that will have expired by the planned load day.
 */
function documentFailure(who: string, doc: string, expiry: number | null, day: number, today: number): string | null {
  if (expiry === null || expiry === undefined) return `${who}未登记${doc}有效期`;
  const end = shanghaiDayStart(expiry) + DAY_MS;
  if (end > day) return null;
  return end <= today ? `${who}${doc}已于${formatDay(expiry)}过期` : `${who}${doc}有效期至${formatDay(expiry)}，早于计划装货日${formatDay(day)}`;
}

export interface AccessFailure {
  field: 'vehicleId' | 'driverId';
  text: string;
}

/** What one rule finds wrong with the crew, judged on `day` (a Shanghai day start); pure. */
export function ruleFailures(rule: AccessInspectionRecord, crew: CrewFacts, day: number, today: number): AccessFailure[] {
  const out: AccessFailure[] = [];
  const v = crew.vehicle;
  const d = crew.driver;
  const add = (field: AccessFailure['field'], text: string | null) => text && out.push({ field, text });
  if (v) {
    const who = `车辆${v.vehicleNo}`;
    if (rule.checkDrivingLicense === 1) add('vehicleId', documentFailure(who, '行驶证', v.drivingLicenseExpiry, day, today));
    if (rule.checkTransportLicense === 1) add('vehicleId', documentFailure(who, '道路运输证', v.transportLicenseExpiry, day, today));
    if (rule.checkInsurance === 1) add('vehicleId', documentFailure(who, '保险', v.insuranceExpiry, day, today));
    if (rule.requireTemperatureDevice === 1 && !v.hasTemperatureDevice) add('vehicleId', `${who}未绑定温度设备`);
    const models = rule.allowedCarModelIds ?? [];
    if (models.length > 0 && (v.carModelId === null || !models.includes(v.carModelId))) {
      add('vehicleId', v.carModelId === null ? `${who}未登记车型，不在准入车型内` : `${who}车型「${v.carModelName ?? ''}」不在准入车型内`);
    }
    if (typeof rule.maxVehicleAgeYears === 'number') {
      if (v.registerDate === null) add('vehicleId', `${who}未登记注册日期，无法判断车龄`);
      else {
        const age = fullYears(v.registerDate, day);
        if (age > rule.maxVehicleAgeYears) add('vehicleId', `${who}车龄${age}年，超过准入上限${rule.maxVehicleAgeYears}年`);
      }
    }
  }
  if (d) {
    const who = `司机${d.driverName}`;
    if (rule.checkDriverLicense === 1) add('driverId', documentFailure(who, '驾驶证', d.licenseExpiry, day, today));
    if (rule.checkQualification === 1) add('driverId', documentFailure(who, '从业资格证', d.qualificationExpiry, day, today));
  }
  return out;
}

/** Every failure of the rules (best first), each once, named with the first rule that found it. */
export function accessFailures(rules: readonly AccessInspectionRecord[], crew: CrewFacts, day: number, today: number): AccessFailure[] {
  const seen = new Map<string, AccessFailure>();
  for (const rule of [...rules].sort(compareRules)) {
    for (const f of ruleFailures(rule, crew, day, today)) {
      if (!seen.has(f.text)) seen.set(f.text, { field: f.field, text: `${f.text}（准入检查「${rule.ruleName}」）` });
    }
  }
  return [...seen.values()];
}

/** The day the documents are judged on: the planned load day, or today when that is past or unknown. */
export async function judgedDay(conn: Conn, waybillId: number, at: number): Promise<number> {
  const start = await one<{ t: number | null }>(conn,
    `SELECT coalesce(required_arrive_time, required_leave_time) AS t FROM waybill_nodes WHERE waybill_id = ? ORDER BY seq LIMIT 1`, waybillId);
  return shanghaiDayStart(Math.max(at, start?.t ?? at));
}

/** The rules among `rules` that cover the waybill at `at`. */
export const rulesCovering = (rules: readonly AccessInspectionRecord[], facts: WaybillFacts, at: number) =>
  rules.filter((r) => ruleApplies(r, at, waybillScope(facts), waybillFactValues(facts)));

export interface CrewOnWaybill {
  vehicleId: number | null;
  driverId: number | null;
  /** The carrier the waybill goes to with the vehicle (its scope); absent: the waybill's own. */
  carrierId?: number | null;
}

/** Refuses (code 100) putting the crew on the waybill when a rule in force at `at` is not met. */
export async function guardAccess(conn: Conn, corpId: number, waybillId: number, crew: CrewOnWaybill, at: number): Promise<void> {
  if (crew.vehicleId === null && crew.driverId === null) return;
  const versions = await versionsDuring<AccessInspectionRecord>(conn, corpId, accessInspectionRuleType.key, at, at);
  if (versions.length === 0) return;
  const facts = (await loadFactsOf(conn, corpId, [waybillId])).get(waybillId);
  if (!facts) return;
  const scoped = crew.carrierId === undefined ? facts : { ...facts, carrierId: crew.carrierId };
  const rules = rulesCovering(rulesAt(versions, at), scoped, at);
  if (rules.length === 0) return;
  const failures = accessFailures(rules, await loadCrewFacts(conn, crew.vehicleId, crew.driverId), await judgedDay(conn, waybillId, at), shanghaiDayStart(at));
  if (failures.length) throw invalid(failures.map((f) => f.text).join('；'), { field: failures[0].field, failures: failures.map((f) => f.text) });
}

/** Names of car models, for the rules' descriptions. */
export async function carModelNames(conn: Conn, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await all<{ id: number; name: string }>(conn, `SELECT id, model_name AS name FROM car_models WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids);
  return new Map(rows.map((r) => [r.id, r.name]));
}
