// How a simulated vehicle moves: back and forth along its route (the fences of its waybill, in
// order) at a steady speed, stopping a few minutes at each fence with door 1 open, the cold machine
// on for cold vans, temperature near 4 ℃ with a spell above the range now and then, and a stretch
// over the speed limit (with the standard's overspeed alarm bit) once per leg. Pure: the same route
// and time always give the same point, so the simulator, the benchmark and tests agree.
import { ACC_BIT, COLD_MACHINE_BIT, doorBit, type TrackPoint } from '../../tracking/columns.ts';
import { Alarm } from './location.ts';

export interface SimRoute {
  /** WGS-84 [lon, lat] of the fences in order; at least two. */
  stops: [number, number][];
  cold: boolean;
  /** Where along the route the vehicle starts (0-1), so a fleet does not move in step. */
  phase: number;
}

export const CRUISE_KMH = 60;
export const STOP_MS = 5 * 60_000;
const LEG_OVERSPEED = [0.4, 0.45] as const;

interface Leg { from: [number, number]; to: [number, number]; km: number; driveMs: number }

/** Kilometres per degree of longitude and latitude near `lat`: ample for legs of a few hundred km. */
const kmPerDegree = (lat: number) => [111.32 * Math.cos((lat * Math.PI) / 180), 110.57] as const;
const distanceKm = (a: [number, number], b: [number, number]) => {
  const [kx, ky] = kmPerDegree((a[1] + b[1]) / 2);
  return Math.hypot((b[0] - a[0]) * kx, (b[1] - a[1]) * ky);
};
const bearing = (a: [number, number], b: [number, number]) => {
  const [kx, ky] = kmPerDegree((a[1] + b[1]) / 2);
  return (Math.atan2((b[0] - a[0]) * kx, (b[1] - a[1]) * ky) * 180) / Math.PI;
};

function legsOf(route: SimRoute): Leg[] {
  const there = route.stops.slice(1).map((to, i) => ({ from: route.stops[i], to }));
  const back = there.slice().reverse().map(({ from, to }) => ({ from: to, to: from }));
  return [...there, ...back].map(({ from, to }) => {
    const km = Math.max(distanceKm(from, to), 0.1);
    return { from, to, km, driveMs: (km / CRUISE_KMH) * 3600_000 };
  });
}

/** One round trip: every leg there and back with its stop. */
export const cycleMs = (route: SimRoute) => legsOf(route).reduce((s, l) => s + STOP_MS + l.driveMs, 0);

/** The vehicle's point at `now`, and the terminal alarm bits it would set. */
export function simulatedPoint(route: SimRoute, now: number): { point: TrackPoint; alarm: number } {
  const legs = legsOf(route);
  const cycle = cycleMs(route);
  let at = (now + route.phase * cycle) % cycle;
  let odometer = Math.floor((now + route.phase * cycle) / cycle) * legs.reduce((s, l) => s + l.km, 0);
  const sensors = (minute: number) => {
    if (!route.cold) return {};
    // Most of the time 3.5-5.5 ℃; for six minutes an hour the cargo warms to about 11 ℃.
    const warm = minute % 60 >= 30 && minute % 60 < 36;
    return { t1: +(warm ? 11 + (minute % 3) / 10 : 4.5 + Math.sin(minute / 7)).toFixed(1) };
  };
  const minute = Math.floor(now / 60_000);
  const cold = route.cold ? COLD_MACHINE_BIT : 0;
  for (const leg of legs) {
    if (at < STOP_MS) {
      const open = at > 60_000 && at < 3 * 60_000 ? doorBit(1) : 0;
      return { point: { lon: leg.from[0], lat: leg.from[1], gpsTime: now, speed: 0, direction: 0, odometer: +odometer.toFixed(1), status: cold | open, ...sensors(minute) }, alarm: 0 };
    }
    at -= STOP_MS;
    if (at < leg.driveMs) {
      const f = at / leg.driveMs;
      const lon = leg.from[0] + f * (leg.to[0] - leg.from[0]);
      const lat = leg.from[1] + f * (leg.to[1] - leg.from[1]);
      const fast = f >= LEG_OVERSPEED[0] && f < LEG_OVERSPEED[1];
      const speed = fast ? 108 : CRUISE_KMH;
      const direction = Math.round((bearing(leg.from, leg.to) + 360) % 360) % 360;
      return {
        point: { lon: +lon.toFixed(6), lat: +lat.toFixed(6), gpsTime: now, speed, direction, odometer: +(odometer + f * leg.km).toFixed(1), status: cold | ACC_BIT, ...sensors(minute) },
        alarm: fast ? Alarm.OVERSPEED : 0,
      };
    }
    at -= leg.driveMs;
    odometer += leg.km;
  }
  const last = legs[legs.length - 1].to;
  return { point: { lon: last[0], lat: last[1], gpsTime: now, speed: 0, direction: 0, odometer: +odometer.toFixed(1), status: cold }, alarm: 0 };
}
