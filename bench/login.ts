// `npm run bench -- login`: what a burst of bad logins costs everyone else. A cheap API call
// (GET /api/user/getCurrentUser), arriving every 10 ms, is timed from its arrival in one process,
// three ways side by side:
//  - idle;
//  - while 16 bad logins run as the server runs them now (async scrypt, two at a time on the pool);
//  - while 16 hashes run as the server used to run them (scryptSync on the event loop, one per
//    login handler), the "before" peer.
// Figures are p50/p95 of the cheap call and the ratio to idle.
import { scryptSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/connection.ts';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { DEMO_PASSWORD, seedDemo } from '../scripts/seed-demo.ts';
import { ms, percentile, ratio, table } from './stats.ts';

const BURST = 16;
const ROUNDS = 6;
/** One cheap call every 10 ms: well under what the server answers, so an idle run queues nothing. */
const ARRIVAL_MS = 10;

export async function main() {
  const db = openDatabase(':memory:');
  const { app } = await createApp({ db, registry: holdRegistry(), filesDir: mkdtempSync(join(tmpdir(), 'bench-login-')) });
  await seedDemo(db, Date.now(), { transport: false, tracks: false });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const token = ((await (await post('/login', { userName: 'dispatcher', password: DEMO_PASSWORD })).json()) as { result: { token: string } }).result.token;
  const cheap = async () => (await app.request('/api/user/getCurrentUser', { headers: { token } })).arrayBuffer();
  /**
   * Cheap calls arriving every 10 ms, as clients would, whatever the server is doing; each one's time
   * runs from its arrival, so a call that arrives while the event loop is blocked counts the wait.
   */
  async function timeWhile(busy: Promise<unknown> | undefined, count = 200): Promise<number[]> {
    const calls: Promise<number>[] = [];
    let done = busy === undefined;
    busy?.then(() => (done = true));
    const start = performance.now();
    for (let i = 0; busy ? !done : calls.length < count; i++) {
      const arrival = start + i * ARRIVAL_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrival - performance.now())));
      // Not awaited: calls overlap as clients' would. A late timer means the loop was busy when the
      // call arrived, and that wait is part of its time.
      calls.push(cheap().then(() => performance.now() - arrival));
    }
    return Promise.all(calls);
  }
  let address = 0;
  // Each burst from fresh addresses and unknown names, so the throttle never short-cuts the hash.
  const nowBurst = () => Promise.all(Array.from({ length: BURST }, (_, i) => post('/login', { userName: `nobody${address}-${i}`, password: 'Wrong@2026' }, { 'x-forwarded-for': `10.9.${address >> 8}.${address++ & 255}` })));
  const beforeBurst = async () => {
    for (let i = 0; i < BURST; i++) {
      // One handler's turn: it read its body (a tick), then hashed on the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      scryptSync('Wrong@2026', 'salt', 64, { N: 16384, r: 8, p: 1 });
    }
  };

  const idle: number[] = [];
  const now: number[] = [];
  const before: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    idle.push(...(await timeWhile(undefined, 100)));
    now.push(...(await timeWhile(nowBurst())));
    before.push(...(await timeWhile(beforeBurst())));
  }
  const p50Idle = percentile(idle, 50);
  console.log(`cheap call (GET /api/user/getCurrentUser) while ${BURST} bad logins run, ${ROUNDS} rounds interleaved`);
  console.log(table([
    ['', 'calls', 'p50 ms', 'p95 ms', 'p50 vs idle'],
    ['idle', idle.length, ms(p50Idle), ms(percentile(idle, 95)), '1.0×'],
    ['now: async scrypt, 2 at once', now.length, ms(percentile(now, 50)), ms(percentile(now, 95)), `${ms(ratio(percentile(now, 50), p50Idle), 1)}×`],
    ['before: scryptSync per login', before.length, ms(percentile(before, 50)), ms(percentile(before, 95)), `${ms(ratio(percentile(before, 50), p50Idle), 1)}×`],
  ]));
  db.$client.close();
}
