// The coordinate calibration dialog (spec section 2 and 5): longitude, latitude and, for a point
// fence, the radius, validated on every change with the spec's messages; applied to the edit layer.
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { EDIT_DEBOUNCE_MS } from './fence-edit.ts';
import { validateCalibration, type CalibrationForm } from './calibration.ts';

export interface CalibrationDialogProps {
  open: boolean;
  typeId: number;
  centre: [number, number];
  radius: number;
  onCancel(): void;
  onApply(centre: [number, number], radius: number): void;
  /** Valid edits redraw the shape after a 500 ms pause in typing. */
  onPreview?(centre: [number, number], radius: number): void;
}

export function CalibrationDialog({ open, typeId, centre, radius, onCancel, onApply, onPreview }: CalibrationDialogProps) {
  const [form, setForm] = useState<CalibrationForm>({ lng: centre[0].toFixed(6), lat: centre[1].toFixed(6), radius: String(radius), typeId });
  const [touched, setTouched] = useState(false);
  const errors = touched ? validateCalibration(form) : {};
  const set = (k: 'lng' | 'lat' | 'radius', v: string) => {
    setTouched(true);
    setForm((f) => ({ ...f, [k]: v }));
  };
  useEffect(() => {
    if (!touched || !onPreview || Object.keys(validateCalibration(form)).length) return;
    const t = setTimeout(() => onPreview([Number(form.lng), Number(form.lat)], Number(form.radius)), EDIT_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [form, touched]); // eslint-disable-line react-hooks/exhaustive-deps
  const apply = () => {
    setTouched(true);
    if (Object.keys(validateCalibration(form)).length) return;
    onApply([Number(form.lng), Number(form.lat)], Number(form.radius));
  };
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface style={{ maxWidth: 500 }}>
        <DialogBody>
          <DialogTitle>坐标校准</DialogTitle>
          <DialogContent>
            <Field label="经度" required validationMessage={errors.lng}>
              <Input value={form.lng} onChange={(_, d) => set('lng', d.value)} />
            </Field>
            <Field label="纬度" required validationMessage={errors.lat}>
              <Input value={form.lat} onChange={(_, d) => set('lat', d.value)} />
            </Field>
            {typeId === 3 ? (
              <Field label="半径(米)" required validationMessage={errors.radius}>
                <Input value={form.radius} onChange={(_, d) => set('radius', d.value)} />
              </Field>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button size="small" onClick={onCancel}>取消</Button>
            <Button size="small" appearance="primary" onClick={apply}>确定</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
