// The upload field as an RJSF widget (`"ui:widget": "upload"`): value [{url, name, uid}], limits
// from ui:options (maxFiles, accept, maxMB, collapseNum), the upload function from the form page
// (or one for the field's own businessTypeKey / customerId when ui:options names them).
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { formContextOf } from '../form-context.ts';
import { WidgetLabel } from '../widget-label.tsx';
import { FileUpload } from './file-upload.tsx';
import type { UploadFile } from './upload-rules.ts';
import { createUploader } from './uploader.ts';

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

export function UploadWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, options, label, hideLabel, registry } = props;
  const { env, upload } = formContextOf(registry);
  const files = (Array.isArray(value) ? value : []) as UploadFile[];
  const { businessTypeKey, customerId } = options as { businessTypeKey?: string; customerId?: string | number };
  const send = useMemo(
    () => (businessTypeKey !== undefined || customerId !== undefined ? createUploader(env, { businessTypeKey, customerId }) : upload),
    [env, upload, businessTypeKey, customerId],
  );
  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <FileUpload
        id={id}
        value={files}
        onChange={(next) => {
          onChange(next);
          onBlur(id, next); // a file change is complete at once: validate as a blur would
        }}
        onWarn={env.notify.info}
        upload={send}
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        maxFiles={num(options.maxFiles)}
        maxMB={num(options.maxMB)}
        collapseNum={num(options.collapseNum)}
        disabled={disabled || readonly}
      />
    </>
  );
}
