// The alarm machinery as one object for callers outside the request path (the demo seeding
// replays stored tracks through the rules): read a track, raise its alarms, record an event.
import type { Conn } from '../resources/statements.ts';
import type { TrackColumns } from '../tracking/columns.ts';
import { readTrack } from '../tracking/store/store.ts';
import { raiseAlarms } from './raise.ts';
import { recordDriverEvent } from './driver-events.ts';

export function alarmEngine(conn: Conn) {
  return {
    track: (vehicleId: number, from: number, to: number) => readTrack(conn, vehicleId, from, to),
    raise: async (vehicleId: number, track: unknown, waybillId: number, now: number, finished: boolean): Promise<void> => {
      // A replay of a past trip is history: its alarms notify nobody.
      await raiseAlarms(conn, vehicleId, track as TrackColumns, { waybillId, now, final: finished, notify: false });
    },
    event: async (vehicle: { id: number; corpId: number; carrierId: number | null }, e: { eventType: number; eventLevel: number; gpsTime: number; lon: number; lat: number; speed: number }, now: number): Promise<void> => {
      await recordDriverEvent(conn, vehicle, { vehicleId: vehicle.id, ...e }, now);
    },
  };
}
