// Part 2: the console's JavaScript. Builds the production bundle, starts the real server on a
// fresh database, logs in as dispatcher in Chromium and records every .js the first screen loads;
// then lists the lazy chunks it did not load and what /vehicle and /vehicle/add add.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { BenchError, table } from '../stats.ts';
import { startServer } from './app-server.ts';
import { ScriptRecorder, settle } from './script-recorder.ts';
import { WireRecorder, wireTable } from './wire-recorder.ts';

const ROOT = join(import.meta.dirname, '..', '..');
// HUOYUN_DIST: measure a console already built there (vite build --outDir …) and leave dist/ alone;
// the server child inherits it and serves that build.
const GIVEN_DIST = process.env.HUOYUN_DIST;
const DIST = GIVEN_DIST ?? join(ROOT, 'dist');
const CHECK_DIST = join(ROOT, '.bench', 'console-app-dist');
const TARGET_KB = 300;
/** From an empty browser through the login page to the first screen after login, every byte (issue 13). */
const WIRE_TARGET_KB = 350;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipOf = (file: string) => gzipSync(readFileSync(file)).length;

/** What identifies a build: index.html and the hashed asset names. */
function fingerprint(dir: string): string | undefined {
  if (!existsSync(join(dir, 'index.html')) || !existsSync(join(dir, 'assets'))) return undefined;
  return readFileSync(join(dir, 'index.html'), 'utf8') + '\n' + readdirSync(join(dir, 'assets')).sort().join('\n');
}

/**
 * The server always serves dist/. Build to a scratch folder first and only rewrite dist/ when it
 * differs, so a running server or test that reads dist/ is not disturbed for nothing.
 */
async function buildConsole(): Promise<void> {
  if (GIVEN_DIST) return void console.log(`console built in ${GIVEN_DIST} (HUOYUN_DIST): not rebuilt`);
  const configFile = join(ROOT, 'vite.config.ts');
  const t = performance.now();
  await build({ configFile, logLevel: 'warn', build: { outDir: CHECK_DIST, emptyOutDir: true } });
  const fresh = fingerprint(CHECK_DIST) === fingerprint(DIST);
  if (!fresh) await build({ configFile, logLevel: 'warn' });
  console.log(`vite build of the console: ${((performance.now() - t) / 1000).toFixed(1)} s; dist/ ${fresh ? 'was up to date' : 'was stale and has been rebuilt'}`);
}

async function login(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('用户名').fill('dispatcher');
  await page.getByLabel('密码').fill('Huoyun@2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/home$/, { timeout: 15_000 });
  const guide = page.getByRole('alertdialog', { name: '在线服务指引' });
  const shown = await guide.waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false);
  if (shown) {
    await guide.getByRole('button', { name: '知道了' }).click();
    await guide.waitFor({ state: 'hidden', timeout: 5000 });
  }
  console.log(`logged in as dispatcher; 在线服务指引 ${shown ? 'acknowledged with 知道了' : 'not shown'}`);
}

/** Client-side navigation, as a menu click does: the router listens to popstate. */
async function visit(page: Page, path: string): Promise<string> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => !document.body.innerText.includes('拼命加载中'), undefined, { timeout: 15_000 });
  await settle(page);
  // What the route shows, so a forbidden or empty page would be noticed in the output.
  return page.evaluate(() => {
    const h1 = document.querySelector('main h1, h1')?.textContent?.trim();
    const fields = document.querySelectorAll('main input, main textarea, main [role="combobox"]').length;
    const rows = document.querySelectorAll('[role="row"][aria-rowindex]').length;
    return `${h1 ? `heading ${h1}` : 'no h1'}, ${fields} inputs, ${rows} table rows`;
  });
}

function fileOf(url: string): string {
  return join(DIST, decodeURIComponent(new URL(url).pathname));
}

export async function bundleBench(browser: Browser): Promise<void> {
  console.log('\n## 2. Console JavaScript: first screen after login (dispatcher), lazy chunks\n');
  await buildConsole();
  const server = await startServer(ROOT);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    console.log(`server: node --import tsx scripts/serve.ts on ${server.origin}, fresh database ${server.db}`);
    const page = await context.newPage();
    const recorder = new ScriptRecorder(page);
    const wire = await WireRecorder.attach(page);
    await login(page, server.origin);
    await settle(page);
    const first = await recorder.take();
    const moved = wire.take();
    const wireTotal = moved.reduce((n, l) => n + l.wire, 0);
    console.log('\nbytes on the wire, empty browser, /login through /home settled (every request: page, scripts, styles, API, images):');
    console.log(table(wireTable(moved)));
    console.log(`on the wire: ${kb(wireTotal)} KB, raw ${kb(moved.reduce((n, l) => n + l.raw, 0))} KB (target <= ${WIRE_TARGET_KB} KB: ${wireTotal <= WIRE_TARGET_KB * 1024 ? 'met' : 'NOT met'})`);
    const plainApi = moved.filter((l) => (l.type === 'Fetch' || l.type === 'XHR') && !l.encoding && l.raw >= 1024);
    if (plainApi.length) console.log(`API answers of 1 KB or more sent plain: ${plainApi.map((l) => new URL(l.url).pathname).join(', ')}`);
    if (!page.url().endsWith('/home')) throw new BenchError(`expected /home after login, got ${page.url()}`);
    const rows = first.map((s) => ({ ...s, gzip: gzipOf(fileOf(s.url)) }));
    const total = rows.reduce((n, r) => n + r.gzip, 0);
    console.log(`\nfirst screen (/login through /home settled): ${rows.length} .js files`);
    console.log(table([
      ['file', 'transferred B (headers + body)', 'body B as sent', 'gzip B of the file'],
      ...rows.map((r) => [new URL(r.url).pathname, r.transferred, r.body, r.gzip]),
      ['total', rows.reduce((n, r) => n + r.transferred, 0), rows.reduce((n, r) => n + r.body, 0), total],
    ]));
    console.log(`\nfirst-screen JS gzip total: ${kb(total)} KB (target <= ${TARGET_KB} KB: ${total <= TARGET_KB * 1024 ? 'met' : 'NOT met'})`);

    const loaded = new Set(rows.map((r) => fileOf(r.url)));
    const lazy = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js') && !loaded.has(join(DIST, 'assets', f))).sort();
    console.log(`\nlazy chunks in dist/assets not loaded by the first screen: ${lazy.length}`);
    console.log(table([['file', 'gzip B'], ...lazy.map((f) => [`/assets/${f}`, gzipOf(join(DIST, 'assets', f))])]));

    for (const path of ['/vehicle', '/vehicle/add']) {
      const heading = await visit(page, path);
      const added = await recorder.take();
      const sum = added.reduce((n, s) => n + gzipOf(fileOf(s.url)), 0);
      const pathWire = wire.take();
      console.log(`\n${path} (${heading}) loads ${added.length} more .js, ${kb(sum)} KB gzip; ${pathWire.length} requests, ${kb(pathWire.reduce((n, l) => n + l.wire, 0))} KB on the wire (raw ${kb(pathWire.reduce((n, l) => n + l.raw, 0))} KB):`);
      for (const s of added) console.log(`  ${new URL(s.url).pathname}  ${gzipOf(fileOf(s.url))} B gzip`);
    }
  } finally {
    await context.close();
    await server.stop();
  }
}
