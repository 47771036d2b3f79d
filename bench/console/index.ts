// The `console` bench: generic list renderer vs a hand-written TanStack page in Chromium, then the
// console's first-screen JavaScript after login. See bench/console/README.md.
import { cpus, loadavg, totalmem } from 'node:os';
import { chromium } from 'playwright-core';
import { bundleBench } from './bundle-bench.ts';
import { renderBench } from './render-bench.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export async function main(args: string[]): Promise<void> {
  const only = args.find((a) => a === '--render' || a === '--bundle');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const cpu = cpus();
    console.log('# console bench');
    console.log(`node ${process.version}, chromium ${browser.version()} (${CHROMIUM}, headless)`);
    console.log(`${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${process.platform} ${process.arch}`);
    // Timings are wall clock: other work on the machine shows up in them, so say how busy it was.
    const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`load average at start: ${load()}`);
    if (only !== '--bundle') await renderBench(browser);
    if (only !== '--render') await bundleBench(browser);
    console.log(`\nload average at end: ${load()}`);
  } finally {
    await browser.close();
  }
}
