// The playback page's photo preview dialog (spec section 2): a large image with previous/next,
// 'n/total' and close. It is the shared image viewer (components/image-preview.tsx), fed with the
// pictures of the flash photo rows or of an active-safety event's attachments, so the product has
// one viewer. Videos (attachment type 1) are not pictures: the event's alarm dialog plays them.
import { ImageViewer } from '../image-preview.tsx';

type Row = Record<string, unknown>;

export interface Photo {
  url: string;
  /** What the picture shows, e.g. '通道1 2026-11-22 10:15:30 定时抓拍'; the image's alt text. */
  caption: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Every flash photo row's picture, in the rows' order (the row index is the photo index). */
export function flashPhotosOf(rows: readonly Row[]): Photo[] {
  return rows.map((r) => ({ url: text(r.picUrl), caption: [r.routeView, r.picTimeView, r.eventTypeName].map(text).filter(Boolean).join(' ') }));
}

/** The pictures (type 0) among an active-safety event's attachments. */
export function eventPhotosOf(row: Row): Photo[] {
  const list = Array.isArray(row.attachmentList) ? (row.attachmentList as { type?: number; url?: string }[]) : [];
  return list.filter((a) => Number(a.type) === 0 && a.url).map((a, i) => ({ url: String(a.url), caption: `${text(row.eventTypeName)} ${text(row.gpsTimeView)} 照片${i + 1}` }));
}

export interface PhotoPreviewProps {
  photos: readonly Photo[];
  /** The photo shown; -1 keeps the dialog closed. */
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
}

export function PhotoPreview({ photos, index, onIndexChange, onClose }: PhotoPreviewProps) {
  return <ImageViewer images={photos.map((p) => ({ src: p.url, name: p.caption }))} index={index} onIndexChange={onIndexChange} onClose={onClose} />;
}
