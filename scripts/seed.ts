// npm run seed [-- --db FILE] [-- --scale N]: a database with the demo data, plus N extra vehicles
// of corporation HY for benchmarks. Refuses to seed a database that already has users.
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/connection.ts';
import { generateVehiclesAtScale } from '../fixtures/index.ts';
import { insertRows, seedDemo } from './seed-demo.ts';

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
  const ids = (sql: string) => (sqlite.prepare(sql).all() as { id: number }[]).map((r) => r.id);
  const startId = (sqlite.prepare('SELECT max(id) + 1 AS n FROM vehicles').get() as { n: number }).n;
  const started = Date.now();
  sqlite.transaction(() =>
    insertRows(sqlite, 'vehicles', generateVehiclesAtScale(scale, {
      corpId: 1,
      carrierIds: ids('SELECT id FROM carriers WHERE corp_id = 1'),
      carModelIds: ids('SELECT id FROM car_models WHERE corp_id = 1'),
      startId,
    }) as Iterable<never>),
  )();
  sqlite.exec('ANALYZE');
  console.log(`已加入 ${scale} 辆车 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`演示数据已写入 ${file}`);
