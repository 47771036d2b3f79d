// The periodic job runner: every `intervalMs` it runs the registered sweeps, one after the other.
// Several instances sharing one database may all run it: each sweep claims its work in exclusive
// transactions and leaves a mark (marks.ts) in the same transaction as the act, so an act is done
// once. The timer does not hold the process open; tests call `runOnce(now)` with the moment they want.
import type { Database } from '../db/port.ts';

export interface Sweep {
  name: string;
  /** Does what is due at `now`; answers how many acts it did. */
  run(conn: Database, now: number): Promise<number>;
}

/** Seconds between two sweeps unless HUOYUN_JOBS_INTERVAL says otherwise. */
export const DEFAULT_INTERVAL_MS = 60_000;

export function intervalFrom(env: NodeJS.ProcessEnv): number {
  const s = Number(env.HUOYUN_JOBS_INTERVAL);
  return Number.isFinite(s) && s >= 1 ? s * 1000 : DEFAULT_INTERVAL_MS;
}

export class JobRunner {
  private busy = false;

  constructor(private readonly conn: Database, private readonly sweeps: readonly Sweep[], private readonly intervalMs = DEFAULT_INTERVAL_MS) {}

  /** Runs every sweep once at `now`; a failing sweep is logged and does not stop the others. */
  async runOnce(now = Date.now()): Promise<Record<string, number>> {
    const done: Record<string, number> = {};
    for (const s of this.sweeps) {
      if (this.conn.closed) break;
      try {
        done[s.name] = await s.run(this.conn, now);
      } catch (e) {
        if (this.conn.closed) break;
        console.error(`jobs: ${s.name}:`, e);
      }
    }
    return done;
  }

  /** Sweeps every interval (never two of this instance's at once); answers the stop. */
  watch(): () => void {
    const stop = () => clearInterval(timer);
    const timer = setInterval(() => {
      if (this.conn.closed) return stop();
      if (this.busy) return;
      this.busy = true;
      void this.runOnce().finally(() => { this.busy = false; });
    }, this.intervalMs);
    timer.unref();
    return stop;
  }
}
