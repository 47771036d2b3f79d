// Records the .js responses a page receives (URL, body and header bytes) and waits for the
// network to go quiet, so "what this screen loaded" is a closed list.
import type { Page, Response } from 'playwright-core';

export interface ScriptLoad {
  url: string;
  body: number;
  transferred: number;
}

const isJs = (url: string) => new URL(url).pathname.endsWith('.js');

export class ScriptRecorder {
  private pending: Promise<ScriptLoad>[] = [];
  private seen = new Set<string>();

  constructor(page: Page) {
    page.on('response', (res: Response) => {
      if (!isJs(res.url()) || this.seen.has(res.url())) return;
      this.seen.add(res.url());
      this.pending.push(
        res.request().sizes().then((s) => ({ url: res.url(), body: s.responseBodySize, transferred: s.responseBodySize + s.responseHeadersSize })),
      );
    });
  }

  /** The scripts loaded since the previous call, each URL once. */
  async take(): Promise<ScriptLoad[]> {
    const taken = this.pending;
    this.pending = [];
    return Promise.all(taken);
  }
}

/** Resolves once no request has been in flight for `quietMs` (at most `maxMs`). */
export async function settle(page: Page, quietMs = 700, maxMs = 15_000): Promise<void> {
  let inflight = 0;
  let last = Date.now();
  const up = () => {
    inflight++;
    last = Date.now();
  };
  const down = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  try {
    const start = Date.now();
    while (Date.now() - start < maxMs) {
      if (inflight === 0 && Date.now() - last >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    page.off('request', up);
    page.off('requestfinished', down);
    page.off('requestfailed', down);
  }
}
