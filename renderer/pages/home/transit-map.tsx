// The map of waybills in transit: one marker per waybill at its vehicle's last position; its info
// window names the waybill, vehicle, driver, route, speed and report time, with 查看运单 leading to
// the waybill's detail. Loaded on demand (maplibre is heavy), like every map of the console.
import { useMemo } from 'react';
import { MapView } from '../../map/map-view.tsx';
import type { MapPoint } from '../../map/map-model.ts';
import type { TransitMap as TransitMapData } from './dashboard-types.ts';

export interface TransitMapProps {
  map: TransitMapData;
  /** The waybill's detail, or undefined when the user may not open it. */
  hrefOf: (waybillId: number) => string | undefined;
  navigate: (href: string) => void;
}

export default function TransitMap({ map, hrefOf, navigate }: TransitMapProps) {
  const points = useMemo<MapPoint[]>(() => map.data.map((w) => {
    const href = hrefOf(w.waybillId);
    return {
      id: `waybill-${w.waybillId}`,
      lngLat: [w.lon, w.lat],
      kind: 'point',
      label: `${w.vehicleNo ?? '未派车'} ${w.waybillNo}`,
      info: {
        title: w.waybillNo,
        rows: [
          ['车牌号', w.vehicleNo ?? '—'],
          ['司机', w.driverName ?? '—'],
          ['线路', `${w.startAreaName ?? '—'} → ${w.endAreaName ?? '—'}`],
          ['速度', w.speed === null ? '—' : `${w.speed} km/h`],
          ['定位时间', w.gpsTimeStr],
          ['状态', w.online ? '在线' : '离线'],
        ],
        ...(href ? { action: { label: '查看运单', onClick: () => navigate(href) } } : {}),
      },
    };
  }), [map, hrefOf, navigate]);
  return <MapView points={points} fitKey={map.data.map((w) => w.waybillId).join(',')} ariaLabel="在途运单位置" style={{ height: 420 }} />;
}
