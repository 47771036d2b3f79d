// npm run seed [-- --db FILE] [-- --scale N] [-- --waybills N]: a database with the demo data
// (including the demo orders and waybills), plus N extra vehicles and/or at least N extra waybills
// (with their orders, goods, split parts, links and route nodes; no timeline) of corporation HY
// for benchmarks. Refuses to seed a database that already has users.
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/connection.ts';
import { addScaleVehicles, filesDirOf, seedDemo } from './seed-demo.ts';
import { addScaleWaybills } from './seed-transport.ts';

const { values } = parseArgs({ options: { db: { type: 'string' }, scale: { type: 'string' }, waybills: { type: 'string' } } });
const file = values.db ?? process.env.HUOYUN_DB ?? 'data/huoyun.db';
const scale = Number(values.scale ?? 0);
const waybills = Number(values.waybills ?? 0);
const db = openDatabase(file);
if ((await db.one<{ n: number }>('SELECT count(*) AS n FROM users'))!.n > 0) {
  console.error(`${file} 已有数据，未做任何改动`);
  process.exit(1);
}
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
let started = Date.now();
await seedDemo(db, Date.now(), { filesDir: filesDirOf(file) });
console.log(`演示数据 (${seconds(started)} s)`);
if (scale > 0) {
  started = Date.now();
  const { inserted } = await addScaleVehicles(db, scale);
  console.log(`已加入 ${inserted} 辆车 (${seconds(started)} s)`);
}
if (waybills > 0) {
  started = Date.now();
  const added = await addScaleWaybills(db, waybills, Date.now(), (n) => console.log(`  ${n} 条运单 (${seconds(started)} s)`));
  console.log(`已加入 ${added.waybills} 条运单 (${seconds(started)} s)`);
}
console.log(`演示数据已写入 ${file}`);
