// File upload (spec section 2): thumbnails with a remove icon, a plus tile, and a fold/expand arrow
// once there are more files than fit folded. Images preview in a dialog; PDFs open in a new tab.
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { AddRegular, ChevronDownRegular, ChevronUpRegular, DismissCircleFilled, DocumentPdfRegular, DocumentRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { ImageViewer } from '../../components/image-preview.tsx';
import {
  checkFiles, COLLAPSE_NUM, COLLAPSED_HEIGHT_PX, DEFAULT_ACCEPT, DEFAULT_MAX_FILES, DELETE_ANIMATION_MS, EXPAND_TITLE,
  FOLD_TITLE, galleryOf, isImage, isPdf, MAX_FILE_MB, toUploadFiles, visibleFiles, type UploadFile, type UploadFn,
} from './upload-rules.ts';

export const UNSUPPORTED_PREVIEW = '此类型文件不支持预览';
export const NO_UPLOADER = '未配置上传服务';

const TILE = 80;
const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  list: { display: 'flex', flexWrap: 'wrap', gap: '6px', padding: '3px 0', flex: 1 },
  folded: { maxHeight: `${COLLAPSED_HEIGHT_PX}px`, overflow: 'hidden' },
  tile: {
    position: 'relative', width: `${TILE}px`, height: `${TILE}px`, boxSizing: 'border-box', cursor: 'pointer',
    border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium,
    display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', overflow: 'hidden',
    transition: `opacity ${DELETE_ANIMATION_MS}ms, transform ${DELETE_ANIMATION_MS}ms`,
  },
  removing: { opacity: 0, transform: 'scale(0.6)' },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
  name: { fontSize: tokens.fontSizeBase100, maxWidth: `${TILE - 8}px`, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  remove: { position: 'absolute', top: 0, right: 0, minWidth: 0, padding: 0, color: tokens.colorPaletteRedForeground1 },
  plus: { borderTopStyle: 'dashed', borderRightStyle: 'dashed', borderBottomStyle: 'dashed', borderLeftStyle: 'dashed', color: tokens.colorNeutralForeground3 },
});

export interface FileUploadProps {
  id?: string;
  value: UploadFile[];
  onChange(next: UploadFile[]): void;
  /** Rule violations and unsupported previews (shown as a warning). */
  onWarn(message: string): void;
  upload?: UploadFn;
  accept?: string;
  maxFiles?: number;
  maxMB?: number;
  collapseNum?: number;
  disabled?: boolean;
}

export function FileUpload(props: FileUploadProps) {
  const { id, value, onChange, onWarn, upload, disabled } = props;
  const accept = props.accept ?? DEFAULT_ACCEPT;
  const maxFiles = props.maxFiles ?? DEFAULT_MAX_FILES;
  const collapseNum = props.collapseNum ?? COLLAPSE_NUM;
  const s = useStyles();
  const [collapsed, setCollapsed] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<string[]>([]);
  const [preview, setPreview] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Uploads and delete animations finish later: they must apply to the value as it is then.
  const latest = useRef(value);
  latest.current = value;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const pick = (files: File[]) => {
    if (files.length === 0) return;
    const problem = checkFiles(files, latest.current.length, { accept, maxFiles, maxMB: props.maxMB ?? MAX_FILE_MB });
    if (problem) return onWarn(problem);
    if (!upload) return onWarn(NO_UPLOADER);
    setUploading(true);
    upload(files)
      .then((done) => onChange([...latest.current, ...toUploadFiles(done)]))
      .catch(() => undefined) // the uploader has shown the server's message
      .finally(() => setUploading(false));
  };

  const remove = (uid: string) => {
    setRemoving((r) => [...r, uid]);
    timers.current.push(setTimeout(() => {
      setRemoving((r) => r.filter((u) => u !== uid));
      onChange(latest.current.filter((f) => f.uid !== uid));
    }, DELETE_ANIMATION_MS));
  };

  const gallery = galleryOf(value);
  const open = (file: UploadFile) => {
    const at = gallery.indexOf(file);
    if (at >= 0) setPreview(at);
    else if (isPdf(file.name)) window.open(file.url, '_blank', 'noopener');
    else onWarn(UNSUPPORTED_PREVIEW);
  };

  const foldable = value.length > collapseNum;
  const folded = collapsed && foldable;
  return (
    <div className={s.row} id={id}>
      <div className={mergeClasses(s.list, folded && s.folded)} data-testid="upload-list">
        {visibleFiles(value, folded, collapseNum).map((file) => (
          <div key={file.uid} className={mergeClasses(s.tile, removing.includes(file.uid) && s.removing)} title={file.name} onClick={() => open(file)}>
            {isImage(file.name) ? (
              <img className={s.image} src={file.url} alt={file.name} />
            ) : (
              <>
                {isPdf(file.name) ? <DocumentPdfRegular fontSize={32} /> : <DocumentRegular fontSize={32} />}
                <span className={s.name}>{file.name}</span>
              </>
            )}
            {!disabled && (
              <Button
                className={s.remove}
                appearance="transparent"
                size="small"
                icon={<DismissCircleFilled />}
                aria-label={`删除${file.name}`}
                title="删除"
                onClick={(e) => {
                  e.stopPropagation();
                  remove(file.uid);
                }}
              />
            )}
          </div>
        ))}
        {!disabled && value.length < maxFiles && (
          <button type="button" className={mergeClasses(s.tile, s.plus)} aria-label="上传文件" disabled={uploading} onClick={() => input.current?.click()}>
            {uploading ? <Spinner size="tiny" /> : <AddRegular fontSize={28} />}
          </button>
        )}
      </div>
      {foldable && (
        <Button
          appearance="subtle"
          size="small"
          icon={collapsed ? <ChevronDownRegular /> : <ChevronUpRegular />}
          title={collapsed ? EXPAND_TITLE : FOLD_TITLE}
          aria-label={collapsed ? EXPAND_TITLE : FOLD_TITLE}
          onClick={() => setCollapsed((c) => !c)}
        />
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept={accept.replace(/\s+/g, '')}
        hidden
        data-testid="upload-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = ''; // the same file may be picked again after a removal
          pick(files);
        }}
      />
      {preview !== null && gallery.length > 0 && (
        <ImageViewer
          images={gallery.map((f) => ({ src: f.url, name: f.name }))}
          index={Math.min(preview, gallery.length - 1)}
          onIndexChange={setPreview}
          onClose={() => setPreview(null)}
        />
      )}
    </div>
  );
}
