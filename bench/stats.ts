// Small helpers shared by the benches: percentiles and a plain text table.

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
