// Counts what a page moves over the network, as Chromium's DevTools counts it: for each response the
// bytes on the wire (Network.loadingFinished encodedDataLength: headers and the body as sent, compressed
// or not) beside the raw body (the sum of Network.dataReceived dataLength: the body after decoding).
import type { CDPSession, Page } from 'playwright-core';

export interface WireLoad {
  url: string;
  /** DevTools' resource type: Document, Script, Stylesheet, Fetch, XHR, Image, Font, … */
  type: string;
  /** Content-Encoding of the answer ('' when sent plain). */
  encoding: string;
  wire: number;
  raw: number;
}

export class WireRecorder {
  private readonly open = new Map<string, WireLoad>();
  private done: WireLoad[] = [];

  private constructor(readonly cdp: CDPSession) {
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      this.open.set(e.requestId, { url: e.response.url, type: e.type, encoding: headers['content-encoding'] ?? '', wire: 0, raw: 0 });
    });
    cdp.on('Network.dataReceived', (e) => {
      const load = this.open.get(e.requestId);
      if (load) load.raw += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const load = this.open.get(e.requestId);
      if (!load) return;
      this.open.delete(e.requestId);
      load.wire = e.encodedDataLength;
      this.done.push(load);
    });
  }

  static async attach(page: Page): Promise<WireRecorder> {
    const cdp = await page.context().newCDPSession(page);
    // A fresh browser context starts with an empty cache: what a first visit moves is counted, and a
    // file the login page already fetched is, as in a real browser, not fetched again.
    await cdp.send('Network.enable');
    return new WireRecorder(cdp);
  }

  /** The responses finished since the previous call. */
  take(): WireLoad[] {
    const taken = this.done;
    this.done = [];
    return taken;
  }
}

/** Totals by resource type, and the whole, as table rows: type, requests, on the wire, raw, share. */
export function wireTable(loads: WireLoad[]): (string | number)[][] {
  const byType = new Map<string, { n: number; wire: number; raw: number; encoded: number }>();
  for (const l of loads) {
    const t = byType.get(l.type) ?? { n: 0, wire: 0, raw: 0, encoded: 0 };
    t.n++;
    t.wire += l.wire;
    t.raw += l.raw;
    if (l.encoding) t.encoded++;
    byType.set(l.type, t);
  }
  const wire = loads.reduce((n, l) => n + l.wire, 0);
  const raw = loads.reduce((n, l) => n + l.raw, 0);
  const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(0)}%` : '-');
  return [
    ['resource type', 'requests', 'compressed (br/gzip)', 'on the wire B', 'raw B', 'wire/raw'],
    ...[...byType].sort((a, b) => b[1].wire - a[1].wire).map(([type, t]) => [type, t.n, t.encoded, t.wire, t.raw, pct(t.wire, t.raw)]),
    ['total', loads.length, loads.filter((l) => l.encoding).length, wire, raw, pct(wire, raw)],
  ];
}
