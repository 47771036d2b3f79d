// Group commit for ingestion: callers that send many small batches at once (the JT/T 808 gateway,
// a report of one point per terminal every few seconds) hand them to a queue, and the queue stores
// what has gathered in ONE transaction (ingestMany) instead of one transaction each: the commit,
// the dearest part of a small batch, is paid once per flush. A flush starts when `maxPoints` points
// wait, or `maxDelayMs` after the first of them came to an idle queue; while a flush runs, the next
// batches gather and go in the flush that follows. A flush also stops taking batches once it has run
// `maxFlushMs`: it commits what it has, so the first batches are answered without waiting for the
// last, and the rest go first in the next flush, after the event loop has had a turn (on SQLite a
// flush is one synchronous stretch: sockets are neither read nor answered meanwhile). A caller's promise settles only after the commit
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
  /** A flush takes no further batch once it has run this long (wall time; at least one batch is taken). */
  maxFlushMs?: number;
  /** Told of every flush once it has settled (the gateway bench's per-stage timings). */
  onFlush?: (flush: FlushTiming) => void;
}

/** One flush, timed with performance.now(). */
export interface FlushTiming {
  batches: number;
  points: number;
  /** When its first batch was submitted, when the flush began storing, when its callers were settled. */
  firstSubmitted: number;
  started: number;
  settled: number;
}

interface Entry extends IngestBatch {
  submitted: number;
  resolve(r: IngestResult): void;
  reject(e: Error): void;
}

export class IngestQueue {
  private readonly maxPoints: number;
  private readonly maxDelayMs: number;
  private readonly maxPending: number;
  private readonly maxFlushMs: number;
  private readonly onFlush?: (flush: FlushTiming) => void;
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
    // A batch waits for the flush under way, then its own: two budgets and its own batch (under
    // 50 ms at p99 with 8 ms, on a loaded machine: docs/jt808.md "Benchmark"). The commit a shorter
    // flush pays more often is cheap on SQLite (WAL, synchronous = NORMAL).
    this.maxFlushMs = options.maxFlushMs ?? 8;
    this.onFlush = options.onFlush;
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
      this.waiting.push({ corpId, vehicleId, points, submitted: performance.now(), resolve, reject });
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
    this.flushing = this.store(batch).then((settled) => {
      this.held -= settled;
      this.flushing = null;
      this.admit();
      // What gathered meanwhile has waited a whole flush already: it goes next, once the event loop
      // has read and answered the sockets (a timer or a full queue may start it first).
      if (this.waiting.length > 0) setImmediate(() => this.flush());
    });
  }

  /** Stores the flush's batches (or, past the budget, the first of them): answers the points settled. */
  private async store(batch: Entry[]): Promise<number> {
    const started = performance.now();
    let results: Awaited<ReturnType<typeof ingestMany>>;
    try {
      results = await ingestMany(this.conn, batch, { budgetMs: this.maxFlushMs });
    } catch (err) {
      // The transaction did not commit: nothing of any batch in it is stored.
      const error = err instanceof Error ? err : new Error(String(err));
      results = batch.map(() => error);
    }
    const done = batch.slice(0, results.length);
    const left = batch.slice(results.length);
    // Not taken within the budget: first in line again, in their order (one vehicle's batches keep theirs).
    this.waiting.unshift(...left);
    const leftPoints = left.reduce((n, e) => n + e.points.length, 0);
    this.waitingPoints += leftPoints;
    done.forEach((e, i) => {
      const r = results[i];
      if (r instanceof Error) e.reject(r);
      else e.resolve(r);
    });
    const settled = done.reduce((n, e) => n + e.points.length, 0);
    this.onFlush?.({ batches: done.length, points: settled, firstSubmitted: batch[0].submitted, started, settled: performance.now() });
    return settled;
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
