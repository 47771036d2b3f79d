// Prints part 1: p50 of each metric for both pages, the ratio, and the target on the three
// headline metrics; the indented rows explain where the time goes.
import { ms, percentile, ratio, table } from '../stats.ts';
import { ROW_COUNT } from './bench-data.ts';
import { SETTLE_MS, type Kind, type Sample } from './render-bench.ts';

const TARGET = 1.15;
type Row = [name: string, pick: (s: Sample) => number, targeted: boolean];

const rowsOf = (steps: number): Row[] => [
  ['(a) first full render: row 20 complete, ms', (s) => s.first.dom, true],
  ['    last .js downloaded, ms', (s) => s.first.scripts, false],
  ['    DOMContentLoaded (modules ran), ms', (s) => s.first.dcl, false],
  ['    first React commit, ms', (s) => s.first.firstCommit, false],
  ['    row 20 in DOM (any text), ms', (s) => s.first.rowShown, false],
  ['    next frame after (a), ms', (s) => s.first.frame, false],
  ['    main thread busy until then, ms', (s) => s.firstWork.task, false],
  ['      of it script, ms', (s) => s.firstWork.script, false],
  ['      of it style + layout, ms', (s) => s.firstWork.style + s.firstWork.layout, false],
  ['    long tasks before (a), ms', (s) => s.first.longTaskMs, false],
  ['    React commits until (a)', (s) => s.first.commits, false],
  ['    rows in DOM at (a)', (s) => s.first.rowsInDom, false],
  [`    React commits in the ${SETTLE_MS} ms after (a)`, (s) => s.after.commits, false],
  [`    main thread busy in the ${SETTLE_MS} ms after (a), ms`, (s) => s.afterWork.task, false],
  ['    last long task ends (page quiet), ms', (s) => s.after.lastLongTaskEnd, false],
  [`(b) scroll to row ${ROW_COUNT} (${steps} steps), ms`, (s) => s.scroll.totalMs, true],
  ['(b) scroll p95 frame time, ms', (s) => percentile(s.scroll.frames, 95), true],
  ['    frames during scroll', (s) => s.scroll.frames.length, false],
  ['    React commits during scroll', (s) => s.scroll.commits, false],
  ['    max frame time, ms', (s) => Math.max(...s.scroll.frames), false],
  ['    main thread busy in scroll, ms', (s) => s.scrollWork.task, false],
  ['      of it script, ms', (s) => s.scrollWork.script, false],
  ['      of it style + layout, ms', (s) => s.scrollWork.style + s.scrollWork.layout, false],
  ['    long tasks during scroll, ms', (s) => s.scroll.longTaskMs, false],
];

export function report(samples: Record<Kind, Sample[]>, steps: number) {
  const runs = samples.generic.length;
  const p50 = (kind: Kind, pick: (s: Sample) => number) => percentile(samples[kind].map(pick), 50);
  const lines: (string | number)[][] = [[`p50 of ${runs} runs`, 'generic', 'hand-written', 'ratio', 'target']];
  const verdicts: boolean[] = [];
  for (const [name, pick, targeted] of rowsOf(steps)) {
    const g = p50('generic', pick);
    const h = p50('hand', pick);
    const r = ratio(g, h);
    if (targeted) verdicts.push(r <= TARGET);
    lines.push([name, ms(g, 1), ms(h, 1), `${ms(r)}x`, targeted ? `<= ${TARGET} ${r <= TARGET ? 'ok' : 'MISSED'}` : '']);
  }
  console.log(table(lines));
  console.log('\nper run, generic | hand-written: (a) ms / (b) total ms / (b) p95 frame ms');
  const f = (s: Sample) => `${ms(s.first.dom, 0)} / ${ms(s.scroll.totalMs, 0)} / ${ms(percentile(s.scroll.frames, 95), 1)}`;
  for (let i = 0; i < samples.generic.length; i++) console.log(`  run ${i + 1}: ${f(samples.generic[i]).padEnd(20)} | ${f(samples.hand[i])}`);
  const met = verdicts.filter(Boolean).length;
  console.log(`\ntarget ratio generic/hand-written <= ${TARGET}: ${met === verdicts.length ? 'met' : 'NOT met'} (${met} of ${verdicts.length} headline metrics)`);
}
