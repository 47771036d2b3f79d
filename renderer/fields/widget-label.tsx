// The label every custom widget shows above its control, as the Fluent theme's inputs do, with the
// theme's required mark (an asterisk, no words).
import { Label } from '@fluentui/react-components';
import { labelValue } from '@rjsf/utils';
import type { ReactElement } from 'react';

export interface WidgetLabelProps {
  id: string;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  hideLabel?: boolean;
}

export function WidgetLabel({ id, label, required, disabled, hideLabel }: WidgetLabelProps) {
  return labelValue(
    <Label htmlFor={id} required={required} disabled={disabled} size="small" style={{ padding: '2px 0', marginBottom: 2 }}>
      {label}
    </Label>,
    hideLabel || !label,
  ) as ReactElement | null;
}
