// A fleet of simulated terminals: each connects, registers, authenticates and reports its vehicle's
// point (sim-drive.ts) every `rateS` seconds, the fleet's reports spread evenly over the interval.
// A terminal whose connection drops reconnects and authenticates again. Used by `npm run simulate`
// (scripts/simulate.ts); the benchmark drives SimTerminal itself for its own timing.
import { SimTerminal, type TerminalIdentity } from './terminal-client.ts';
import { simulatedPoint, type SimRoute } from './sim-drive.ts';

export interface SimVehicle {
  identity: TerminalIdentity;
  route: SimRoute;
}

export interface FleetCounts {
  connected: number;
  reports: number;
  acknowledged: number;
  failed: number;
  reconnects: number;
}

export function runFleet(vehicles: SimVehicle[], opts: { port: number; host?: string; rateS: number; log?: (l: string) => void }) {
  const counts: FleetCounts = { connected: 0, reports: 0, acknowledged: 0, failed: 0, reconnects: 0 };
  let stopped = false;
  const live = new Set<SimTerminal>();
  const log = opts.log ?? ((l: string) => console.log(l));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function drive(v: SimVehicle, offsetMs: number) {
    let code = '';
    let warned = false;
    await sleep(offsetMs);
    while (!stopped) {
      let term: SimTerminal | null = null;
      try {
        term = await SimTerminal.connect(opts.port, v.identity, opts.host);
        live.add(term);
        if (!code || (await term.authenticate(code)).result !== 0) {
          if (code) { term.destroy(); await term.closed; term = await SimTerminal.connect(opts.port, v.identity, opts.host); live.add(term); }
          const reg = await term.register();
          if (reg.result !== 0) throw new Error(`终端 ${v.identity.phone} 注册被拒绝（结果 ${reg.result}）`);
          code = reg.authCode;
          if ((await term.authenticate(code)).result !== 0) throw new Error(`终端 ${v.identity.phone} 鉴权失败`);
        }
        counts.connected++;
        try {
          while (!stopped) {
            const { point, alarm } = simulatedPoint(v.route, Date.now());
            counts.reports++;
            const a = await term.report(point, alarm);
            if (a.result === 0) counts.acknowledged++; else counts.failed++;
            await sleep(opts.rateS * 1000);
          }
        } finally {
          counts.connected--;
        }
      } catch (err) {
        if (!warned) log(`[simulate] ${(err as Error).message}，稍后重连`);
        warned = true;
        counts.reconnects++;
      } finally {
        if (term) { live.delete(term); term.destroy(); }
      }
      if (!stopped) await sleep(5000);
    }
  }

  const spread = (opts.rateS * 1000) / Math.max(vehicles.length, 1);
  const done = Promise.all(vehicles.map((v, i) => drive(v, i * spread)));
  return {
    counts,
    async stop() {
      stopped = true;
      for (const t of live) t.destroy();
      await done;
    },
  };
}
