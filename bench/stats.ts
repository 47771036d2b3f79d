// Small helpers shared by the benches: percentiles, a plain text table, CPU time and a collection between sides.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Nearest-rank percentile (p in 0..100) of the samples; the array is not modified. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const ms = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
export const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);

/** Renders rows of cells as aligned columns; the first row is the header. Numbers right-aligned. */
export function table(rows: (string | number)[][], indent = '  '): string {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    indent + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), indent + widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** A failed precondition of a bench (wrong results, server not answering): shown without a stack. */
export class BenchError extends Error {}

/**
 * The main thread's time on a CPU so far, in ms: what a side of a comparison cost while other
 * processes share the cores (wall time then mostly measures the wait for a core). Linux's per-thread
 * schedstat (nanoseconds; the garbage collector's helper threads not counted); elsewhere the process's
 * CPU time, all threads.
 */
export function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

let gc: (() => void) | null = null;
/**
 * A full garbage collection now, so that the side timed next does not pay for the garbage the step
 * before it left (a million events' arrays made the readings' first side pay for their marking).
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  // The collector sweeps on helper threads after it returns; a side that allocates while they still
  // sweep waits for them, off its own CPU. A pause lets them finish, so the wall time is the side's own.
  Atomics.wait(SETTLE, 0, 0, 50);
}

const SETTLE = new Int32Array(new SharedArrayBuffer(4));
