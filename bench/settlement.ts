// npm run bench -- settlement: a month of 1,000,000 completed waybills priced against 200 contracts with
// 5,000 rate rules (批量估算, bill/priceWaybills) and billed to every carrier (bill/createBills), through
// the real endpoints (app.request) as the finance user. Side by side: one SQL aggregation of the same
// per-carrier totals, which must equal the bills' totals to the fen; a sample of waybills priced again one
// by one through the table-backed sources, which must equal what the batch stored; and the detail of a
// bill of about 10,000 lines (bill/getBillDetail: its first page of lines and the count, p50 vs 100 ms).
// The data: a copy of the waybill-list bench database (bench-db.ts) in .bench/settlement.db, every waybill
// of corporation 1 completed in October 2026 and spread over 100 carriers; contracts and rules generated
// from the areas the waybills actually run between: 100 承运商合同 and 100 客户合同 (the 200 of the target,
// 5,000 rules), and for each carrier a 材料合同 of 25 rules as well, which prices the payables of the
// raw-material waybills (so 300 contracts and 7,500 rules in all). --pg: the same copy in a throwaway PostgreSQL.
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { holdRegistry } from '../server/registry/holder.ts';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/connection.ts';
import type { Database } from '../server/db/port.ts';
import { DEMO_PASSWORD } from '../scripts/seed-demo.ts';
import { COMPLETED_IN_PERIOD, periodBounds } from '../server/domain/settlement/completion.ts';
import { contractRuleSource, oilPriceTable } from '../server/domain/settlement/contract-sources.ts';
import { estimateWaybill } from '../server/domain/settlement/pricing/estimate.ts';
import { DETAIL_LINES } from '../server/domain/settlement/bills/reads.ts';
import { BENCH_DIR, openWaybillBenchDb, WAYBILL_BENCH_DB } from './bench-db.ts';
import { startBenchPg, type BenchPg } from './pg-bench.ts';
import { copySqliteToPg } from './pg-copy.ts';
import { BenchError, ms, percentile, table } from './stats.ts';

const FILE = join(BENCH_DIR, 'settlement.db');
const FROM = '2026-10-01';
/** The 60 s target is the whole month's: a shorter run (--days) prints its figures without a verdict. */
const MONTH_END = '2026-10-31';
const CARRIERS = 100;
const CUSTOMER_CONTRACTS = 100;
const RULES_PER_CONTRACT = 25;
const TARGET_SECONDS = 60;
const DETAIL_TARGET_MS = 100;
const SAMPLE = 2000;
const DAY = 86_400_000;

const secs = (since: number) => (performance.now() - since) / 1000;
/** This process's CPU seconds since `since` (on a shared machine the wall clock mostly measures the neighbours). */
const cpuSecs = (since: NodeJS.CpuUsage) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1e6; };
type Raw = ReturnType<typeof openDatabase>['$client'];

export async function main(args: string[]) {
  const daysAt = args.indexOf('--days');
  const days = daysAt < 0 ? 31 : Number(args[daysAt + 1]);
  if (!Number.isInteger(days) || days < 1 || days > 31) throw new BenchError('--days takes a whole number of days from 1 to 31');
  const unknown = args.filter((a, i) => !['--pg', '--rebuild', '--days'].includes(a) && !(daysAt >= 0 && i === daysAt + 1));
  if (unknown.length) throw new BenchError(`unknown option(s): ${unknown.join(' ')} (known: --pg, --rebuild, --days N)`);
  const onPg = args.includes('--pg');
  // --days N: only the first N days of the month are priced and billed (a quicker run to profile; the targets are the month's).
  const to = `2026-10-${String(days).padStart(2, '0')}`;
  console.log(`== settlement: price and bill a month of 1,000,000 waybills (200 contracts and 5,000 rules, and 100 材料合同 with 2,500 more), on ${onPg ? 'PostgreSQL' : 'SQLite'} ==`);
  console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const sqlite = await prepare(args.includes('--rebuild'));
  let pgBench: BenchPg | undefined;
  try {
    let db: Database = sqlite;
    if (onPg) {
      pgBench = await startBenchPg();
      const copy = await copySqliteToPg(sqlite, pgBench);
      console.log(`PostgreSQL data built in ${copy.seconds.toFixed(1)} s`);
      sqlite.$client.close();
      db = pgBench.db;
    }
    await run(db, to);
  } finally {
    await pgBench?.stop();
  }
}

/** The file exists and its shaping finished (the last contract is written in the same transaction as the rest). */
function shaped() {
  if (!existsSync(FILE)) return false;
  const db = openDatabase(FILE);
  try {
    return (db.$client.prepare("SELECT count(*) AS n FROM contracts WHERE contract_no LIKE 'BENCH-HT-%'").get() as { n: number }).n > 0;
  } finally {
    db.$client.close();
  }
}

/** .bench/settlement.db: the waybill-list database, every waybill completed in the month, 100 carriers, contracts and rules; fees and bills cleared. */
async function prepare(rebuild: boolean) {
  if (rebuild || !shaped()) {
    const source = await openWaybillBenchDb({});
    source.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    source.db.$client.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(FILE + suffix, { force: true });
    copyFileSync(WAYBILL_BENCH_DB, FILE);
    const started = performance.now();
    const db = openDatabase(FILE);
    db.$client.pragma('cache_size = -524288');
    db.$client.transaction(() => shape(db.$client))();
    db.$client.exec('ANALYZE');
    console.log(`  ${FILE} shaped in ${secs(started).toFixed(1)} s`);
    db.$client.close();
  }
  const db = openDatabase(FILE);
  // A file shaped before the carriers had 材料合同 gets them (the raw-material waybills' payables).
  if (!hasMaterialContracts(db.$client)) db.$client.transaction(() => addMaterialContracts(db.$client, Date.now()))();
  // Every run starts unpriced and unbilled.
  db.$client.exec("DELETE FROM bill_lines; DELETE FROM bills; DELETE FROM waybill_fees; DELETE FROM waybill_fee_estimates; DELETE FROM record_history WHERE resource IN ('waybillFee', 'bill')");
  return db;
}

function shape(raw: Raw) {
  const now = Date.now();
  const [monthStart] = periodBounds(FROM, FROM);
  const carriers = raw.prepare('SELECT * FROM carriers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id').all() as Record<string, unknown>[];
  const addCarrier = raw.prepare('INSERT INTO carriers (corp_id, carrier_code, carrier_name, status, is_deleted, version, created_at, updated_at) VALUES (1, ?, ?, ?, 0, 1, ?, ?)');
  for (let i = carriers.length; i < CARRIERS; i++) addCarrier.run(`BENCH-C${i}`, `测试承运商${i}`, carriers[0].status, now, now);
  const carrierIds = (raw.prepare('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT ?').all(CARRIERS) as { id: number }[]).map((c) => c.id);
  // Every waybill completed once in the month, left the unloading place on a day of it; carriers in turn.
  raw.exec(`CREATE TEMP TABLE bench_carriers (k INTEGER PRIMARY KEY, id INTEGER)`);
  const put = raw.prepare('INSERT INTO bench_carriers (k, id) VALUES (?, ?)');
  carrierIds.forEach((id, k) => put.run(k, id));
  const vehicle = (raw.prepare('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1').get() as { id: number }).id;
  raw.prepare(`UPDATE waybills SET status = 500, step = 13, sign_status = 1211, vehicle_id = coalesce(vehicle_id, ?),
      carrier_id = (SELECT id FROM bench_carriers WHERE k = waybills.id % ${CARRIERS}) WHERE corp_id = 1`).run(vehicle);
  raw.prepare(`UPDATE waybill_nodes SET actual_leave_time = ? + (waybill_id * 7919 % (30 * ${DAY})) + 1000
      WHERE node_type = 'end' AND waybill_id IN (SELECT id FROM waybills WHERE corp_id = 1)`).run(monthStart);
  // 200 contracts: one per carrier, one for each of 100 customers; 25 rules each over the lines the waybills run.
  const customers = (raw.prepare('SELECT customer_id AS id FROM orders WHERE corp_id = 1 GROUP BY customer_id ORDER BY count(*) DESC LIMIT ?').all(CUSTOMER_CONTRACTS) as { id: number }[]).map((c) => c.id);
  const parties = [...carrierIds.map((id) => ({ type: 2, carrierId: id, customerId: null })), ...customers.map((id) => ({ type: 1, carrierId: null, customerId: id }))];
  addContracts(raw, parties, 0, now);
  addMaterialContracts(raw, now);
  const addOil = raw.prepare('INSERT INTO oil_prices (corp_id, region, oil_type, price, effective_date, is_deleted, version, created_at, updated_at) VALUES (1, ?, 0, ?, ?, 0, 1, ?, ?) ON CONFLICT DO NOTHING');
  for (const province of new Set(placesOf(raw).places.map((p) => p.province))) {
    for (let m = 0; m < 12; m++) addOil.run(province, 720 + m * 5, Date.UTC(2026, m, 1) - 8 * 3600_000, now, now);
  }
}

/** The 12 commonest start and end places of the waybills: the lines the generated rules price. */
function placesOf(raw: Raw) {
  const places = raw.prepare(`SELECT a.province, a.city FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.node_type = 'start'
      GROUP BY a.province, a.city ORDER BY count(*) DESC LIMIT 12`).all() as { province: string; city: string }[];
  const ends = raw.prepare(`SELECT a.province, a.city FROM waybill_nodes n JOIN areas a ON a.id = n.area_id WHERE n.node_type = 'end'
      GROUP BY a.province, a.city ORDER BY count(*) DESC LIMIT 12`).all() as { province: string; city: string }[];
  return { places, ends };
}

const hasMaterialContracts = (raw: Raw) =>
  (raw.prepare("SELECT count(*) AS n FROM contracts WHERE contract_no LIKE 'BENCH-HT-%' AND contract_type = 3").get() as { n: number }).n > 0;

/**
 * A 材料合同 (type 3) for each carrier, with rules made as its 承运商合同's are: the raw-material waybills'
 * payables are priced by it (pricing/match.ts contractTypeFor), so every waybill is priced on its payable side.
 */
function addMaterialContracts(raw: Raw, now: number) {
  const carriers = raw.prepare("SELECT carrier_id AS id FROM contracts WHERE contract_no LIKE 'BENCH-HT-%' AND contract_type = 2 ORDER BY id").all() as { id: number }[];
  const first = (raw.prepare("SELECT count(*) AS n FROM contracts WHERE contract_no LIKE 'BENCH-HT-%'").get() as { n: number }).n;
  addContracts(raw, carriers.map((c) => ({ type: 3, carrierId: c.id, customerId: null })), first, now);
}

/** The contracts of the parties, numbered from `first`, 25 rules each over the lines the waybills run. */
function addContracts(raw: Raw, parties: { type: number; carrierId: number | null; customerId: number | null }[], first: number, now: number) {
  const { places, ends } = placesOf(raw);
  const addContract = raw.prepare(`INSERT INTO contracts (corp_id, contract_no, contract_name, contract_type, customer_id, carrier_id, valid_from, valid_until, is_deleted, version, created_at, updated_at)
      VALUES (1, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?)`);
  const addRule = raw.prepare(`INSERT INTO contract_rate_rules (corp_id, contract_id, rule_name, origin_province, origin_city, dest_province, dest_city, business_type,
      temperature_class, pricing_method, unit_price, tier_basis, tiers, min_charge, fee_items, fuel_linked, fuel_base_price, fuel_coefficient, customer_id, carrier_id,
      is_deleted, version, created_at, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?)`);
  const from = Date.UTC(2020, 0, 1);
  const until = Date.UTC(2030, 11, 31);
  parties.forEach((p, k) => {
    // A carrier's 材料合同 takes the rules of its 承运商合同 (the k-th carrier's contract is the k-th).
    const n = p.type === 3 ? k : first + k;
    const id = Number(addContract.run(`BENCH-HT-${first + k}`, `测试${p.type === 3 ? '材料' : ''}合同${first + k}`, p.type, p.customerId, p.carrierId, from, until, now, now).lastInsertRowid);
    for (let r = 0; r < RULES_PER_CONTRACT; r++) {
      const o = places[(n + r) % places.length];
      const d = ends[(n * 7 + r) % ends.length];
      const base = 100_000 + ((n * 37 + r * 11) % 100) * 1000;
      const rule = ruleOf(r, o, d, base);
      addRule.run(id, `规则${r}`, rule.op, rule.oc, rule.dp, rule.dc, rule.bt, rule.tc, rule.method, rule.price, rule.basis, rule.tiers, rule.min, rule.fees,
        rule.fuel, rule.fuel ? 700 : null, rule.fuel ? 0.3 : null, p.customerId, p.carrierId, now, now);
    }
  });
}

/** The n-th rule of a contract: a catch-all by trip, lines by ton with progressive tiers, city lines by km fuel-linked, business types by piece, cold loads by distance band. */
function ruleOf(r: number, o: { province: string; city: string }, d: { province: string; city: string }, base: number) {
  const none = { op: null, oc: null, dp: null, dc: null, bt: null, tc: null, basis: null, tiers: null, min: null, fees: null, fuel: 0 };
  if (r === 0) return { ...none, method: 4, price: base };
  if (r <= 8) {
    return { ...none, op: o.province, dp: d.province, method: 1, price: null, basis: 2, min: base / 2,
      tiers: JSON.stringify([{ scopeType: 1, high: 10, unitPrice: 9000 + r * 100 }, { scopeType: 2, low: 10, high: 30, unitPrice: 8000 }, { scopeType: 3, low: 30, unitPrice: 7000 }]) };
  }
  if (r <= 14) return { ...none, op: o.province, oc: o.city, dp: d.province, dc: d.city, method: 5, price: 450 + r * 10, fuel: 1 };
  if (r <= 19) return { ...none, bt: [0, 1, 5, 9, 14][r - 15], method: 3, price: 250 + r, fees: JSON.stringify([{ feeItemId: 1, amount: 8000 }]) };
  return { ...none, op: o.province, tc: 3, method: 4, price: null, basis: 3,
    tiers: JSON.stringify([{ scopeType: 1, high: 100, unitPrice: base - 20_000 }, { scopeType: 2, low: 100, high: 500, unitPrice: base }, { scopeType: 3, low: 500, unitPrice: base + 80_000 }]) };
}

async function run(db: Database, to: string) {
  const count = async (sql: string, ...p: unknown[]) => Number((await db.one<{ n: number }>(sql, p))!.n);
  const [start, end] = periodBounds(FROM, to);
  const monthWaybills = await count(`SELECT count(*) AS n FROM waybills w WHERE w.corp_id = 1 AND w.is_deleted = 0 AND ${COMPLETED_IN_PERIOD}`, start, end);
  console.log(`waybills completed ${FROM}..${to}: ${monthWaybills.toLocaleString('en')}; contracts ${await count('SELECT count(*) AS n FROM contracts WHERE corp_id = 1')}, rate rules ${(await count('SELECT count(*) AS n FROM contract_rate_rules WHERE corp_id = 1')).toLocaleString('en')}, carriers ${await count('SELECT count(DISTINCT carrier_id) AS n FROM waybills WHERE corp_id = 1')}`);

  const platform = await createApp({ db, registry: holdRegistry(), filesDir: join(BENCH_DIR, 'files') });
  const login = await platform.app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'finance', password: DEMO_PASSWORD }) });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await platform.app.request(`/api${path}`, { method, headers: { token, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = JSON.parse(await res.text()) as { code: number; message: string; result: any };
    if (json.code !== 1) throw new BenchError(`${path}: ${json.message}`);
    return json.result;
  };

  const priceStarted = performance.now();
  const priceCpu = process.cpuUsage();
  const priced = await call('POST', '/bill/priceWaybills', { from: FROM, to });
  const priceSeconds = secs(priceStarted);
  const priceCpuSeconds = cpuSecs(priceCpu);
  console.log(`priced: ${priced.waybills.toLocaleString('en')} waybills, ${priced.changed.toLocaleString('en')} fees written; not priced: ${priced.failures.map((f: any) => `${f.side === 2 ? '应付' : '应收'} ${f.message} ×${f.count}`).join('; ') || 'none'}`);

  const carriers = (await db.all<{ id: number }>('SELECT DISTINCT party_id AS id FROM waybill_fees WHERE corp_id = 1 AND side = 2 ORDER BY party_id')).map((c) => c.id);
  const billStarted = performance.now();
  const billCpu = process.cpuUsage();
  const bills: { id: number; partyId: number; total: number; waybillCount: number }[] = [];
  for (const partyId of carriers) bills.push({ ...(await call('POST', '/bill/createBills', { side: 2, partyId, from: FROM, to })), partyId });
  const billSeconds = secs(billStarted);
  const billCpuSeconds = cpuSecs(billCpu);

  // The check: the same per-carrier totals in one SQL aggregation over the fees of the month's waybills.
  const sqlStarted = performance.now();
  const sums = await db.all<{ partyId: number; total: number; n: number }>(
    `SELECT f.party_id AS "partyId", sum(f.amount) AS total, count(*) AS n FROM waybill_fees f JOIN waybills w ON w.id = f.waybill_id
      WHERE f.corp_id = 1 AND f.side = 2 AND f.is_deleted = 0 AND w.is_deleted = 0 AND ${COMPLETED_IN_PERIOD} GROUP BY f.party_id ORDER BY f.party_id`, [start, end]);
  const sqlSeconds = secs(sqlStarted);
  const byParty = new Map(sums.map((s) => [Number(s.partyId), s]));
  const mismatched = bills.filter((b) => Number(byParty.get(b.partyId)?.total) !== b.total || Number(byParty.get(b.partyId)?.n) !== b.waybillCount);
  const billed = bills.reduce((s, b) => s + b.total, 0);

  // A sample priced again one waybill at a time through the tables: the batch must have stored the same.
  const sources = { rules: contractRuleSource(db), oilPrices: oilPriceTable(db) };
  const sample = await db.all<{ waybillId: number; amount: number }>(
    `SELECT waybill_id AS "waybillId", amount FROM waybill_fees WHERE corp_id = 1 AND side = 2 ORDER BY (waybill_id * 2654435761) % 1000003 LIMIT ${SAMPLE}`);
  let samePrice = 0;
  for (const s of sample) {
    const e = await estimateWaybill(db, 1, s.waybillId, 'carrier', sources);
    if (e.ok && e.total === Number(s.amount)) samePrice++;
  }

  // Opening the bill nearest 10,000 lines.
  const big = bills.reduce((a, b) => (Math.abs(b.waybillCount - 10_000) < Math.abs(a.waybillCount - 10_000) ? b : a));
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const at = performance.now();
    const detail = await call('GET', `/bill/getBillDetail?id=${big.id}`);
    times.push(performance.now() - at);
    // The detail shows the first page of lines and counts them all (reads.ts DETAIL_LINES); the export holds every line.
    if (i === 0 && (detail.lineCount !== big.waybillCount || detail.lines.length !== Math.min(big.waybillCount, DETAIL_LINES))) {
      throw new BenchError(`bill ${big.id}: ${detail.lines.length} of ${detail.lineCount} lines, expected the first ${DETAIL_LINES} of ${big.waybillCount}`);
    }
  }
  const p50 = percentile(times, 50);

  const total = priceSeconds + billSeconds;
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(table([
    ['step', 'seconds', 'node CPU s', 'waybills/s', 'vs SQL check', 'target', 'verdict'],
    ['price the month (bill/priceWaybills)', priceSeconds.toFixed(1), priceCpuSeconds.toFixed(1), Math.round(priced.waybills / priceSeconds).toLocaleString('en'), `${(priceSeconds / sqlSeconds).toFixed(0)}x`, '', ''],
    [`bill ${bills.length} carriers (bill/createBills)`, billSeconds.toFixed(1), billCpuSeconds.toFixed(1), Math.round(bills.reduce((s, b) => s + b.waybillCount, 0) / billSeconds).toLocaleString('en'), `${(billSeconds / sqlSeconds).toFixed(1)}x`, '', ''],
    ['priced and billed', total.toFixed(1), (priceCpuSeconds + billCpuSeconds).toFixed(1), Math.round(monthWaybills / total).toLocaleString('en'), `${(total / sqlSeconds).toFixed(0)}x`, `< ${TARGET_SECONDS} s`, to !== MONTH_END ? `not judged (to ${to} only)` : total < TARGET_SECONDS ? 'met' : 'NOT met'],
    ['SQL check (one aggregation)', sqlSeconds.toFixed(2), '', '', '1x', '', ''],
    ['bills = SQL totals', '', '', '', '', 'all equal', mismatched.length ? `NOT met: ${mismatched.length} differ` : `met (${bills.length} bills, ${(billed / 100).toFixed(2)} 元)`],
    [`re-priced one by one (${sample.length} sample)`, '', '', '', '', 'all equal', samePrice === sample.length ? 'met' : `NOT met: ${sample.length - samePrice} differ`],
    [`open a bill of ${big.waybillCount.toLocaleString('en')} lines (p50 of ${times.length})`, ms(p50 / 1000, 3), '', '', '', `< ${DETAIL_TARGET_MS} ms`, `${ms(p50)} ms ${p50 < DETAIL_TARGET_MS ? 'met' : 'NOT met'} (p99 ${ms(percentile(times, 99))} ms)`],
  ]));
}
