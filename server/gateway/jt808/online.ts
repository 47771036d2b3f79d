// The terminals authenticated on this process's gateway, by vehicle: what a location query (0x8201)
// is sent through. In-process: behind a load balancer a terminal is connected to one instance, and a
// query reaching another is passed to it by query-relay.ts (docs/jt808.md "Several instances").
import type { LocationReport } from './messages.ts';

export interface OnlineTerminal {
  /** Sends 0x8201 and resolves with the terminal's 0x0201 report, or rejects after `timeoutMs`. */
  queryLocation(timeoutMs: number): Promise<LocationReport>;
  /** The report as a point, in the terminal's device profile. */
  describe(report: LocationReport): import('../../tracking/columns.ts').TrackPoint;
}

const online = new Map<number, OnlineTerminal>();

export const onlineTerminal = (vehicleId: number) => online.get(vehicleId);

export function setOnline(vehicleId: number, t: OnlineTerminal) {
  online.set(vehicleId, t);
}

/** Only the connection that is registered goes: a newer connection of the vehicle stays. */
export function setOffline(vehicleId: number, t: OnlineTerminal) {
  if (online.get(vehicleId) === t) online.delete(vehicleId);
}

export class QueryTimeout extends Error {}
