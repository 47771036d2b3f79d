// What a map shows, as plain data in WGS-84: lines, fences and points. The widget turns it into
// GeoJSON for the chosen provider, so pages never touch the map library.
import type { LngLat } from './geometry.ts';

export interface MapLine {
  id: string;
  coords: readonly LngLat[];
  colour: string;
  dashed?: boolean;
  /** Points of the line that lie in an alarm window are drawn red over it. */
  alarm?: readonly boolean[];
}

export interface MapFence {
  id: string;
  ring: readonly LngLat[];
  name?: string;
}

export type PointKind = 'start' | 'end' | 'via' | 'stop' | 'door' | 'alarm' | 'point' | 'transfer';

export interface InfoWindow {
  title: string;
  rows: readonly (readonly [string, string])[];
  /** A link at the bottom of the window (the dashboard's 查看运单), handled by the page. */
  action?: { label: string; onClick: () => void };
}

export interface MapPoint {
  id: string;
  lngLat: LngLat;
  kind: PointKind;
  label?: string;
  /** The marker's own text instead of its kind's (a road book's stop number). */
  text?: string;
  info?: InfoWindow;
}

export interface CarPosition {
  lngLat: LngLat;
  direction: number;
  label?: string;
}

export const POINT_STYLE: Record<PointKind, { colour: string; text: string }> = {
  start: { colour: '#13a86b', text: '起' },
  end: { colour: '#e5262a', text: '终' },
  via: { colour: '#1f7cff', text: '经' },
  stop: { colour: '#8a3ffc', text: '停' },
  door: { colour: '#ff8c00', text: '门' },
  alarm: { colour: '#e5262a', text: '警' },
  point: { colour: '#1f7cff', text: '' },
  transfer: { colour: '#00a3bf', text: '转' },
};
