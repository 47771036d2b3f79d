// What every alarm rule is: a condition per point over the typed track columns, the runs of
// points where it holds, how to merge the worst value of two runs, and the alarm's wording.
// Rules are pure: no database, no clock; raise.ts applies them to a batch and keeps the alarms.
import type { TrackColumns } from '../../tracking/columns.ts';
import { contains, type PreparedFence } from '../../tracking/analytics/fence.ts';
import type { AlarmSettings } from '../settings.ts';
import type { BusinessKind } from '../catalogue.ts';

export interface RuleInput {
  cols: TrackColumns;
  settings: AlarmSettings;
  /** The fences of the waybill the vehicle is carrying (start, via, end); empty without one. */
  fences: readonly PreparedFence[];
  /** Whether the vehicle is on a waybill (long stops and doors only matter then). */
  onWaybill: boolean;
  /** Door channels the vehicle has (vehicle.openDoorStatus, bit c = door c + 1). */
  doorMask: number;
  /** Temperature channels the vehicle collects (vehicle.temperaturectrl). */
  tempMask: number;
}

/** A run of points [from, to] (indexes, inclusive) where the condition holds, and its worst value. */
export interface AlarmWindow {
  from: number;
  to: number;
  peak: number;
}

/**
 * A rule's runs as flat triples [from, to, peak, from, to, peak, …]: no object per run while judging
 * (the temperature rule judges every reading of every cold truck, and a sawing sensor makes many short
 * runs). `eachWindow` gives them as AlarmWindow where they are used.
 */
export type AlarmWindows = number[];

export function* eachWindow(windows: AlarmWindows): Generator<AlarmWindow> {
  for (let k = 0; k + 2 < windows.length; k += 3) yield { from: windows[k], to: windows[k + 1], peak: windows[k + 2] };
}

export interface AlarmRule {
  kind: BusinessKind;
  /** A condition shorter than this is no alarm (jitter); 0: every occurrence counts. */
  minDurationMs(s: AlarmSettings): number;
  /** Two points further apart than this end a run (no data, no judgement across the gap). */
  maxGapMs: number;
  applies(input: RuleInput): boolean;
  windows(input: RuleInput): AlarmWindows;
  /** The worse of two peaks (for an alarm continued over batches). */
  worse(a: number, b: number, s: AlarmSettings): number;
  describe(peak: number, durationMs: number, s: AlarmSettings): string;
}

/**
 * Runs of consecutive points where `holds(i)` is true, split where the time between two points
 * exceeds `maxGapMs`; `peakOf` folds each run's worst value. One pass, no allocation per point.
 */
export function runs(
  time: Float64Array, length: number, maxGapMs: number, holds: (i: number) => boolean,
  peakAt: (i: number) => number, worse: (a: number, b: number) => number,
): AlarmWindows {
  const out: AlarmWindows = [];
  let from = -1;
  let peak = 0;
  for (let i = 0; i < length; i++) {
    const on = holds(i);
    if (from >= 0 && (!on || time[i] - time[i - 1] > maxGapMs)) {
      out.push(from, i - 1, peak);
      from = -1;
    }
    if (on) {
      if (from < 0) ((from = i), (peak = peakAt(i)));
      else peak = worse(peak, peakAt(i));
    }
  }
  if (from >= 0) out.push(from, length - 1, peak);
  return out;
}

export function insideAny(fences: readonly PreparedFence[], lon: number, lat: number): boolean {
  for (const f of fences) if (contains(f, lon, lat)) return true;
  return false;
}

export const MINUTE = 60_000;
/** Sensor and speed conditions are not carried across ten minutes without data. */
export const SENSOR_GAP_MS = 10 * MINUTE;
