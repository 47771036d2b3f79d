// POST /track/ingest: a terminal gateway hands over a batch of points for one vehicle (by its id or
// its terminal id). Not among the spec's calls (terminals report to a gateway the console never
// sees); access is the right to change the vehicle's data, so the gateway's service account holds
// vehicleUpdate3 (admins hold everything).
import type { Db } from '../db/connection.ts';
import { failure, invalid } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { checkPoints, ingest } from '../tracking/ingest.ts';
import { findVehicle } from '../tracking/target.ts';
import { ingestInput } from './track-inputs.ts';

export const TRACK_INGEST = ['vehicleUpdate3'];

export function trackIngestRoutes(db: Db) {
  const sqlite = db.$client;
  return [
    route<{ vehicleId?: number; dataTerminalId?: string; points: unknown[] }>({
      method: 'POST', path: '/track/ingest', access: { anyOf: TRACK_INGEST }, input: ingestInput,
      handler: ({ user, body }) => {
        if (body.vehicleId === undefined && body.dataTerminalId === undefined) throw invalid('终端号：请指定车辆ID或终端号', { field: 'dataTerminalId' });
        const points = checkPoints(body.points, Date.now());
        const v = findVehicle(sqlite, user, { id: body.vehicleId, dataTerminalId: body.vehicleId === undefined ? body.dataTerminalId : undefined });
        if (!v || (body.dataTerminalId !== undefined && v.dataterminalId !== body.dataTerminalId)) throw failure(NOT_FOUND);
        return ingest(sqlite, v.corpId, v.id, points);
      },
    }),
  ];
}
