// npm run simulate -- --terminals N --rate S [--port P] [--host H]: N simulated JT/T 808 terminals,
// one per demo vehicle that has a terminal number, connect to the gateway (JT808_PORT of a running
// `npm start`), register with their vehicle's terminal number (终端ID, JT/T 808-2019), authenticate
// and report every S seconds along the fences of the vehicle's latest waybill, with door, cold
// machine, temperature and overspeed alarm bits (server/gateway/jt808/sim-drive.ts). The vehicles
// and routes are read from the platform's database (HUOYUN_DB or DATABASE_URL, as the server).
import { parseArgs } from 'node:util';
import { connectDatabase } from '../server/db/connection.ts';
import { runFleet, type SimVehicle } from '../server/gateway/jt808/sim-fleet.ts';
import { jt808PortFrom } from '../server/gateway/jt808/start.ts';

const { values } = parseArgs({ options: { terminals: { type: 'string', default: '20' }, rate: { type: 'string', default: '10' }, port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } } });
const terminals = Number(values.terminals);
const rateS = Number(values.rate);
const port = values.port ? Number(values.port) : jt808PortFrom(process.env) ?? 8808;
if (!Number.isInteger(terminals) || terminals < 1 || !(rateS > 0) || !Number.isInteger(port)) {
  console.error('用法: npm run simulate -- --terminals N --rate 秒 [--port 端口] [--host 地址]');
  process.exit(1);
}

const db = await connectDatabase({ url: process.env.DATABASE_URL, file: process.env.HUOYUN_DB ?? 'data/huoyun.db' });
type Row = { id: number; terminal: string; vehicleNo: string; cold: number };
const rows = await db.all<Row>(`SELECT v.id, v.dataterminal_id AS terminal, v.vehicle_no AS "vehicleNo", v.gather_temperature AS cold
  FROM vehicles v WHERE v.is_deleted = 0 AND v.dataterminal_id IS NOT NULL AND length(v.dataterminal_id) <= 30 ORDER BY v.corp_id, v.id LIMIT ?`, [terminals]);
if (rows.length < terminals) console.warn(`演示数据中只有 ${rows.length} 辆车有终端号，模拟 ${rows.length} 个终端`);

/** The fences of the vehicle's latest waybill in order; else two fences of its corporation. */
async function stopsOf(vehicleId: number): Promise<[number, number][]> {
  const nodes = await db.all<{ lon: number; lat: number }>(`SELECT a.lon, a.lat FROM waybill_nodes n JOIN areas a ON a.id = n.area_id
    WHERE n.waybill_id = (SELECT max(w.id) FROM waybills w WHERE w.vehicle_id = ? AND w.is_deleted = 0) ORDER BY n.seq`, [vehicleId]);
  if (nodes.length >= 2) return nodes.map((n) => [n.lon, n.lat]);
  const areas = await db.all<{ lon: number; lat: number }>('SELECT a.lon, a.lat FROM areas a JOIN vehicles v ON v.corp_id = a.corp_id WHERE v.id = ? ORDER BY a.id LIMIT 2', [vehicleId]);
  return areas.map((n) => [n.lon, n.lat]);
}

const fleet: SimVehicle[] = [];
for (const [i, r] of rows.entries()) {
  const stops = await stopsOf(r.id);
  if (stops.length < 2) continue;
  fleet.push({
    // The phone number only has to be unique: the terminal is matched by its 终端ID.
    identity: { phone: `1390${String(r.id).padStart(7, '0')}`, version: 2019, terminalId: r.terminal, model: 'HY-SIM', plate: r.vehicleNo },
    route: { stops, cold: r.cold === 1, phase: (i * 0.618) % 1 },
  });
}
await db.close();

console.log(`[simulate] ${fleet.length} 个终端，每 ${rateS} 秒上报一次，网关 ${values.host}:${port}`);
const run = runFleet(fleet, { port, host: values.host, rateS });
const timer = setInterval(() => {
  const c = run.counts;
  console.log(`[simulate] 在线 ${c.connected}/${fleet.length}  已上报 ${c.reports}  成功 ${c.acknowledged}  失败 ${c.failed}  重连 ${c.reconnects}`);
}, 10_000);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    clearInterval(timer);
    void run.stop().then(() => process.exit(0));
  });
}
