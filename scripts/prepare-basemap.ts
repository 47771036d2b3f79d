// Prepares the offline basemap ahead of its first use (npm run basemap): reads the boundary packages,
// simplifies them and writes data/basemap/basemap-<versions>.json (server/map/basemap-data.ts). The
// server does the same on the first tile request when the file is missing; running this at install
// spares that first user the wait. Prints what it cost.
import { existsSync, statSync } from 'node:fs';
import { basemapFile, loadBasemap } from '../server/map/basemap-data.ts';

const file = basemapFile();
if (existsSync(file)) {
  console.log(`离线底图已就绪: ${file}`);
} else {
  console.log('正在生成离线底图 (首次约需半分钟)...');
  const t0 = performance.now();
  const data = loadBasemap();
  const ms = Math.round(performance.now() - t0);
  const byLevel = [1, 2, 3].map((l) => data.regions.filter((r) => r.level === l).length);
  console.log(`已生成离线底图: ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB, ${ms} ms; 省 ${byLevel[0]} 个, 市 ${byLevel[1]} 个, 县区 ${byLevel[2]} 个)`);
}
