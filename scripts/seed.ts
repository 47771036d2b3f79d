// npm run seed [-- --db FILE] [-- --scale N]: a database with the demo data, plus N extra vehicles
// of corporation HY for benchmarks. Refuses to seed a database that already has users.
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/connection.ts';
import { addScaleVehicles, seedDemo } from './seed-demo.ts';

const { values } = parseArgs({ options: { db: { type: 'string' }, scale: { type: 'string' } } });
const file = values.db ?? process.env.HUOYUN_DB ?? 'data/huoyun.db';
const scale = Number(values.scale ?? 0);
const db = openDatabase(file);
const sqlite = db.$client;
if ((sqlite.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n > 0) {
  console.error(`${file} 已有数据，未做任何改动`);
  process.exit(1);
}
seedDemo(sqlite);
if (scale > 0) {
  const started = Date.now();
  const { inserted } = addScaleVehicles(sqlite, scale);
  console.log(`已加入 ${inserted} 辆车 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`演示数据已写入 ${file}`);
