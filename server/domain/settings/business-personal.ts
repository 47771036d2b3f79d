// 业务个性化设置 (businessPersonalSet/*, docs/rules.md "Business personal settings"): a corporation's
// business switches, declared in schemas/settings/business-personal.json (each key: Chinese label,
// type, allowed values, default, the write path that enforces it). The values are versioned in
// rule_versions (rule_type 'businessPersonal', rule_id = the corporation; the record keeps who saved
// and what changed), so the history says who changed what and when, and a write is judged by the
// version in force at its moment (the current one). A key never saved reads as its default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionUser } from '../../http/context.ts';
import { failure, invalid } from '../../http/envelope.ts';
import { all, one, run, tx, type Conn } from '../../resources/statements.ts';
import { formatTime } from '../../resources/time.ts';
import { SCHEMAS_DIR } from '../../registry/load.ts';

export const BUSINESS_PERSONAL_TYPE = 'businessPersonal';

export interface SettingKey {
  key: string;
  label: string;
  type: 'integer';
  enum: number[];
  dictionary?: string;
  default: number;
  enforcedBy: string;
}

export const BUSINESS_PERSONAL_KEYS: readonly SettingKey[] =
  (JSON.parse(readFileSync(join(SCHEMAS_DIR, 'settings', 'business-personal.json'), 'utf8')) as { keys: SettingKey[] }).keys;

/** The keys the write paths read (each must be in the catalogue: checked at load). */
export const PersonalKey = {
  ORDER_REQUIRE_ARRIVE_TIME: 'orderRequireArriveTime',
  DISPATCH_REQUIRE_DRIVER: 'dispatchRequireDriver',
  ABNORMAL_SIGN_REQUIRE_REMARK: 'abnormalSignRequireRemark',
  END_REQUIRE_RECEIPT: 'endRequireReceipt',
} as const;
for (const k of Object.values(PersonalKey)) {
  if (!BUSINESS_PERSONAL_KEYS.some((d) => d.key === k)) throw new Error(`schemas/settings/business-personal.json: missing key ${k}`);
}

export type PersonalValues = Record<string, number>;

const defaults = (): PersonalValues => Object.fromEntries(BUSINESS_PERSONAL_KEYS.map((k) => [k.key, k.default]));

/** The save's body: any of the catalogue's keys (at least one), each one of its allowed values. */
export const saveInfoInput = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: Object.fromEntries(BUSINESS_PERSONAL_KEYS.map((k) => [k.key, {
    title: k.label, type: k.type, enum: k.enum, ...(k.dictionary ? { 'x-dictionary': k.dictionary } : {}), default: k.default,
  }])),
};

interface StoredRecord {
  values: PersonalValues;
  /** The keys this version changed, with the value before. */
  changes: { key: string; from: number; to: number }[];
  updatedBy: string;
  updatedById: number;
}

async function current(conn: Conn, corpId: number): Promise<{ record: StoredRecord | null; validSince: number | null }> {
  const row = await one<{ record: string; validSince: number }>(conn,
    'SELECT record, valid_since AS "validSince" FROM rule_versions WHERE corp_id = ? AND rule_type = ? AND valid_until IS NULL', corpId, BUSINESS_PERSONAL_TYPE);
  return row ? { record: JSON.parse(row.record) as StoredRecord, validSince: row.validSince } : { record: null, validSince: null };
}

/** Every key's value in force now (defaults for keys never saved), with who saved last and when. */
export async function readPersonalSettings(conn: Conn, corpId: number): Promise<Record<string, number | string>> {
  const { record, validSince } = await current(conn, corpId);
  return { ...defaults(), ...(record?.values ?? {}), updatedAtStr: formatTime(validSince), updatedBy: record?.updatedBy ?? '' };
}

/** Every key's value in force now (the login's getCorpPersonalSet carries them for the console's forms). */
export async function personalValues(conn: Conn, corpId: number): Promise<PersonalValues> {
  return { ...defaults(), ...((await current(conn, corpId)).record?.values ?? {}) };
}

/** One key's value in force now. */
export async function personalSetting(conn: Conn, corpId: number, key: string): Promise<number> {
  const def = BUSINESS_PERSONAL_KEYS.find((k) => k.key === key);
  if (!def) throw invalid('设置项：设置项不存在', { field: 'key' });
  const { record } = await current(conn, corpId);
  return record?.values[key] ?? def.default;
}

/** getInfoByKey's answer: the key as the catalogue declares it, and its value. */
export async function infoByKey(conn: Conn, corpId: number, key: string) {
  const def = BUSINESS_PERSONAL_KEYS.find((k) => k.key === key);
  if (!def) throw invalid('设置项：设置项不存在', { field: 'key' });
  return { key, label: def.label, value: await personalSetting(conn, corpId, key), defaultValue: def.default, allowed: def.enum };
}

/** Saves the keys given as a new version in force from `now` (the others keep their values). */
export async function savePersonalSettings(conn: Conn, user: SessionUser, body: PersonalValues, now: number) {
  return tx(conn, async () => {
    const { record } = await current(conn, user.corpId);
    const before = { ...defaults(), ...(record?.values ?? {}) };
    const changes = Object.entries(body).filter(([k, v]) => before[k] !== v).map(([key, to]) => ({ key, from: before[key], to }));
    if (changes.length === 0) return readPersonalSettings(conn, user.corpId);
    const last = await one<{ version: number | null }>(conn, 'SELECT max(version) AS version FROM rule_versions WHERE corp_id = ? AND rule_type = ?', user.corpId, BUSINESS_PERSONAL_TYPE);
    await run(conn, 'UPDATE rule_versions SET valid_until = ? WHERE corp_id = ? AND rule_type = ? AND valid_until IS NULL', now, user.corpId, BUSINESS_PERSONAL_TYPE);
    const next: StoredRecord = { values: { ...before, ...body }, changes, updatedBy: user.realName || user.userName, updatedById: user.userId };
    await run(conn, 'INSERT INTO rule_versions (corp_id, rule_type, rule_id, version, valid_since, valid_until, record) VALUES (?, ?, ?, ?, ?, NULL, ?)',
      user.corpId, BUSINESS_PERSONAL_TYPE, user.corpId, (last?.version ?? 0) + 1, now, JSON.stringify(next));
    return readPersonalSettings(conn, user.corpId);
  });
}

/** Who changed what, when: one row per changed key, newest first. */
export async function personalSettingsHistory(conn: Conn, corpId: number) {
  const rows = await all<{ version: number; validSince: number; record: string }>(conn,
    'SELECT version, valid_since AS "validSince", record FROM rule_versions WHERE corp_id = ? AND rule_type = ? ORDER BY version DESC', corpId, BUSINESS_PERSONAL_TYPE);
  const label = (key: string) => BUSINESS_PERSONAL_KEYS.find((k) => k.key === key)?.label ?? key;
  const yesNo = (v: number) => (v === 1 ? '是' : '否');
  return rows.flatMap((r) => {
    const rec = JSON.parse(r.record) as StoredRecord;
    return rec.changes.map((c) => ({ version: r.version, changedAtStr: formatTime(r.validSince), updatedBy: rec.updatedBy, key: c.key, label: label(c.key), fromStr: yesNo(c.from), toStr: yesNo(c.to) }));
  });
}

// The checks the write paths call (each key enforced where the catalogue says).

/** 订单是否必须指定要求到达时间; `message`: what a path with no such field to fill (order copy) says instead. */
export async function requireArriveTime(conn: Conn, corpId: number, requiredArriveTime: number | null | undefined, message = '要求到达时间：请填写要求到达时间') {
  if ((requiredArriveTime === undefined || requiredArriveTime === null) && (await personalSetting(conn, corpId, PersonalKey.ORDER_REQUIRE_ARRIVE_TIME)) === 1) {
    throw invalid(message, { field: 'requiredArriveTime' });
  }
}

/** 派车是否必须指定司机: the waybill leaves with a driver (the one given, or the vehicle's own). */
export async function requireDriver(conn: Conn, corpId: number, driverId: number | null | undefined) {
  if ((driverId === undefined || driverId === null) && (await personalSetting(conn, corpId, PersonalKey.DISPATCH_REQUIRE_DRIVER)) === 1) {
    throw invalid('司机：请指定司机', { field: 'driverId' });
  }
}

/** 异常签收是否必须填写备注: with damage, or fewer signed than delivered, the remark says why. */
export async function requireSignRemark(conn: Conn, corpId: number, abnormal: boolean, remark: unknown) {
  if (abnormal && !(typeof remark === 'string' && remark.trim()) && (await personalSetting(conn, corpId, PersonalKey.ABNORMAL_SIGN_REQUIRE_REMARK)) === 1) {
    throw invalid('备注：异常签收请填写备注', { field: 'remark' });
  }
}

/** 结束运单前是否必须上传回单: 手动结束 (a person's or a rule's) waits for the receipt. */
export async function requireReceipt(conn: Conn, corpId: number, waybillId: number) {
  if ((await personalSetting(conn, corpId, PersonalKey.END_REQUIRE_RECEIPT)) !== 1) return;
  if (!(await one(conn, 'SELECT 1 AS x FROM waybill_receipts WHERE waybill_id = ?', waybillId))) throw failure('请先上传回单，再结束运单');
}
