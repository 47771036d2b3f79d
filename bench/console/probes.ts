// Scripts the bench injects into the pages. They are strings, not functions: tsx compiles this
// repo with keepNames, whose `__name` helper does not exist inside the browser.

/** Both tables mark rows with role="row" + aria-rowindex (header is 1) and cells with role="cell". */
const ROW_COMPLETE = `
  const rowComplete = (ariaRowIndex, expected) => {
    const row = document.querySelector('[role="row"][aria-rowindex="' + ariaRowIndex + '"]');
    if (!row) return false;
    const texts = new Set(Array.from(row.querySelectorAll('[role="cell"]'), (c) => c.textContent));
    return expected.every((t) => texts.has(t));
  };`;

export interface ProbeArg {
  ariaRowIndex: number;
  expected: string[];
}

/**
 * Installed before the page's own scripts. Records long tasks; every React commit (through the
 * DevTools hook, which production React also calls); and the performance.now() (ms since
 * navigation start) of the first DOM mutation batch after which the given row shows all its
 * expected cell texts, plus the next animation frame after it.
 */
export function firstRenderProbe(arg: ProbeArg): string {
  return `(() => {
    ${ROW_COMPLETE}
    const arg = ${JSON.stringify(arg)};
    window.__longtasks = [];
    window.__commits = [];
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true, renderers: new Map(), checkDCE() {}, inject() { return 1; },
      onCommitFiberRoot() { window.__commits.push(performance.now()); }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    };
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    } catch {}
    const observer = new MutationObserver(() => {
      const now = performance.now();
      if (window.__firstCommit === undefined && document.getElementById('root')?.childElementCount) window.__firstCommit = now;
      if (window.__rowShown === undefined && document.querySelector('[role="row"][aria-rowindex="' + arg.ariaRowIndex + '"]')) window.__rowShown = now;
      if (window.__firstFull !== undefined || !rowComplete(arg.ariaRowIndex, arg.expected)) return;
      window.__firstFull = now;
      observer.disconnect();
      requestAnimationFrame(() => { window.__firstFrame = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })()`;
}

export interface FirstRender {
  /** Last .js response end; DOMContentLoaded end (module scripts have run); first DOM content in #root. */
  scripts: number;
  dcl: number;
  firstCommit: number;
  /** The row exists (any text); the row is complete (the metric); the frame after that. */
  rowShown: number;
  dom: number;
  frame: number;
  commits: number;
  longTaskMs: number;
  rowsInDom: number;
  tableHeight: number;
}

export const READ_FIRST_RENDER = `(() => {
  const lt = window.__longtasks.filter(([start]) => start < window.__firstFull);
  const js = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'));
  return {
    scripts: Math.max(0, ...js.map((e) => e.responseEnd)),
    dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    firstCommit: window.__firstCommit,
    rowShown: window.__rowShown,
    dom: window.__firstFull,
    frame: window.__firstFrame,
    commits: window.__commits.filter((t) => t <= window.__firstFull).length,
    longTaskMs: lt.reduce((s, [, d]) => s + d, 0),
    rowsInDom: document.querySelectorAll('[role="row"][aria-rowindex]').length,
    tableHeight: document.querySelector('[role="table"]').clientHeight,
  };
})()`;

/** What happened after the first full render, read once the page has been left alone a while. */
export interface AfterRender {
  commits: number;
  lastLongTaskEnd: number;
}

export const READ_AFTER_RENDER = `(() => ({
  commits: window.__commits.filter((t) => t > window.__firstFull).length,
  lastLongTaskEnd: Math.max(window.__firstFull, ...window.__longtasks.map(([s, d]) => s + d)),
}))()`;

export interface ScrollResult {
  /** The browser stopped producing animation frames for this page (the run is repeated). */
  stalled?: boolean;
  done: boolean;
  totalMs: number;
  frames: number[];
  commits: number;
  longTaskMs: number;
}

/**
 * Scrolls the table's scroll container to the bottom in equal steps, two animation frames after
 * each, then waits (at most timeoutMs) until the last row shows its texts. A separate rAF loop
 * records every frame's delta meanwhile.
 */
export function scrollProbe(arg: ProbeArg & { steps: number; timeoutMs: number }): string {
  return `(async () => {
    ${ROW_COMPLETE}
    const arg = ${JSON.stringify(arg)};
    const box = document.querySelector('[role="table"]');
    // Headless Chromium sometimes stops producing frames for a page; report that instead of hanging.
    const raf = () => new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('stalled')), 3000);
      requestAnimationFrame((t) => { clearTimeout(timer); resolve(t); });
    });
    const frames = [];
    let running = true, prev;
    const loop = (t) => { if (prev !== undefined) frames.push(t - prev); prev = t; if (running) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
    try { await raf(); } catch { running = false; return { stalled: true }; }
    const ltBefore = window.__longtasks.length;
    const commitsBefore = window.__commits.length;
    const t0 = performance.now();
    const max = box.scrollHeight - box.clientHeight;
    let done = false;
    try {
      for (let i = 1; i <= arg.steps; i++) {
        box.scrollTop = Math.round((max * i) / arg.steps);
        await raf();
        await raf();
      }
      done = rowComplete(arg.ariaRowIndex, arg.expected);
      while (!done && performance.now() - t0 < arg.timeoutMs) { await raf(); done = rowComplete(arg.ariaRowIndex, arg.expected); }
    } catch {
      running = false;
      return { stalled: true };
    }
    const totalMs = performance.now() - t0;
    running = false;
    const commits = window.__commits.length - commitsBefore;
    // Long-task entries are delivered a little after the task.
    await new Promise((r) => setTimeout(r, 50));
    const longTaskMs = window.__longtasks.slice(ltBefore).reduce((s, [, d]) => s + d, 0);
    return { done, totalMs, frames, commits, longTaskMs };
  })()`;
}
