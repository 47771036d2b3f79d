/**
 * Tiered ranges (spec sections 3-5): a first entry "up to high" (type 1), optional middle entries
 * "low to high" (type 2) and a last entry "low and above" (type 3). The helpers are pure so the
 * renderer's editor and the server share them; validation messages are the spec's.
 */
import { REQUIRED_MESSAGE } from './rules.ts';

export type ScopeType = 1 | 2 | 3;

export interface TierEntry {
  scopeType: ScopeType;
  low?: number;
  high?: number;
}

export interface TierError {
  index: number;
  field: 'low' | 'high';
  message: string;
}

export const TIER_HIGH_ABOVE_LOW = '上限值需大于下限值';
export const TIER_ABOVE_PREVIOUS = '需大于上一项的值';
export const TIER_CONTINUOUS = '范围设置需连续';
// Not worded by the spec: the editor cannot produce this shape, only a hand-made request can.
export const TIER_SHAPE = '阶梯须以首项开始、以末项结束';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function expectedType(index: number, length: number): ScopeType {
  return index === 0 ? 1 : index === length - 1 ? 3 : 2;
}

/** Every problem, one per field at most, in row order. */
export function validateTiers(entries: readonly TierEntry[]): TierError[] {
  const errors: TierError[] = [];
  if (entries.length < 2) return [{ index: 0, field: 'high', message: TIER_SHAPE }];
  entries.forEach((entry, index) => {
    const type = expectedType(index, entries.length);
    if (entry.scopeType !== type) {
      errors.push({ index, field: type === 3 ? 'low' : 'high', message: TIER_SHAPE });
      return;
    }
    const prev = entries[index - 1];
    if (type !== 1) {
      // The lower bound of a row is the previous row's upper bound: no gap, no overlap.
      if (!isNum(entry.low)) errors.push({ index, field: 'low', message: REQUIRED_MESSAGE });
      else if (isNum(prev.high) && entry.low !== prev.high) {
        errors.push({ index, field: 'low', message: TIER_CONTINUOUS });
      }
    }
    if (type !== 3) {
      if (!isNum(entry.high)) errors.push({ index, field: 'high', message: REQUIRED_MESSAGE });
      else if (type === 2 && isNum(entry.low) && entry.high <= entry.low) {
        errors.push({ index, field: 'high', message: TIER_HIGH_ABOVE_LOW });
      } else if (type === 2 && isNum(prev.high) && entry.high <= prev.high) {
        // Reported even when 'low' is already wrong: it tells the user which bound to fix.
        errors.push({ index, field: 'high', message: TIER_ABOVE_PREVIOUS });
      }
    }
  });
  return errors;
}

/** The two entries every tiered range starts with (and returns to on reset). */
export function resetTiers(): TierEntry[] {
  return [{ scopeType: 1 }, { scopeType: 3 }];
}

/** Inserts a type 2 entry before the last, starting where the previous one ends. */
export function addTier(entries: readonly TierEntry[]): TierEntry[] {
  const base = entries.length >= 2 ? entries : resetTiers();
  const lastIndex = base.length - 1;
  const added: TierEntry = { scopeType: 2, low: base[lastIndex - 1].high };
  return [...base.slice(0, lastIndex), added, base[lastIndex]];
}

/** Removes a middle entry; the first and last cannot go, so those requests change nothing. */
export function removeTier(entries: readonly TierEntry[], index: number): TierEntry[] {
  if (index <= 0 || index >= entries.length - 1) return entries as TierEntry[];
  return entries.filter((_, i) => i !== index);
}
