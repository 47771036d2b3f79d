// `tsx scripts/serve-on-pg.ts`: the server on a throwaway PostgreSQL (scripts/pg-cluster.ts), for the
// browser journeys with E2E_DB=postgres (playwright.config.ts). The cluster starts empty, so the
// server migrates and seeds it as on any first start; it is removed when the server is stopped.
import { startCluster } from './pg-cluster.ts';

const cluster = startCluster();
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  cluster.stop();
};
process.on('exit', stop);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => process.exit(0));

process.env.DATABASE_URL = cluster.url();
await import('./serve.ts');
