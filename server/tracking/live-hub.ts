// The live position stream: every batch that ingest() stores is published here, after its
// transaction commits, to whoever listens for that corporation (the fleet map's event stream, the
// gateway benchmark). One code path: points from /track/ingest and from the JT/T 808 gateway both
// reach the hub through ingest(), never directly.
//
// With several instances on one PostgreSQL database, what a batch stored here publishes is also sent
// to the other instances by the database's relay (live-relay.ts), and what they send is published here
// to this instance's listeners only (docs/deploy.md "Live positions").
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
/** Per database: where its stored batches' positions go besides this process's listeners. */
const relays = new WeakMap<object, Listener>();

/** Sends the positions of the batches stored through `db` to `relay` too (live-relay.ts); the answer stops. */
export function relayLive(db: object, relay: Listener): () => void {
  relays.set(db, relay);
  return () => {
    if (relays.get(db) === relay) relays.delete(db);
  };
}

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

/**
 * Publishes the newest point of a stored batch. `via`: the database it was stored in, whose relay (if
 * any) tells the other instances. A listener that throws does not stop the others.
 */
export function publishLive(corpId: number, vehicleId: number, points: readonly TrackPoint[], storedAt = Date.now(), via?: object) {
  const set = listeners.get(corpId);
  const relay = via && relays.get(via);
  if ((!set && !relay) || points.length === 0) return;
  let newest = points[0];
  for (const p of points) if (p.gpsTime > newest.gpsTime) newest = p;
  const position: LivePosition = { corpId, vehicleId, point: newest, storedAt };
  if (set) deliver(set, position);
  relay?.(position);
}

/** A position another instance stored (live-relay.ts): to this instance's listeners only. */
export function publishRelayed(position: LivePosition) {
  const set = listeners.get(position.corpId);
  if (set) deliver(set, position);
}

function deliver(set: Set<Listener>, position: LivePosition) {
  for (const listener of [...set]) {
    try { listener(position); } catch { /* a broken listener must not fail the ingest that already committed */ }
  }
}

export const liveListenerCount = (corpId: number) => listeners.get(corpId)?.size ?? 0;
