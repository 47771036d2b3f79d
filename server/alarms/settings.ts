// The thresholds the rules use, with their documented defaults. A corporation may override any
// of them (table alarm_settings); a waybill's own temperature range (waybill_temperature_ranges)
// wins over the corporation's. alarmRemindBusinessSet/getAllSet and updateAlarmSet read and change them.
import { invalid } from '../http/envelope.ts';
import { one, run, tx, type Conn } from '../resources/statements.ts';
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
}

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
};

type Row = { [K in keyof AlarmSettings]: number | null };

/** The thresholds for a waybill's points: which range applied, and on which channels. */
export interface WaybillAlarmSettings extends AlarmSettings {
  /** Channels the temperature range watches (bit c = channel c + 1); null: every channel collected. */
  tempChannelMask: number | null;
  /** The temperature rule that set the range, when one did. */
  temperatureRule: { id: number; ruleName: string } | null;
}

/**
 * The thresholds that judge a vehicle's points at `at`: the corporation's, with the temperature range
 * of the waybill the points belong to. That range is the waybill's own (set on it), else the most
 * specific temperature rule in force at `at` (docs/rules.md), else the corporation's.
 */
export async function settingsOf(conn: Conn, corpId: number, waybillId: number | null, at = Date.now()): Promise<WaybillAlarmSettings> {
  const row = await one<Row>(conn, `SELECT overspeed_kmh AS overspeedKmh, overspeed_min_ms AS overspeedMinMs, temp_min AS tempMin, temp_max AS tempMax,
    temp_min_ms AS tempMinMs, stop_max_speed_kmh AS stopMaxSpeedKmh, stop_min_ms AS stopMinMs FROM alarm_settings WHERE corp_id = ?`, corpId);
  const settings: WaybillAlarmSettings = { ...DEFAULT_SETTINGS, tempChannelMask: null, temperatureRule: null };
  if (row) for (const key of SETTING_KEYS) if (row[key] !== null) settings[key] = row[key]!;
  if (waybillId === null) return settings;
  const range = await one<{ tempMin: number; tempMax: number }>(conn, 'SELECT temp_min AS tempMin, temp_max AS tempMax FROM waybill_temperature_ranges WHERE waybill_id = ?', waybillId);
  if (range) return Object.assign(settings, range);
  const rule = await waybillRuleAt<TemperatureRuleRecord>(conn, corpId, temperatureRuleType.key, waybillId, at);
  if (rule) {
    const effect = temperatureRuleType.effectOf(rule);
    Object.assign(settings, { tempMin: effect.tempMin, tempMax: effect.tempMax, tempMinMs: effect.toleranceMs, tempChannelMask: effect.channelMask });
    settings.temperatureRule = { id: rule.id, ruleName: rule.ruleName };
  }
  return settings;
}

/** The corporation's thresholds as the rules use them (no waybill), what it overrides, and when it last changed. */
export async function corpSettings(conn: Conn, corpId: number) {
  const row = await one<{ updatedAt: number }>(conn, 'SELECT updated_at AS updatedAt FROM alarm_settings WHERE corp_id = ?', corpId);
  const { tempChannelMask: _mask, temperatureRule: _rule, ...thresholds } = await settingsOf(conn, corpId, null);
  return { ...thresholds, defaults: DEFAULT_SETTINGS, updatedAt: row?.updatedAt ?? null };
}

const COLUMNS: Record<keyof AlarmSettings, string> = {
  overspeedKmh: 'overspeed_kmh', overspeedMinMs: 'overspeed_min_ms', tempMin: 'temp_min', tempMax: 'temp_max',
  tempMinMs: 'temp_min_ms', stopMaxSpeedKmh: 'stop_max_speed_kmh', stopMinMs: 'stop_min_ms',
};
export const SETTING_KEYS = Object.keys(COLUMNS) as (keyof AlarmSettings)[];

/** The spec's tiered-range message (section 5), for the same relation between two bounds. */
export const RANGE_ORDER = '上限值需大于下限值';

/**
 * Changes the given thresholds, keeping the others. The temperature
 * band must stay a band once merged; nothing is written otherwise. The next ingested batch reads them.
 */
export async function saveSettings(conn: Conn, corpId: number, patch: Partial<AlarmSettings>, now = Date.now()) {
  // Read, merged and written in one exclusive transaction: two saves at once cannot merge into a band neither allowed.
  await tx(conn, async () => {
    const current = await one<Row>(conn, `SELECT ${SETTING_KEYS.map((k) => `${COLUMNS[k]} AS ${k}`).join(', ')} FROM alarm_settings WHERE corp_id = ?`, corpId);
    const merged = { ...(current ?? {}), ...patch } as Partial<Row>;
    const tempMin = merged.tempMin ?? DEFAULT_SETTINGS.tempMin;
    const tempMax = merged.tempMax ?? DEFAULT_SETTINGS.tempMax;
    if (tempMax <= tempMin) throw invalid(`温度上限：${RANGE_ORDER}`, { field: 'tempMax' });
    const values = SETTING_KEYS.map((k) => merged[k] ?? null);
    await run(conn, `INSERT INTO alarm_settings (corp_id, ${SETTING_KEYS.map((k) => COLUMNS[k]).join(', ')}, updated_at) VALUES (?, ${SETTING_KEYS.map(() => '?').join(', ')}, ?)
      ON CONFLICT (corp_id) DO UPDATE SET ${SETTING_KEYS.map((k) => `${COLUMNS[k]} = excluded.${COLUMNS[k]}`).join(', ')}, updated_at = excluded.updated_at`,
      corpId, ...values, now);
  }, { exclusive: { lock: 'alarm-settings' } });
  return corpSettings(conn, corpId);
}
