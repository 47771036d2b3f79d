// The business alarm setting (业务报警设置): which business alarms are on and the thresholds the rules
// use, with their documented defaults. A corporation may override any of them; every save is kept as a
// version (table rule_versions, type ALARM_SETTING_TYPE, one "rule" per corporation) and points are
// judged by the version in force at their time, as temperature rules are (docs/rules.md). Table
// alarm_settings keeps the thresholds as they now stand (and stands for the time before any version).
// A waybill's own temperature range (waybill_temperature_ranges) wins over the corporation's.
// alarmRemindBusinessSet/getAllSet and updateAlarmSet read and change them.
import { invalid } from '../http/envelope.ts';
import { one, run, tx, type Conn } from '../resources/statements.ts';
import type { BusinessKind } from './catalogue.ts';
import { waybillRuleAt } from '../domain/rules/waybill-rules.ts';
import { temperatureRuleType, type TemperatureRuleRecord } from '../domain/rules/types/temperature.ts';

export interface AlarmSettings {
  /** Overspeed: above this speed (km/h)... */
  overspeedKmh: number;
  /** ...for at least this long. */
  overspeedMinMs: number;
  /** Temperature: any collected channel outside [tempMin, tempMax] ℃... */
  tempMin: number;
  tempMax: number;
  /** ...for at least this long. */
  tempMinMs: number;
  /** Long stop: at most this speed (km/h), outside the waybill's fences, for at least this long. */
  stopMaxSpeedKmh: number;
  stopMinMs: number;
  /** Which business alarms are raised (1 on, 0 off); one per rule of ./rules. */
  temperatureEnabled: number;
  overspeedEnabled: number;
  doorOutsideFenceEnabled: number;
  longStopEnabled: number;
}

/** The switch of each business alarm kind. */
export const ENABLED_KEY: Record<BusinessKind, keyof AlarmSettings> = {
  temperature: 'temperatureEnabled', overspeed: 'overspeedEnabled', doorOutsideFence: 'doorOutsideFenceEnabled', longStop: 'longStopEnabled',
};
export const alarmEnabled = (s: AlarmSettings, kind: BusinessKind): boolean => s[ENABLED_KEY[kind]] !== 0;

/** The rule_versions type of the corporation's setting (its rule_id is the corporation's id). */
export const ALARM_SETTING_TYPE = 'alarmSetting';

/**
 * Defaults: 100 km/h (the national limit on expressways) for a minute; 2-8 ℃ (chilled goods, the
 * usual cold-chain band) for 5 minutes, so a door opened for loading does not alarm; a stop of
 * 30 minutes away from the route's fences (the loading and unloading places are expected stops).
 */
export const DEFAULT_SETTINGS: AlarmSettings = {
  overspeedKmh: 100,
  overspeedMinMs: 60_000,
  tempMin: 2,
  tempMax: 8,
  tempMinMs: 300_000,
  stopMaxSpeedKmh: 5,
  stopMinMs: 1_800_000,
  temperatureEnabled: 1,
  overspeedEnabled: 1,
  doorOutsideFenceEnabled: 1,
  longStopEnabled: 1,
};

type Threshold = 'overspeedKmh' | 'overspeedMinMs' | 'tempMin' | 'tempMax' | 'tempMinMs' | 'stopMaxSpeedKmh' | 'stopMinMs';
type Row = { [K in Threshold]: number | null };

/** The thresholds for a waybill's points: which range applied, and on which channels. */
export interface WaybillAlarmSettings extends AlarmSettings {
  /** Channels the temperature range watches (bit c = channel c + 1); null: every channel collected. */
  tempChannelMask: number | null;
  /** The temperature rule that set the range, when one did, and the contacts it names (its alarms notify them). */
  temperatureRule: { id: number; ruleName: string; contactIds: number[] } | null;
}

/** The corporation's setting in force at `at`: its version then, else (before any save was versioned) alarm_settings, over the defaults. */
async function corpSettingAt(conn: Conn, corpId: number, at: number): Promise<AlarmSettings> {
  const version = await one<{ record: string }>(conn,
    `SELECT record FROM rule_versions WHERE corp_id = ? AND rule_type = ? AND rule_id = ? AND valid_since <= ? AND (valid_until IS NULL OR valid_until > ?)
     ORDER BY valid_since DESC LIMIT 1`, corpId, ALARM_SETTING_TYPE, corpId, at, at);
  if (version) return { ...DEFAULT_SETTINGS, ...(JSON.parse(version.record) as Partial<AlarmSettings>) };
  const row = await one<Row>(conn, `SELECT overspeed_kmh AS "overspeedKmh", overspeed_min_ms AS "overspeedMinMs", temp_min AS "tempMin", temp_max AS "tempMax",
    temp_min_ms AS "tempMinMs", stop_max_speed_kmh AS "stopMaxSpeedKmh", stop_min_ms AS "stopMinMs" FROM alarm_settings WHERE corp_id = ?`, corpId);
  const settings = { ...DEFAULT_SETTINGS };
  if (row) for (const key of THRESHOLD_KEYS) if (row[key] !== null) settings[key] = row[key]!;
  return settings;
}

/**
 * The thresholds that judge a vehicle's points at `at`: the corporation's, with the temperature range
 * of the waybill the points belong to. That range is the waybill's own (set on it), else the most
 * specific temperature rule in force at `at` (docs/rules.md), else the corporation's.
 */
export async function settingsOf(conn: Conn, corpId: number, waybillId: number | null, at = Date.now()): Promise<WaybillAlarmSettings> {
  const settings: WaybillAlarmSettings = { ...(await corpSettingAt(conn, corpId, at)), tempChannelMask: null, temperatureRule: null };
  if (waybillId === null) return settings;
  const range = await one<{ tempMin: number; tempMax: number }>(conn, 'SELECT temp_min AS tempMin, temp_max AS tempMax FROM waybill_temperature_ranges WHERE waybill_id = ?', waybillId);
  if (range) return Object.assign(settings, range);
  const rule = await waybillRuleAt<TemperatureRuleRecord>(conn, corpId, temperatureRuleType.key, waybillId, at);
  if (rule) {
    const effect = temperatureRuleType.effectOf(rule);
    Object.assign(settings, { tempMin: effect.tempMin, tempMax: effect.tempMax, tempMinMs: effect.toleranceMs, tempChannelMask: effect.channelMask });
    settings.temperatureRule = { id: rule.id, ruleName: rule.ruleName, contactIds: rule.contactIds ?? [] };
  }
  return settings;
}

/** The corporation's thresholds as the rules use them (no waybill), what it overrides, and when it last changed. */
export async function corpSettings(conn: Conn, corpId: number) {
  const row = await one<{ updatedAt: number }>(conn, 'SELECT updated_at AS updatedAt FROM alarm_settings WHERE corp_id = ?', corpId);
  const { tempChannelMask: _mask, temperatureRule: _rule, ...thresholds } = await settingsOf(conn, corpId, null);
  return { ...thresholds, defaults: DEFAULT_SETTINGS, updatedAt: row?.updatedAt ?? null };
}

const COLUMNS: Record<Threshold, string> = {
  overspeedKmh: 'overspeed_kmh', overspeedMinMs: 'overspeed_min_ms', tempMin: 'temp_min', tempMax: 'temp_max',
  tempMinMs: 'temp_min_ms', stopMaxSpeedKmh: 'stop_max_speed_kmh', stopMinMs: 'stop_min_ms',
};
const THRESHOLD_KEYS = Object.keys(COLUMNS) as Threshold[];
export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof AlarmSettings)[];

/** The spec's tiered-range message (section 5), for the same relation between two bounds. */
export const RANGE_ORDER = '上限值需大于下限值';

/**
 * Changes the given switches and thresholds, keeping the others, from `now` on: the version in force
 * ends and the merged setting is kept as the next one. The temperature band must stay a band once
 * merged; nothing is written otherwise. The first versioned save first keeps what stood before it (the
 * alarm_settings row or the defaults) as the version in force until then, so earlier points keep it.
 */
export async function saveSettings(conn: Conn, corpId: number, patch: Partial<AlarmSettings>, now = Date.now()) {
  // Read, merged and written in one exclusive transaction: two saves at once cannot merge into a band neither allowed.
  await tx(conn, async () => {
    const current = await corpSettingAt(conn, corpId, now);
    const merged: AlarmSettings = { ...current, ...patch };
    if (merged.tempMax <= merged.tempMin) throw invalid(`温度上限：${RANGE_ORDER}`, { field: 'tempMax' });
    const last = await one<{ version: number }>(conn, 'SELECT max(version) AS version FROM rule_versions WHERE corp_id = ? AND rule_type = ? AND rule_id = ?',
      corpId, ALARM_SETTING_TYPE, corpId);
    let version = last?.version ?? 0;
    if (!version) await insertVersion(conn, corpId, ++version, 0, now, current);
    else await run(conn, 'UPDATE rule_versions SET valid_until = ? WHERE corp_id = ? AND rule_type = ? AND rule_id = ? AND valid_until IS NULL', now, corpId, ALARM_SETTING_TYPE, corpId);
    await insertVersion(conn, corpId, version + 1, now, null, merged);
    const values = THRESHOLD_KEYS.map((k) => merged[k]);
    await run(conn, `INSERT INTO alarm_settings (corp_id, ${THRESHOLD_KEYS.map((k) => COLUMNS[k]).join(', ')}, updated_at) VALUES (?, ${THRESHOLD_KEYS.map(() => '?').join(', ')}, ?)
      ON CONFLICT (corp_id) DO UPDATE SET ${THRESHOLD_KEYS.map((k) => `${COLUMNS[k]} = excluded.${COLUMNS[k]}`).join(', ')}, updated_at = excluded.updated_at`,
      corpId, ...values, now);
  }, { exclusive: { lock: 'alarm-settings' } });
  return corpSettings(conn, corpId);
}

const insertVersion = (conn: Conn, corpId: number, version: number, since: number, until: number | null, settings: AlarmSettings) =>
  run(conn, 'INSERT INTO rule_versions (corp_id, rule_type, rule_id, version, valid_since, valid_until, record) VALUES (?, ?, ?, ?, ?, ?, ?)',
    corpId, ALARM_SETTING_TYPE, corpId, version, since, until, JSON.stringify(settings));
