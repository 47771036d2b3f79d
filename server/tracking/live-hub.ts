// The live position stream: every batch that ingest() stores is published here, after its
// transaction commits, to whoever listens for that corporation (the fleet map's event stream, the
// gateway benchmark). One code path: points from /track/ingest and from the JT/T 808 gateway both
// reach the hub through ingest(), never directly.
//
// In-process only. With several instances behind a load balancer, a browser connected to one
// instance sees the points stored by that instance; docs/deployment.md says so.
import type { TrackPoint } from './columns.ts';

/** The newest point of one stored batch: what a map needs to move a marker. */
export interface LivePosition {
  corpId: number;
  vehicleId: number;
  point: TrackPoint;
  /** Epoch ms when the batch was stored (for the arrival-to-stream latency). */
  storedAt: number;
}

type Listener = (p: LivePosition) => void;
const listeners = new Map<number, Set<Listener>>();

/** Listens to one corporation's positions; the answer unsubscribes. */
export function subscribeLive(corpId: number, listener: Listener): () => void {
  let set = listeners.get(corpId);
  if (!set) listeners.set(corpId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(corpId) === set) listeners.delete(corpId);
  };
}

/** Publishes the newest point of a stored batch. A listener that throws does not stop the others. */
export function publishLive(corpId: number, vehicleId: number, points: readonly TrackPoint[], storedAt = Date.now()) {
  const set = listeners.get(corpId);
  if (!set || points.length === 0) return;
  let newest = points[0];
  for (const p of points) if (p.gpsTime > newest.gpsTime) newest = p;
  const position: LivePosition = { corpId, vehicleId, point: newest, storedAt };
  for (const listener of [...set]) {
    try { listener(position); } catch { /* a broken listener must not fail the ingest that already committed */ }
  }
}

export const liveListenerCount = (corpId: number) => listeners.get(corpId)?.size ?? 0;
