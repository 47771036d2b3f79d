// Validation of the coordinate calibration dialog (spec section 5), on change: longitude and
// latitude required, numbers with at most six decimals; the radius only for the point type.
import { RADIUS_MAX } from '../../map/constants.ts';

export interface CalibrationForm {
  lng: string;
  lat: string;
  radius: string;
  typeId: number;
}

export type CalibrationErrors = Partial<Record<'lng' | 'lat' | 'radius', string>>;

const SIX_DECIMALS = /^-?\d+(\.\d{1,6})?$/;

function coordinate(value: string, name: '经度' | '纬度'): string | undefined {
  if (value.trim() === '') return `${name}不能为空`;
  if (!SIX_DECIMALS.test(value.trim())) return `${name}必须为数字值，且最多输入六位小数`;
  return undefined;
}

export function validateCalibration(form: CalibrationForm): CalibrationErrors {
  const errors: CalibrationErrors = {};
  const lng = coordinate(form.lng, '经度');
  const lat = coordinate(form.lat, '纬度');
  if (lng) errors.lng = lng;
  if (lat) errors.lat = lat;
  if (form.typeId === 3) {
    const r = form.radius.trim();
    if (r === '') errors.radius = '半径不能为空';
    else if (!/^\d+$/.test(r) || Number(r) <= 0) errors.radius = '半径必须为正整数值';
    else if (Number(r) > RADIUS_MAX) errors.radius = `半径必须小于等于${RADIUS_MAX}`;
  }
  return errors;
}
