// The database a test runs on. By default a fresh in-memory SQLite (or the file asked for).
//
// Under `npm run test:pg` (scripts/test-pg.ts) HUOYUN_TEST_PG names the run's migrated template
// database, and every test app gets a fresh PostgreSQL database copied from a template: the migrated
// one, or one of the demo-seeded ones the script prepared at the start of the run (SEEDED_TEMPLATES).
// Copying is a file copy inside PostgreSQL; seeding the transport demo statement by statement over a
// socket takes minutes, so it is done once per run, not once per test app. The seeded copies carry
// the run's start as their "now", where an in-memory SQLite app is seeded at its own creation.
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { PostgresDatabase } from '../../server/db/postgres.ts';

const TEMPLATE_URL = process.env.HUOYUN_TEST_PG;

/** True when this run's tests use PostgreSQL. */
export const onPostgres = Boolean(TEMPLATE_URL);

/** The demo data a template may hold: the seedDemo options each is made with. */
export const SEEDED_TEMPLATES = {
  base: { transport: false, tracks: false },
  transport: { transport: true, tracks: false },
  tracks: { transport: true, tracks: true },
} as const;
export type Seeded = keyof typeof SEEDED_TEMPLATES;

export const seededTemplateName = (template: string, seeded: Seeded) => `${template}_${seeded}`;

export function databaseUrl(clusterUrl: string, name: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates database `name` as a copy of `template`, from the maintenance database (nobody may be connected to a template). */
export async function copyDatabase(clusterUrl: string, template: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl(clusterUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
}

let made = 0;
const STARTED = Date.now().toString(36);

/**
 * A fresh database: migrated, and on PostgreSQL already seeded when `seeded` is given (then `seeded`
 * is true in the answer, and the caller does not seed again).
 */
export async function openTestDatabase(file = ':memory:', seeded?: Seeded): Promise<Database> {
  return (await openSeededTestDatabase(file, seeded)).db;
}

export async function openSeededTestDatabase(file = ':memory:', seeded?: Seeded): Promise<{ db: Database; seeded: boolean }> {
  if (!TEMPLATE_URL) return { db: openDatabase(file), seeded: false };
  // Few connections per test app: a file may hold several apps, and the cluster allows 200 in all.
  return { db: PostgresDatabase.connect(await freshDatabaseUrl(seeded), 4), seeded: Boolean(seeded) };
}

/** PostgreSQL only: the URL of a fresh database copied from a template, for servers a test starts as processes. */
export async function freshDatabaseUrl(seeded?: Seeded): Promise<string> {
  if (!TEMPLATE_URL) throw new Error('freshDatabaseUrl: not a PostgreSQL run');
  const template = new URL(TEMPLATE_URL).pathname.slice(1);
  // The pid alone may come back in a long run (a later worker, the earlier one's databases kept): the start time too.
  const name = `t_${process.pid}_${STARTED}_${++made}`;
  await copyDatabase(TEMPLATE_URL, seeded ? seededTemplateName(template, seeded) : template, name);
  return databaseUrl(TEMPLATE_URL, name);
}
