// Validation of the coordinate calibration dialog (spec section 5), on change: longitude and
// latitude required, numbers with at most six decimals; the radius only for the point type.
import { radiusError } from './fence-edit.ts';

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
    const radius = radiusError(form.radius);
    if (radius) errors.radius = radius;
  }
  return errors;
}
