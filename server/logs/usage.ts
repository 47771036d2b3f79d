// The interface usage log (接口调用日志): calls per corporation, user, endpoint and Asia/Shanghai day.
// Every API call by a signed-in user is counted, the hot list routes included, so counting is an
// increment in a Map; every few seconds (and at close) the counts are added to interface_usage by
// one multi-row upsert, so the counts of several instances over one database add up
// (docs/decisions.md "Interface usage log").
import type { Database } from '../db/port.ts';

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The Asia/Shanghai calendar day of an epoch-ms time, 'YYYY-MM-DD' (China keeps no daylight saving). */
export const shanghaiDay = (ms: number): string => new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

interface Count {
  corpId: number;
  userId: number;
  day: string;
  path: string;
  calls: number;
}

/**
 * Rows per statement: a flush of n rows is cut into statements of these sizes, so the engines see
 * four statement texts (each prepared or translated once), not one per row count.
 */
const CHUNKS = [256, 64, 8, 1];
/** While the database refuses the counts, they are kept for the next flush, up to this many keys. */
const MAX_KEPT = 100_000;

const upsertOf = (rows: number) =>
  `INSERT INTO interface_usage (corp_id, day, user_id, path, calls) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ')}
   ON CONFLICT (corp_id, day, user_id, path) DO UPDATE SET calls = interface_usage.calls + excluded.calls`;
const UPSERTS = new Map(CHUNKS.map((n) => [n, upsertOf(n)]));

export class UsageCounter {
  private counts = new Map<string, Count>();
  /** The day of the last counted call, and the Shanghai midnights around it. */
  private day = '';
  private dayStart = 0;
  private dayEnd = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  private dayOf(now: number): string {
    if (now >= this.dayEnd || now < this.dayStart) {
      this.dayStart = Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
      this.dayEnd = this.dayStart + DAY_MS;
      this.day = shanghaiDay(now);
    }
    return this.day;
  }

  /** One call: an increment in memory. */
  count(corpId: number, userId: number, path: string, now: number): void {
    const day = this.dayOf(now);
    const key = `${corpId}|${userId}|${day}|${path}`;
    const hit = this.counts.get(key);
    if (hit) hit.calls++;
    else this.counts.set(key, { corpId, userId, day, path, calls: 1 });
  }

  /** Calls counted and not yet written (tests, and the flush itself). */
  get pending(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c.calls;
    return n;
  }

  /** Adds the counts so far to the table. Flushes run one after another; each takes what was counted before it began. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0 || this.db.closed) return;
    const taken = this.counts;
    this.counts = new Map();
    // One order on every instance, so two instances adding to the same rows at once take the rows'
    // locks in the same order (PostgreSQL) and never wait on each other in a circle.
    const rows = [...taken.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
    let done = 0;
    try {
      while (done < rows.length) {
        const size = CHUNKS.find((n) => n <= rows.length - done)!;
        const chunk = rows.slice(done, done + size);
        await this.db.run(UPSERTS.get(size)!, chunk.flatMap((c) => [c.corpId, c.day, c.userId, c.path, c.calls]));
        done += size;
      }
    } catch (err) {
      // What was not written is counted again next time (what was, is not).
      this.keep(rows.slice(done));
      if (!this.db.closed) console.error('[logs] 接口调用次数写入失败', err);
    }
  }

  private keep(rows: Count[]) {
    for (const c of rows) {
      const key = `${c.corpId}|${c.userId}|${c.day}|${c.path}`;
      const hit = this.counts.get(key);
      if (hit) hit.calls += c.calls;
      else if (this.counts.size < MAX_KEPT) this.counts.set(key, c);
    }
  }
}
