// Group commit for ingestion: callers that send many small batches at once (the JT/T 808 gateway,
// a report of one point per terminal every few seconds) hand them to a queue, and the queue stores
// what has gathered in ONE transaction (ingestMany) instead of one transaction each: the commit,
// the dearest part of a small batch, is paid once per flush. A flush starts when `maxPoints` points
// wait, or `maxDelayMs` after the first of them came to an idle queue; while a flush runs, the next
// batches gather and go in the flush that follows. A caller's promise settles only after the commit
// (resolved: the batch is stored; rejected: nothing of it is), so an answer of success to a terminal
// always means stored. The queue holds at most `maxPending` points: beyond that, submit() waits
// (back-pressure on the callers) rather than growing without bound.
import type { Conn } from '../resources/statements.ts';
import type { TrackPoint } from './columns.ts';
import { ingestMany, type IngestBatch, type IngestResult } from './ingest.ts';

export interface IngestQueueOptions {
  /** Flush when this many points wait (a batch is never split: a flush may hold more). */
  maxPoints?: number;
  /** Flush at most this long after the first batch reached an idle queue. */
  maxDelayMs?: number;
  /** Points the queue holds, waiting and being stored, before submit() waits for room. */
  maxPending?: number;
}

interface Entry extends IngestBatch {
  resolve(r: IngestResult): void;
  reject(e: Error): void;
}

export class IngestQueue {
  private readonly maxPoints: number;
  private readonly maxDelayMs: number;
  private readonly maxPending: number;
  private waiting: Entry[] = [];
  private waitingPoints = 0;
  /** Points in the queue: waiting plus the flush under way. */
  private held = 0;
  private flushing: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Submitters waiting for room, first come first in (so one vehicle's batches keep their order). */
  private blocked: { points: number; go: () => void }[] = [];

  constructor(private readonly conn: Conn, options: IngestQueueOptions = {}) {
    // Small flushes: a flush's batches are all answered at its commit, so a flush of thousands of
    // one-point reports (most of a second of work on a loaded machine) would hold the first of them
    // that long, while the commit itself is cheap: on SQLite the CPU per one-point report hardly moves
    // whether 1 or 400 share a commit (docs/jt808.md "Benchmark"); on PostgreSQL it is a round trip
    // and a WAL flush per flush.
    this.maxPoints = options.maxPoints ?? 256;
    this.maxDelayMs = options.maxDelayMs ?? 2;
    this.maxPending = options.maxPending ?? 100_000;
  }

  /** True while submit() would wait for room: a caller reading a socket may stop reading meanwhile. */
  get full(): boolean {
    return this.held >= this.maxPending || this.blocked.length > 0;
  }

  /** Stores the checked batch in a coming flush; settles after its commit. */
  async submit(corpId: number, vehicleId: number, points: readonly TrackPoint[]): Promise<IngestResult> {
    // The room is counted when given (here, or by admit() to a blocked submitter), never twice.
    if (this.full) await new Promise<void>((go) => this.blocked.push({ points: points.length, go }));
    else this.held += points.length;
    return new Promise<IngestResult>((resolve, reject) => {
      this.waiting.push({ corpId, vehicleId, points, resolve, reject });
      this.waitingPoints += points.length;
      this.schedule();
    });
  }

  /** Resolves when every batch submitted so far is settled. */
  async drain(): Promise<void> {
    while (this.flushing || this.waiting.length > 0 || this.blocked.length > 0) {
      if (!this.flushing) this.flush();
      await this.flushing;
    }
  }

  private schedule() {
    if (this.flushing) return; // the running flush starts the next one when it ends
    if (this.waitingPoints >= this.maxPoints) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs);
  }

  private flush() {
    if (this.timer) (clearTimeout(this.timer), (this.timer = null));
    if (this.flushing || this.waiting.length === 0) return;
    // Up to maxPoints, whole batches, in the order submitted.
    let take = 0, points = 0;
    while (take < this.waiting.length && (take === 0 || points + this.waiting[take].points.length <= this.maxPoints)) {
      points += this.waiting[take++].points.length;
    }
    const batch = this.waiting.splice(0, take);
    this.waitingPoints -= points;
    this.flushing = this.store(batch).finally(() => {
      this.held -= points;
      this.flushing = null;
      this.admit();
      // What gathered meanwhile has waited a whole flush already: it goes at once.
      if (this.waiting.length > 0) this.flush();
    });
  }

  private async store(batch: Entry[]) {
    try {
      const results = await ingestMany(this.conn, batch);
      batch.forEach((e, i) => {
        const r = results[i];
        if (r instanceof Error) e.reject(r);
        else e.resolve(r);
      });
    } catch (err) {
      // The transaction did not commit: nothing of any batch in it is stored.
      const error = err instanceof Error ? err : new Error(String(err));
      for (const e of batch) e.reject(error);
    }
  }

  /** Lets blocked submitters in, in order, while there is room. */
  private admit() {
    while (this.blocked.length > 0 && this.held < this.maxPending) {
      const next = this.blocked.shift()!;
      this.held += next.points;
      next.go();
    }
  }
}
