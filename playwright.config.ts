// Browser journeys in Debian's Chromium against the real server on a fresh database.
// Playwright cannot download its own browser on these machines: CI installs Debian's chromium.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
/** E2E_DB=postgres runs the journeys against a throwaway PostgreSQL; otherwise it names the SQLite file. */
const ON_PG = process.env.E2E_DB === 'postgres';
const DB = ON_PG ? '' : (process.env.E2E_DB ?? `/tmp/huoyun-e2e-${process.pid}.db`);
/** Uploaded files, one folder per port: two journey runs at once must not share (or delete) each other's. */
const FILES = `/tmp/huoyun-e2e-files-${PORT}`;
/** Our basemap packed as a PMTiles archive: the journeys' server offers it as a second map source. */
const PMTILES = `/tmp/huoyun-e2e-${process.pid}.pmtiles`;
const MAP_SETTINGS = `HUOYUN_MAP_SOURCES=offline,pmtiles HUOYUN_MAP_PMTILES_FILE=${PMTILES}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // A fresh database per run: the server seeds it on first start.
    command: `${ON_PG ? '' : `rm -f ${DB} ${DB}-wal ${DB}-shm && `}rm -rf ${FILES} && node --import tsx scripts/build-pmtiles.ts --out ${PMTILES} --maxzoom 8 && ${MAP_SETTINGS} ${ON_PG ? '' : `HUOYUN_DB=${DB} `}HUOYUN_FILES=${FILES} PORT=${PORT} node --import tsx scripts/${ON_PG ? 'serve-on-pg.ts' : 'serve.ts'}`,
    url: `http://127.0.0.1:${PORT}/login`,
    // Seeding a fresh database takes well over a minute when the machine is busy; several on PostgreSQL.
    timeout: ON_PG ? 600_000 : 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
