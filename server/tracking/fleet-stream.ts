// The fleet map's live positions as Server-Sent Events: one listener on the live hub per browser,
// filtered on the server to the vehicles the user may see (fleet.ts), coalesced to the newest point
// per vehicle and written at most every FLUSH_MS. A browser that reads slowly holds no queue: while
// a write is still under way the pending map keeps only each vehicle's newest point, so a burst
// costs it one batch, not the burst. Comments every HEARTBEAT_MS keep proxies from closing an idle
// stream. Every REFRESH_MS the scope and the open alarms are read again, and a session that ended
// (sign-out, expiry, password change) ends the stream.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { SessionUser } from '../http/context.ts';
import type { Conn } from '../resources/statements.ts';
import { sensorsOf } from './last-position.ts';
import { subscribeLive, type LivePosition } from './live-hub.ts';
import { fleetScope, fleetState, type FleetState } from './fleet.ts';

export interface FleetStreamTiming {
  flushMs: number;
  heartbeatMs: number;
  refreshMs: number;
}

/** 4 batches a second: a moving marker looks live, and 10,000 vehicles cost the browser 4 updates a second, not 1,000. */
export const FLEET_STREAM_TIMING: FleetStreamTiming = { flushMs: 250, heartbeatMs: 15_000, refreshMs: 15_000 };

/** The browser reconnects after this long when the connection drops (EventSource's retry). */
const RETRY_MS = 3000;

/** One vehicle's move as the stream sends it. */
export interface FleetPosition {
  vehicleId: number;
  lon: number;
  lat: number;
  speed: number;
  direction: number;
  gpsTime: number;
  state: FleetState;
  sensors: Record<string, number>;
}

export const SESSION_ENDED = '登录已失效，请重新登录';

export function fleetStream(c: Context, conn: Conn, user: SessionUser, stillSignedIn: () => Promise<boolean>, timing = FLEET_STREAM_TIMING): Response {
  // nginx buffers proxied answers by default, which would hold the batches back: this answer says not to.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let scope = await fleetScope(conn, user);
    const pending = new Map<number, LivePosition>();
    let writing = false;
    const unsubscribe = subscribeLive(user.corpId, (p) => {
      if (scope.allowed && !scope.allowed.has(p.vehicleId)) return;
      pending.set(p.vehicleId, p);
    });
    const timers: NodeJS.Timeout[] = [];
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    stream.onAbort(() => finish());
    const positionOf = (p: LivePosition, now: number): FleetPosition => ({
      vehicleId: p.vehicleId, lon: p.point.lon, lat: p.point.lat, speed: p.point.speed, direction: p.point.direction, gpsTime: p.point.gpsTime,
      state: fleetState(p.point.gpsTime, p.point.speed, scope.alarming.has(p.vehicleId), now, scope.stopMaxKmh), sensors: sensorsOf(p.point),
    });
    // One write at a time: the heartbeat and the batches never interleave their lines.
    const write = async (text: () => string | null) => {
      if (writing || stream.aborted || stream.closed) return;
      const out = text();
      if (out === null) return;
      writing = true;
      try {
        await stream.write(out);
      } finally {
        writing = false;
      }
    };
    const flush = () => write(() => {
      if (pending.size === 0) return null;
      const now = Date.now();
      const batch = Array.from(pending.values(), (p) => positionOf(p, now));
      pending.clear();
      return `event: positions\ndata: ${JSON.stringify(batch)}\n\n`;
    });
    try {
      await stream.write(`retry: ${RETRY_MS}\n\n`);
      await stream.writeSSE({ event: 'ready', data: '{}' });
      timers.push(setInterval(() => void flush(), timing.flushMs));
      timers.push(setInterval(() => void write(() => ': 心跳\n\n'), timing.heartbeatMs));
      timers.push(setInterval(() => {
        void (async () => {
          if (!(await stillSignedIn())) {
            await stream.writeSSE({ event: 'end', data: JSON.stringify({ message: SESSION_ENDED }) });
            return finish();
          }
          scope = await fleetScope(conn, user);
        })().catch(() => finish());
      }, timing.refreshMs));
      await finished;
    } finally {
      timers.forEach((t) => clearInterval(t));
      unsubscribe();
    }
  });
}
