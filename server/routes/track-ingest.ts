// POST /track/ingest: a terminal gateway hands over a batch of points for one vehicle (by its id or
// its terminal id). Not among the spec's calls (terminals report to a gateway the console never
// sees). Terminals are not users: the call needs a terminal credential of the vehicle's
// corporation (domain/terminals), which no console role or session carries; a carrier that could
// edit its vehicles could otherwise rewrite their tracks, speeds and alarms.
import type { Conn } from '../resources/statements.ts';
import { failure, invalid } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { terminalAccess, terminalOf } from '../http/terminal-access.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { checkPoints, ingest } from '../tracking/ingest.ts';
import { findCorpVehicle } from '../tracking/target.ts';
import { ingestInput } from './track-inputs.ts';

export function trackIngestRoutes(conn: Conn) {
  return [
    route<{ vehicleId?: number; dataTerminalId?: string; points: unknown[] }>({
      method: 'POST', path: '/track/ingest', access: terminalAccess(conn), input: ingestInput,
      handler: async (call) => {
        const { body } = call;
        const { corpId } = terminalOf(call);
        if (body.vehicleId === undefined && body.dataTerminalId === undefined) throw invalid('终端号：请指定车辆ID或终端号', { field: 'dataTerminalId' });
        const points = checkPoints(body.points, Date.now());
        const v = await findCorpVehicle(conn, corpId, { id: body.vehicleId, dataTerminalId: body.vehicleId === undefined ? body.dataTerminalId : undefined });
        if (!v || (body.dataTerminalId !== undefined && v.dataterminalId !== body.dataTerminalId)) throw failure(NOT_FOUND);
        return ingest(conn, v.corpId, v.id, points);
      },
    }),
  ];
}
