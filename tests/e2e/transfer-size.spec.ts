// Bytes on the wire, as Chromium counts them: from an empty browser through the login page to the first
// screen after login at most 500 KB, and the API answers compressed (br or gzip) when they are large.
// The first screen is the home dashboard: its charts' library (echarts, modular, about 160 KB) is part of
// it, its map (maplibre and tiles) loads only when scrolled to. Issue 13's target was 350 KB; this guard
// keeps the dashboard from growing further (docs/decisions.md "First screen with the home dashboard").
import { expect, test } from '@playwright/test';
import { login } from './support.ts';

const LIMIT = 500 * 1024;

interface Load {
  url: string;
  type: string;
  encoding: string;
  wire: number;
  raw: number;
}

test('login page through the first screen: at most 500 KB on the wire, API answers compressed', async ({ page }) => {
  // A fresh context per test: an empty cache, as a first visit.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const open = new Map<string, Load>();
  const done: Load[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    open.set(e.requestId, { url: e.response.url, type: e.type, encoding: headers['content-encoding'] ?? '', wire: 0, raw: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const load = open.get(e.requestId);
    if (load) load.raw += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const load = open.get(e.requestId);
    if (load) (load.wire = e.encodedDataLength), done.push(load);
  });

  await login(page, 'dispatcher');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/欢迎使用货运数字化平台/)).toBeVisible();

  const wire = done.reduce((n, l) => n + l.wire, 0);
  const raw = done.reduce((n, l) => n + l.raw, 0);
  test.info().annotations.push({ type: 'transfer', description: `${done.length} responses, ${(wire / 1024).toFixed(1)} KB on the wire, ${(raw / 1024).toFixed(1)} KB raw` });
  expect(wire, `${(wire / 1024).toFixed(1)} KB transferred`).toBeLessThanOrEqual(LIMIT);
  // Compression did the work: far less went over the wire than the pages and scripts weigh.
  expect(wire).toBeLessThan(raw * 0.5);

  // The page itself and its scripts came precompressed.
  const document = done.find((l) => l.type === 'Document');
  expect(document?.encoding).toMatch(/^(br|gzip)$/);
  const scripts = done.filter((l) => l.type === 'Script' && l.raw > 1024);
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s.encoding, s.url).toMatch(/^(br|gzip)$/);

  // The menu tree is several KB of JSON: it arrives compressed, and the console read it (the menu is drawn).
  const menu = done.find((l) => l.url.endsWith('/api/menu/menuTree'));
  expect(menu, 'the menu tree was loaded').toBeTruthy();
  expect(menu!.encoding).toMatch(/^(br|gzip)$/);
  expect(menu!.wire).toBeLessThan(menu!.raw);
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '订单运单' })).toBeVisible();
});
