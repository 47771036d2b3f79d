// The reusable map dialog (spec sections 2, 4, 5 and 9): draggable by its title, closable, title
// '查看点位/轨迹' by default, 600 × 500, zoom 16, an optional right-hand panel. Marker mode draws one
// point (only when lng84 and lat84 are both present) with an optional info window; line mode fetches
// a vehicle's track (only with a vehicleid) in pages of 8000 and draws it with start and end markers.
// Clicking the line shows the nearest point with a direction arrow and its time and speed in km/h.
// Closing clears the overlays and reports visible = false.
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useEnv } from '../../env/env-context.tsx';
import { trackColour } from '../../map/constants.ts';
import { nearestPointIndex, type LngLat } from '../../map/geometry.ts';
import type { MapLine, MapPoint } from '../../map/map-model.ts';
import { MapView } from '../../map/map-view.tsx';
import { useMapSources } from '../../map/map-sources.ts';
import { collectTrack, type TrackPage } from './track-loader.ts';

export const MAP_DIALOG_TITLE = '查看点位/轨迹';
export const MAP_DIALOG_WIDTH = 600;
export const MAP_DIALOG_HEIGHT = 500;
export const MAP_DIALOG_ZOOM = 16;

export interface MarkerOptions {
  lng84?: number | string | null;
  lat84?: number | string | null;
  infoWindow?: string;
  infoWindowTitle?: string;
  label?: string;
}

export interface TrackOptions {
  vehicleid?: number | string;
  vehicleNo?: string;
  startTime?: number | string;
  endTime?: number | string;
  waybillId?: number | string;
}

interface TrackPoint {
  lon: number;
  lat: number;
  direction: number;
  speed: number;
  gpsTime: string;
}

export interface MapDialogProps {
  visible: boolean;
  onVisibleChange(visible: boolean): void;
  title?: string;
  width?: number;
  height?: number;
  /** Index into the map sources the server offers (default the first: the server's default). */
  mapType?: number;
  marker?: MarkerOptions;
  track?: TrackOptions;
  side?: ReactNode;
}

const useStyles = makeStyles({
  box: { position: 'fixed', zIndex: 1000, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow28, borderRadius: tokens.borderRadiusMedium, display: 'flex', flexDirection: 'column', overflow: 'hidden' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, cursor: 'move', userSelect: 'none', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  map: { position: 'relative', flexGrow: 1 },
  side: { width: '220px', borderLeft: `1px solid ${tokens.colorNeutralStroke2}`, overflow: 'auto', padding: tokens.spacingHorizontalS },
  loading: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 2, background: 'rgba(255,255,255,.6)' },
});

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && Number.isFinite(Number(v));

export function MapDialog({ visible, onVisibleChange, title = MAP_DIALOG_TITLE, width = MAP_DIALOG_WIDTH, height = MAP_DIALOG_HEIGHT, mapType = 0, marker, track, side }: MapDialogProps) {
  const styles = useStyles();
  const { api, notify } = useEnv();
  const offered = useMapSources();
  const [pos, setPos] = useState(() => ({ x: Math.max(0, (window.innerWidth - width) / 2), y: Math.max(0, (window.innerHeight - height) / 2) }));
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const [points, setPoints] = useState<TrackPoint[]>([]);
  const [places, setPlaces] = useState({ start: '', end: '' });
  const [picked, setPicked] = useState<number>(-1);
  const [loading, setLoading] = useState(false);

  // Any change to the options redraws; the track is fetched only with a vehicle id.
  useEffect(() => {
    setPoints([]);
    setPicked(-1);
    if (!visible || !track || !present(track.vehicleid)) return;
    let live = true;
    setLoading(true);
    collectTrack<TrackPoint>((paging) => api.post<TrackPage<TrackPoint>>('/waybill/getTrackList', {
      vehicleId: Number(track.vehicleid), vehicleNo: track.vehicleNo, startTime: track.startTime, endTime: track.endTime, ...(track.waybillId ? { waybillId: Number(track.waybillId) } : {}), pageParamVO: paging,
    }))
      .then((r) => {
        if (!live) return;
        if (r.data.length === 0) notify.info(`${track.vehicleNo ?? ''}没有轨迹数据`);
        setPoints(r.data);
        setPlaces({ start: r.startPlaceName, end: r.endPlaceName });
      }, () => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [visible, api, notify, track?.vehicleid, track?.vehicleNo, track?.startTime, track?.endTime, track?.waybillId]); // eslint-disable-line react-hooks/exhaustive-deps

  const lines = useMemo<MapLine[]>(() => (points.length > 1 ? [{ id: 'track', coords: points.map((p) => [p.lon, p.lat] as LngLat), colour: trackColour(0) }] : []), [points]);
  const lngs = useMemo(() => Float64Array.from(points, (p) => p.lon), [points]);
  const lats = useMemo(() => Float64Array.from(points, (p) => p.lat), [points]);
  const markers = useMemo<MapPoint[]>(() => {
    const out: MapPoint[] = [];
    if (marker && present(marker.lng84) && present(marker.lat84)) {
      out.push({ id: 'marker', kind: 'point', lngLat: [Number(marker.lng84), Number(marker.lat84)], label: marker.label, info: marker.infoWindow ? { title: marker.infoWindowTitle ?? '', rows: [['', marker.infoWindow]] } : undefined });
    }
    if (points.length) {
      const [a, b] = [points[0], points[points.length - 1]];
      out.push({ id: 'start', kind: 'start', lngLat: [a.lon, a.lat], label: places.start || '起点' });
      out.push({ id: 'end', kind: 'end', lngLat: [b.lon, b.lat], label: places.end || '终点' });
    }
    return out;
  }, [marker, points, places]);
  const car = picked >= 0 ? { lngLat: [points[picked].lon, points[picked].lat] as LngLat, direction: points[picked].direction } : null;

  if (!visible) return null;
  const close = () => {
    setPoints([]);
    setPicked(-1);
    onVisibleChange(false);
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => drag.current && setPos({ x: e.clientX - drag.current.dx, y: e.clientY - drag.current.dy });

  return (
    <div className={styles.box} role="dialog" aria-label={title} style={{ left: pos.x, top: pos.y, width, height }}>
      <div className={styles.head} onPointerDown={onDown} onPointerMove={onMove} onPointerUp={() => (drag.current = null)}>
        <strong>{title}</strong>
        <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label="关闭" onClick={close} />
      </div>
      <div className={styles.body}>
        <div className={styles.map}>
          {loading ? <div className={styles.loading}><Spinner size="small" label="加载中..." /></div> : null}
          <MapView mapType={offered.sources[mapType]?.id} lines={lines} points={markers} car={car} initialZoom={MAP_DIALOG_ZOOM} fitKey={`${points.length}-${marker?.lng84}-${marker?.lat84}`} ariaLabel="点位地图"
            onLineClick={(_, at) => setPicked(nearestPointIndex(lngs, lats, at))} />
          {picked >= 0 ? (
            <div role="status" aria-label="轨迹点" style={{ position: 'absolute', left: 8, bottom: 8, zIndex: 2, background: '#fff', padding: '2px 8px', borderRadius: 4, boxShadow: tokens.shadow4 }}>
              {`${points[picked].gpsTime} ${points[picked].speed}km/h`}
            </div>
          ) : null}
        </div>
        {side ? <aside className={styles.side}>{side}</aside> : null}
      </div>
    </div>
  );
}
