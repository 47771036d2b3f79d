// Image preview (spec sections 2, 5, 8): only jpg, jpeg, gif, png and bmp are shown; a pdf opens in a
// new tab; anything else says it cannot be previewed. A thumbnail that fails to load shows a broken
// picture instead of the browser's empty box.
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, DismissRegular, DocumentPdfRegular, DocumentRegular, ImageOffRegular } from '@fluentui/react-icons';
import { useState } from 'react';

export const PREVIEW_IMAGE_TYPES = ['jpg', 'jpeg', 'gif', 'png', 'bmp'] as const;
export const UNSUPPORTED_TEXT = '此类型文件不支持预览';
export const LOAD_FAILED_TEXT = '图片加载失败';
export const NO_DATA_TEXT = '暂无数据';

export interface PreviewFile {
  src: string;
  /** The file name; its extension decides the type when the URL does not carry one. */
  name?: string;
}

export type PreviewKind = 'image' | 'pdf' | 'unsupported';

export function previewKind(src: string, name?: string): PreviewKind {
  const data = /^data:([^;,]+)/i.exec(src)?.[1]?.toLowerCase();
  if (data) return data === 'application/pdf' ? 'pdf' : /^image\/(jpe?g|gif|png|bmp)$/.test(data) ? 'image' : 'unsupported';
  const path = (name || src).split(/[?#]/)[0];
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  if (ext === 'pdf') return 'pdf';
  return (PREVIEW_IMAGE_TYPES as readonly string[]).includes(ext) ? 'image' : 'unsupported';
}

/** A pdf is left to the browser's own viewer in a new tab. */
export function openPdf(src: string) {
  window.open(src, '_blank', 'noopener');
}

const useStyles = makeStyles({
  tile: {
    boxSizing: 'border-box',
    display: 'inline-flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalXXS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    padding: 0,
    textAlign: 'center',
    fontSize: tokens.fontSizeBase200,
  },
  clickable: { cursor: 'pointer' },
  img: { width: '100%', height: '100%', objectFit: 'cover' },
  icon: { fontSize: '24px' },
  viewer: { maxWidth: '90vw', width: 'fit-content' },
  stage: { display: 'flex', alignItems: 'center', justifyContent: 'center', columnGap: tokens.spacingHorizontalS, minWidth: '320px' },
  big: { maxWidth: '80vw', maxHeight: '70vh', objectFit: 'contain' },
});

function Broken() {
  const styles = useStyles();
  return (
    <>
      <ImageOffRegular className={styles.icon} aria-hidden />
      <span>{LOAD_FAILED_TEXT}</span>
    </>
  );
}

export interface ImagePreviewProps extends Partial<PreviewFile> {
  width?: number;
  height?: number;
  /** Images only: called instead of opening this tile's own viewer (galleries page through all). */
  onOpen?: () => void;
}

/** One file as a thumbnail tile. */
export function ImagePreview({ src, name, width = 80, height = 80, onOpen }: ImagePreviewProps) {
  const styles = useStyles();
  const [failed, setFailed] = useState(false);
  const [viewing, setViewing] = useState(false);
  const size = { width, height };
  if (!src) return <span className={styles.tile} style={size}>{NO_DATA_TEXT}</span>;
  const kind = previewKind(src, name);
  if (kind === 'pdf') {
    return (
      <button type="button" className={mergeClasses(styles.tile, styles.clickable)} style={size} title={name} onClick={() => openPdf(src)}>
        <DocumentPdfRegular className={styles.icon} aria-hidden />
        <span>{name ?? 'PDF'}</span>
      </button>
    );
  }
  if (kind === 'unsupported') {
    return (
      <span className={styles.tile} style={size} title={name}>
        <DocumentRegular className={styles.icon} aria-hidden />
        <span>{UNSUPPORTED_TEXT}</span>
      </span>
    );
  }
  if (failed) return <span className={styles.tile} style={size} role="img" aria-label={LOAD_FAILED_TEXT}><Broken /></span>;
  return (
    <>
      <button type="button" className={mergeClasses(styles.tile, styles.clickable)} style={size} title={name} onClick={() => (onOpen ? onOpen() : setViewing(true))}>
        <img className={styles.img} src={src} alt={name ?? '图片'} onError={() => setFailed(true)} />
      </button>
      {!onOpen && <ImageViewer images={[{ src, name }]} index={viewing ? 0 : -1} onClose={() => setViewing(false)} />}
    </>
  );
}

export interface ImageViewerProps {
  images: PreviewFile[];
  /** The image shown; -1 keeps the viewer closed. */
  index: number;
  onClose: () => void;
  onIndexChange?: (index: number) => void;
}

/** Large view of images with previous/next and 'n/total'. */
export function ImageViewer({ images, index, onClose, onIndexChange }: ImageViewerProps) {
  const styles = useStyles();
  const [failed, setFailed] = useState<string | null>(null);
  const open = index >= 0 && index < images.length;
  const image = open ? images[index] : undefined;
  const step = (by: number) => onIndexChange?.((index + by + images.length) % images.length);
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface className={styles.viewer}>
        <DialogBody>
          <DialogTitle
            action={<Button appearance="subtle" size="small" aria-label="关闭" icon={<DismissRegular />} onClick={onClose} />}
          >
            {images.length > 1 ? `${index + 1}/${images.length}` : (image?.name ?? '图片预览')}
          </DialogTitle>
          <DialogContent className={styles.stage}>
            {images.length > 1 && <Button appearance="subtle" aria-label="上一张" icon={<ChevronLeftRegular />} onClick={() => step(-1)} />}
            {image && failed === image.src ? (
              <span className={styles.tile} style={{ width: 200, height: 150 }}><Broken /></span>
            ) : (
              image && <img className={styles.big} src={image.src} alt={image.name ?? '图片'} onError={() => setFailed(image.src)} />
            )}
            {images.length > 1 && <Button appearance="subtle" aria-label="下一张" icon={<ChevronRightRegular />} onClick={() => step(1)} />}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
