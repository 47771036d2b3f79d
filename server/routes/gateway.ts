// POST /gateway/locationQuery {vehicleId}: asks a vehicle's JT/T 808 terminal where it is now
// (0x8201) and answers its reply (0x0201), for staff of the vehicle's corporation. Not among the
// spec's calls: the spec's platform had its own gateway. A terminal connected to another instance is
// asked through it (query-relay.ts). A terminal connected nowhere, or that does not answer in time, is
// a failure (code 0) saying so, never a stale position.
import type { Conn } from '../resources/statements.ts';
import { failure } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { staffOnly } from '../http/staff-only.ts';
import { NOT_FOUND } from '../resources/engine.ts';
import { formatTime } from '../resources/time.ts';
import { findVehicle } from '../tracking/target.ts';
import { onlineTerminal } from '../gateway/jt808/online.ts';
import { askHere, askOtherInstances } from '../gateway/jt808/query-relay.ts';
import { TRACK_READ } from './track.ts';
import { idOf } from './waybill-inputs.ts';

/** How long the terminal has to answer; terminals on a mobile network answer within seconds. */
export const LOCATION_QUERY_TIMEOUT_MS = 10_000;
export const TERMINAL_OFFLINE = '车辆终端不在线，无法查询实时位置';
export const TERMINAL_SILENT = '车辆终端未应答位置查询，请稍后重试';

const locationQueryInput = { type: 'object', additionalProperties: false, required: ['vehicleId'], properties: { vehicleId: idOf('车辆ID') } };

export function gatewayRoutes(conn: Conn, timeoutMs = LOCATION_QUERY_TIMEOUT_MS) {
  return [
    route<{ vehicleId: number }>({
      method: 'POST', path: '/gateway/locationQuery', access: { anyOf: TRACK_READ }, input: locationQueryInput,
      handler: async ({ user, body }) => {
        staffOnly(user);
        const vehicle = await findVehicle(conn, user, { id: body.vehicleId });
        if (!vehicle) throw failure(NOT_FOUND);
        const terminal = onlineTerminal(vehicle.id);
        const outcome = terminal ? await askHere(terminal, timeoutMs) : await askOtherInstances(conn, vehicle.id, timeoutMs);
        if ('offline' in outcome) throw failure(TERMINAL_OFFLINE);
        if ('silent' in outcome) throw failure(TERMINAL_SILENT);
        return { vehicleId: vehicle.id, vehicleNo: vehicle.vehicleNo, ...outcome.point, gpsTimeStr: formatTime(outcome.point.gpsTime) };
      },
    }),
  ];
}
