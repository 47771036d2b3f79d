// The calibration dialog's field rules (spec section 5) with their exact messages. Values may
// arrive as numbers or as the text typed into the dialog; both are judged by their decimal form.
import { parseDecimal } from '../../schemas/keywords/number-rule.ts';
import { RADIUS_MAX_M } from './geometry.ts';

export type Typed = number | string | null | undefined;

const blank = (v: Typed) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A coordinate: required, a number with at most 6 decimals, within [-limit, limit]. */
function coordinateError(value: Typed, name: '经度' | '纬度', limit: number): string | null {
  if (blank(value)) return `${name}不能为空`;
  const parts = parseDecimal(typeof value === 'string' ? value.trim() : value!);
  if (!parts || parts.fracPart.length > 6) return `${name}必须为数字值，且最多输入六位小数`;
  if (Math.abs(Number(value)) > limit) return `${name}必须在-${limit}到${limit}之间`;
  return null;
}

export const longitudeError = (v: Typed) => coordinateError(v, '经度', 180);
export const latitudeError = (v: Typed) => coordinateError(v, '纬度', 90);

/** Radius of a circle fence in metres: required, a positive integer, at most 2000. */
export function radiusError(value: Typed): string | null {
  if (blank(value)) return '半径不能为空';
  const parts = parseDecimal(typeof value === 'string' ? value.trim() : value!);
  if (!parts || parts.negative || parts.fracPart !== '' || Number(value) < 1) return '半径必须为正整数值';
  if (Number(value) > RADIUS_MAX_M) return '半径必须小于等于2000';
  return null;
}
