// Part 1: the generic list renderer against a hand-written TanStack page, in Chromium. Both pages
// are built for production, served from 127.0.0.1, and opened alternately in fresh contexts.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession } from 'playwright-core';
import { build } from 'vite';
import { BenchError, ms } from '../stats.ts';
import { report } from './render-report.ts';
import { ROW_COUNT, expectedTexts } from './bench-data.ts';
import { READ_AFTER_RENDER, READ_FIRST_RENDER, firstRenderProbe, scrollProbe, type AfterRender, type FirstRender, type ScrollResult } from './probes.ts';
import { serveStatic } from './static-server.ts';
import { BENCH_DIST } from './vite.config.ts';

const RUNS = 7;
const SCROLL_STEPS = 40;
const VIEWPORT = { width: 1440, height: 900 };
/** How long the page is left alone after its first full render, before the scroll. */
export const SETTLE_MS = 1000;
export type Kind = 'generic' | 'hand';
/** Main-thread time from CDP Performance.getMetrics (ms). */
export interface Work {
  task: number;
  script: number;
  layout: number;
  style: number;
}
export interface Sample {
  first: FirstRender;
  firstWork: Work;
  after: AfterRender;
  afterWork: Work;
  scroll: ScrollResult;
  scrollWork: Work;
}

async function work(cdp: CDPSession): Promise<Work> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = (name: string) => (metrics.find((x) => x.name === name)?.value ?? NaN) * 1000;
  return { task: m('TaskDuration'), script: m('ScriptDuration'), layout: m('LayoutDuration'), style: m('RecalcStyleDuration') };
}
const minus = (a: Work, b: Work): Work => ({ task: a.task - b.task, script: a.script - b.script, layout: a.layout - b.layout, style: a.style - b.style });

/** The entry's own JS (HTML's scripts and module preloads), gzip sizes from the built files. */
function entryJs(kind: Kind): { raw: number; gzip: number } {
  const html = readFileSync(join(BENCH_DIST, `${kind}.html`), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => join(BENCH_DIST, m[1]));
  const raw = files.reduce((s, f) => s + statSync(f).size, 0);
  const gzip = files.reduce((s, f) => s + gzipSync(readFileSync(f)).length, 0);
  return { raw, gzip };
}

/** The in-page loops wait on animation frames; if the browser stopped producing them, fail instead of hanging. */
function withTimeout<T>(work: Promise<T>, limitMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BenchError(`${what} did not finish within ${limitMs / 1000} s`)), limitMs);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Headless Chromium stopped producing frames for the page: the run is repeated in a new context. */
class StallError extends Error {}
const MAX_TRIES = 3;

async function runOnce(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Thread time, not wall time: the main thread's own CPU, so other load on the machine does
    // not inflate it (the in-page timings are wall time, what a user waits).
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.addInitScript({ content: firstRenderProbe({ ariaRowIndex: 21, expected: expectedTexts(19) }) });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction('window.__firstFrame !== undefined', undefined, { timeout: 20_000, polling: 50 }).catch(async (err) => {
      // Rendered but no frame after it: the same stall as below; never rendered: a real failure.
      if (await page.evaluate('window.__firstFull !== undefined')) throw new StallError('no animation frame after the first render');
      throw new BenchError(`${url}: row 20 never showed its texts (${String(err).split('\n')[0]})`);
    });
    const firstWork = await work(cdp);
    const first = (await withTimeout(page.evaluate(READ_FIRST_RENDER), 10_000, `${url}: read`)) as FirstRender;
    // Leave the page alone (late effects, re-renders) before the scroll, as a user reads first.
    await page.waitForTimeout(SETTLE_MS);
    const before = await work(cdp);
    const after = (await page.evaluate(READ_AFTER_RENDER)) as AfterRender;
    const afterWork = minus(before, firstWork);
    const probe = scrollProbe({ ariaRowIndex: ROW_COUNT + 1, expected: expectedTexts(ROW_COUNT - 1), steps: SCROLL_STEPS, timeoutMs: 10_000 });
    const scroll = (await withTimeout(page.evaluate(probe), 60_000, `${url}: scroll`)) as ScrollResult;
    if (scroll.stalled) throw new StallError('animation frames stopped during the scroll');
    if (!scroll.done) throw new BenchError(`${url}: row ${ROW_COUNT} never showed its texts after scrolling to the bottom`);
    const scrollWork = minus(await work(cdp), before);
    return { first, firstWork, after, afterWork, scroll, scrollWork };
  } finally {
    await context.close();
  }
}

let stalls = 0;
async function measure(browser: Browser, url: string): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(browser, url);
    } catch (err) {
      if (!(err instanceof StallError) || attempt >= MAX_TRIES) throw err;
      stalls++;
      console.log(`  (${new URL(url).pathname}: ${err.message}; Chromium headless stall, run repeated in a new context)`);
    }
  }
}

export async function renderBench(browser: Browser): Promise<void> {
  console.log('\n## 1. Generic list page vs hand-written TanStack page (Chromium, 1000 rows x 30 columns)\n');
  let t = performance.now();
  await build({ configFile: join(import.meta.dirname, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`built bench pages to .bench/console-dist in ${ms(performance.now() - t, 0)} ms`);
  for (const kind of ['generic', 'hand'] as const) {
    const js = entryJs(kind);
    console.log(`  ${kind.padEnd(8)} page JS: ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip`);
  }
  const server = await serveStatic(BENCH_DIST);
  try {
    // Warm-up of each (not counted); the generic table's height is given to the hand-written one
    // so both virtualize the same number of rows.
    const warm = await measure(browser, `${server.origin}/generic.html`);
    const height = warm.first.tableHeight;
    const urls: Record<Kind, string> = { generic: `${server.origin}/generic.html`, hand: `${server.origin}/hand.html?h=${height}` };
    await measure(browser, urls.hand);
    console.log(`viewport ${VIEWPORT.width}x${VIEWPORT.height}, table scroll box ${height} px high; ${RUNS} alternating runs each, fresh context per run`);

    const samples: Record<Kind, Sample[]> = { generic: [], hand: [] };
    t = performance.now();
    for (let i = 0; i < RUNS; i++) {
      const order: Kind[] = i % 2 === 0 ? ['generic', 'hand'] : ['hand', 'generic'];
      for (const kind of order) samples[kind].push(await measure(browser, urls[kind]));
    }
    console.log(`measured in ${ms((performance.now() - t) / 1000, 1)} s; runs repeated after a Chromium frame stall: ${stalls}\n`);
    report(samples, SCROLL_STEPS);
  } finally {
    await server.close();
  }
}
