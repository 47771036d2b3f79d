// Which additional items of a location report carry temperatures, humidities, doors and the cold
// machine: the standard leaves items 0xE0-0xFF to manufacturers, and each terminal model uses its own.
// A profile is chosen by the terminal model the terminal gives at registration (终端型号); a model
// without a profile of its own uses `default`. The setting JT808_DEVICE_PROFILES names a JSON file
// of profiles that replace or add to the built-in ones (docs/jt808.md, "Extension items").
import { readFileSync } from 'node:fs';

/**
 * temperature: n × int16 big-endian, 0.1 ℃, 0x7FFF = no reading → channels firstChannel.. in order;
 * humidity: n × uint16, 0.1 %RH, 0xFFFF = no reading; doors: WORD bit mask, bit c = door c + 1 open;
 * coldMachine: BYTE, non-zero = running.
 */
export type ExtensionKind = 'temperature' | 'humidity' | 'doors' | 'coldMachine';

export interface ExtensionRule {
  item: number;
  kind: ExtensionKind;
  /** The first channel the item's values fill (temperature, humidity); 1 by default. */
  firstChannel?: number;
}

export interface DeviceProfile {
  rules: ExtensionRule[];
  /** The standard's status bits 13-17 (门1-门5) set door channels 1-5. */
  statusDoors: boolean;
}

export const DEFAULT_PROFILE: DeviceProfile = {
  rules: [
    { item: 0xe1, kind: 'temperature' },
    { item: 0xe2, kind: 'humidity' },
    { item: 0xe3, kind: 'doors' },
    { item: 0xe4, kind: 'coldMachine' },
  ],
  statusDoors: true,
};

export type DeviceProfiles = Record<string, DeviceProfile>;

const KINDS: ExtensionKind[] = ['temperature', 'humidity', 'doors', 'coldMachine'];

/** Reads and checks a profiles file; a wrong file stops the start with what is wrong. */
export function parseProfiles(json: unknown, source: string): DeviceProfiles {
  const fail = (what: string) => { throw new Error(`${source}: ${what}`); };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('应为以终端型号为键的对象');
  const out: DeviceProfiles = {};
  for (const [model, p] of Object.entries(json as Record<string, any>)) {
    if (!Array.isArray(p?.rules)) fail(`${model}.rules 应为数组`);
    const rules = (p.rules as any[]).map((r, i): ExtensionRule => {
      const item = typeof r?.item === 'string' ? Number.parseInt(r.item, 16) : r?.item;
      if (!Number.isInteger(item) || item < 0 || item > 0xff) fail(`${model}.rules[${i}].item 应为 0x00-0xFF`);
      if (!KINDS.includes(r.kind)) fail(`${model}.rules[${i}].kind 应为 ${KINDS.join('/')}`);
      if (r.firstChannel !== undefined && (!Number.isInteger(r.firstChannel) || r.firstChannel < 1 || r.firstChannel > 16)) fail(`${model}.rules[${i}].firstChannel 应为 1-16`);
      return { item, kind: r.kind, ...(r.firstChannel ? { firstChannel: r.firstChannel } : {}) };
    });
    out[model] = { rules, statusDoors: p.statusDoors !== false };
  }
  return out;
}

/** The built-in profiles, with the file JT808_DEVICE_PROFILES names laid over them. */
export function profilesFrom(env: NodeJS.ProcessEnv): DeviceProfiles {
  const file = env.JT808_DEVICE_PROFILES;
  const own = file ? parseProfiles(JSON.parse(readFileSync(file, 'utf8')), file) : {};
  return { default: DEFAULT_PROFILE, ...own };
}

export const profileFor = (profiles: DeviceProfiles, model: string | null | undefined) => (model && profiles[model]) || profiles.default || DEFAULT_PROFILE;
