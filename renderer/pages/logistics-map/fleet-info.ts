// The info window of a vehicle on the fleet map (POST /fleetMap/vehicleInfo): plate, waybill,
// speed, temperatures, place, time, and the way to its waybill's track playback. Plain DOM, as the
// map's popups are; the link navigates inside the console.
import { STATE_STYLE, type FleetVehicle } from './fleet-model.ts';

export type VehicleInfo = FleetVehicle & { placeName: string };

const TEMP = /^t(\d+)$/;

/** 温度1 4.2℃ · 温度2 -18.0℃; '-' when the vehicle collects none. */
export function temperaturesOf(sensors: Readonly<Record<string, number>>): string {
  const parts = Object.entries(sensors)
    .filter(([k]) => TEMP.test(k))
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(([k, v]) => `温度${k.slice(1)} ${v.toFixed(1)}℃`);
  return parts.length ? parts.join(' · ') : '-';
}

export function infoRows(v: VehicleInfo): [string, string][] {
  return [
    ['状态', STATE_STYLE[v.state].label],
    ['运单号', v.waybillNo ?? '无在途运单'],
    ['速度', `${v.speed} km/h`],
    ['温度', temperaturesOf(v.sensors)],
    ['位置', v.placeName || '-'],
    ['定位时间', v.gpsTimeStr || '-'],
  ];
}

/** The popup's content; the track playback link only for a vehicle on a waybill (playback is per waybill). */
export function infoNode(v: VehicleInfo, onPlayback: (waybillId: number) => void): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', v.vehicleNo);
  const title = document.createElement('strong');
  title.textContent = v.vehicleNo;
  root.appendChild(title);
  for (const [k, value] of infoRows(v)) {
    const row = document.createElement('div');
    row.textContent = `${k}：${value}`;
    root.appendChild(row);
  }
  if (v.waybillId !== null) {
    const waybillId = v.waybillId;
    const link = document.createElement('a');
    link.href = `/trackPlayback?id=${waybillId}`;
    link.textContent = '轨迹回放';
    link.addEventListener('click', (e) => {
      e.preventDefault();
      onPlayback(waybillId);
    });
    root.appendChild(link);
  }
  return root;
}
