// Flash photos and active-safety events on the playback map (monitor pages): a marker per row with
// its info window (spec section 2: "Popup info windows: active-safety event, flash photo"), and
// which pictures a click on such a window opens in the photo preview. The map widget's info windows
// are plain text, so the page finds the window clicked by its title (unique per photo or event).
import type { InfoWindow, MapPoint } from '../../map/map-model.ts';
import { eventPhotosOf, flashPhotosOf, type Photo } from '../../components/photo-preview/photo-preview.tsx';
import type { Row, TabData } from './track-data.ts';

export const OPEN_PHOTOS = '点击查看大图';
export const NO_PHOTOS = '无';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const speed = (v: unknown) => `${text(v) || 0} km/h`;

export const flashTitle = (r: Row) => `抓拍 ${text(r.routeView)} ${text(r.picTimeView)}`;
export const safetyTitle = (r: Row) => `主动安全 ${text(r.eventTypeName)} ${text(r.gpsTimeView)}`;

export function flashInfo(r: Row): InfoWindow {
  return {
    title: flashTitle(r),
    rows: [['抓拍时间', text(r.picTimeView)], ['通道', text(r.routeView)], ['抓拍类型', text(r.eventTypeName)], ['速度', speed(r.speed)],
      ['所在区域', text(r.areaName) || '-'], ['地点', text(r.placeName)], ['照片', r.picUrl ? OPEN_PHOTOS : NO_PHOTOS]],
  };
}

export function safetyInfo(r: Row): InfoWindow {
  const photos = eventPhotosOf(r).length;
  return {
    title: safetyTitle(r),
    rows: [['事件类型', text(r.eventTypeName)], ['司机', text(r.driverName) || '-'], ['报警时间', text(r.gpsTimeView)], ['速度', speed(r.speed)],
      ['报警级别', text(r.eventLevelView)], ['地点', text(r.placeName)], ['照片', photos ? `${photos}张，${OPEN_PHOTOS}` : NO_PHOTOS]],
  };
}

const located = (r: Row) => r.lon !== null && r.lon !== undefined && Number.isFinite(Number(r.lon)) && Number.isFinite(Number(r.lat));

/** The markers of the flash photos and active-safety events (none outside monitor pages: no rows). */
export function mediaPoints(data: TabData | null): MapPoint[] {
  const out: MapPoint[] = [];
  for (const [i, r] of (data?.flash ?? []).entries()) {
    if (located(r)) out.push({ id: `flash-${i}`, lngLat: [Number(r.lon), Number(r.lat)], kind: 'point', label: `抓拍 ${text(r.routeView)}`, info: flashInfo(r) });
  }
  for (const [i, r] of (data?.safety ?? []).entries()) {
    if (located(r)) out.push({ id: `safety-${i}`, lngLat: [Number(r.lon), Number(r.lat)], kind: 'alarm', label: text(r.eventTypeName), info: safetyInfo(r) });
  }
  return out;
}

export interface PreviewTarget {
  photos: Photo[];
  index: number;
}

/** What a row opens: every flash photo from this one on; an event's own pictures. Null: nothing to show. */
export function previewOfRow(data: TabData | null, kind: 'flash' | 'safety', index: number): PreviewTarget | null {
  if (kind === 'flash') {
    const photos = flashPhotosOf(data?.flash ?? []);
    return photos[index]?.url ? { photos, index } : null;
  }
  const row = data?.safety[index];
  const photos = row ? eventPhotosOf(row) : [];
  return photos.length ? { photos, index: 0 } : null;
}

/** The preview an info window opens, found by the window's title. */
export function previewOfInfo(data: TabData | null, title: string | null): PreviewTarget | null {
  if (!title || !data) return null;
  const f = data.flash.findIndex((r) => flashTitle(r) === title);
  if (f >= 0) return previewOfRow(data, 'flash', f);
  const s = data.safety.findIndex((r) => safetyTitle(r) === title);
  return s >= 0 ? previewOfRow(data, 'safety', s) : null;
}
