// The alarm machinery as one object for callers outside the request path (the demo seeding
// replays stored tracks through the rules): read a track, raise its alarms, record an event.
import type { Sqlite } from '../resources/statements.ts';
import type { TrackColumns } from '../tracking/columns.ts';
import { readTrack } from '../tracking/store/store.ts';
import { raiseAlarms } from './raise.ts';
import { recordDriverEvent } from './driver-events.ts';

export function alarmEngine(sqlite: Sqlite) {
  return {
    track: (vehicleId: number, from: number, to: number) => readTrack(sqlite, vehicleId, from, to),
    raise: (vehicleId: number, track: unknown, waybillId: number, now: number, finished: boolean) =>
      void raiseAlarms(sqlite, vehicleId, track as TrackColumns, { waybillId, now, final: finished }),
    event: (vehicle: { id: number; corpId: number; carrierId: number | null }, e: { eventType: number; eventLevel: number; gpsTime: number; lon: number; lat: number; speed: number }, now: number) =>
      void recordDriverEvent(sqlite, vehicle, { vehicleId: vehicle.id, ...e }, now),
  };
}
