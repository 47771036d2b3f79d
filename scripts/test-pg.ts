// npm run test:pg [-- vitest arguments]: the vitest suites of tests/ on PostgreSQL. Starts a throwaway cluster
// (scripts/pg-cluster.ts), migrates one template database and seeds the demo templates from it, runs
// vitest with HUOYUN_TEST_PG naming the template (tests/support/test-db.ts copies a template for every
// test app), and removes the cluster afterwards.
import { spawnSync } from 'node:child_process';
import { migrateLocked } from '../server/db/connection.ts';
import { PostgresDatabase } from '../server/db/postgres.ts';
import { copyDatabase, databaseUrl, SEEDED_TEMPLATES, seededTemplateName, type Seeded } from '../tests/support/test-db.ts';
import { startCluster } from './pg-cluster.ts';
import { seedDemo } from './seed-demo.ts';

const TEMPLATE = 'huoyun_template';

const cluster = startCluster();
let status = 1;
try {
  const clusterUrl = cluster.url();
  await copyDatabase(clusterUrl, 'template0', TEMPLATE);
  const template = PostgresDatabase.connect(databaseUrl(clusterUrl, TEMPLATE), 1);
  await migrateLocked(template);
  await template.close();

  const started = Date.now();
  const now = Date.now();
  await Promise.all(
    (Object.keys(SEEDED_TEMPLATES) as Seeded[]).map(async (seeded) => {
      const name = seededTemplateName(TEMPLATE, seeded);
      await copyDatabase(clusterUrl, TEMPLATE, name);
      const db = PostgresDatabase.connect(databaseUrl(clusterUrl, name), 2);
      try {
        await seedDemo(db, now, { ...SEEDED_TEMPLATES[seeded], filesDir: null });
      } finally {
        await db.close();
      }
    }),
  );
  console.log(`PostgreSQL 测试模板已就绪 (${((Date.now() - started) / 1000).toFixed(0)} s)`);

  // Without arguments, the suites under tests/: the console's component tests (renderer/) and the
  // pure modules' tests beside their code never reach a database, and npm test runs them already.
  const args = process.argv.slice(2);
  // Two test files at a time: on PostgreSQL a file spends much of its time waiting on the server, so a
  // second worker uses the cores the first leaves idle (vitest's default on two cores is one worker).
  const result = spawnSync('npx', ['vitest', 'run', '--maxWorkers=2', ...(args.length ? args : ['tests/'])], {
    stdio: 'inherit',
    env: { ...process.env, HUOYUN_TEST_PG: databaseUrl(clusterUrl, TEMPLATE) },
  });
  status = result.status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);
