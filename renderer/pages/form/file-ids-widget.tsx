// The receipt dialog's files (`"ui:widget": "fileIds"`): the upload widget of spec section 2, but the
// field holds what the action takes, the uploaded files' ids (read from their download address
// /api/file/download/<fileId>). The files themselves are kept here so thumbnails stay in view.
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { UploadWidget } from '../../fields/upload/upload-widget.tsx';
import type { UploadFile } from '../../fields/upload/upload-rules.ts';

export function fileIdOf(url: string): string | undefined {
  const last = url.split('?')[0].split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : undefined;
}

export function FileIdsWidget(props: WidgetProps) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const toIds = (next: UploadFile[]) => {
    const ids = next.map((f) => fileIdOf(f.url)).filter((x): x is string => Boolean(x));
    return ids.length ? ids : undefined;
  };
  return (
    <UploadWidget
      {...props}
      value={files}
      onChange={(next: UploadFile[]) => {
        setFiles(next);
        props.onChange(toIds(next));
      }}
      onBlur={(id, v) => props.onBlur(id, toIds(Array.isArray(v) ? (v as UploadFile[]) : files))}
    />
  );
}
