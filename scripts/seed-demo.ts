// Fills an empty database with the demo corporations, base data, roles and the demo accounts.
// The server never imports fixtures/: this script is the bridge (see ARCHITECTURE.md).
import type Database from 'better-sqlite3';
import { generateDemo, generateVehiclesAtScale } from '../fixtures/index.ts';
import { hashPassword } from '../server/domain/auth/password-hash.ts';
import { columnOf } from '../server/resources/naming.ts';
import { syncMenus } from '../server/domain/menus/sync.ts';
import { loadRegistry } from '../server/registry/load.ts';
import { seedTransportDemo } from './seed-transport.ts';
import { seedTracks } from './seed-tracks.ts';
import { seedAlarms } from './seed-alarms.ts';
import { alarmEngine } from '../server/alarms/engine.ts';
import { seedMessages } from './seed-messages.ts';
import { seedMedia } from './seed-media.ts';

export const DEMO_PASSWORD = 'Huoyun@2026';

/** Inserts plain camelCase records into a table, in one prepared statement. */
export function insertRows(sqlite: Database.Database, table: string, rows: Iterable<Record<string, unknown>>) {
  let stmt: Database.Statement | undefined;
  let keys: string[] = [];
  let n = 0;
  for (const row of rows) {
    if (!stmt) {
      keys = Object.keys(row);
      stmt = sqlite.prepare(`INSERT INTO ${table} (${keys.map(columnOf).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`);
    }
    stmt.run(...keys.map((k) => row[k]));
    n++;
  }
  return n;
}

const ALL = '*';
/** The report pages (schemas/menus/reports.json); every demo role may open them, scoped to its data. */
const REPORT_OPERATIONS = [
  'reportCarrierMonthly', 'reportWaybillTimeliness', 'reportArriveAging', 'reportNodePrescription', 'reportWaybillStatus',
  'reportOrderStatus', 'reportFreightVolume', 'reportMaterialInventory', 'reportStockInTransit', 'reportCustomerOrders',
  'reportLineOrders', 'reportDailyWaybills', 'reportYearlyWaybills', 'reportReceipts', 'reportEvaluations',
  'reportEvaluationDetails', 'reportVehicleTrips', 'reportDriverPerformance', 'reportLoadingRate', 'reportAbnormalWaybills',
  'reportRefusals', 'reportDispatchEfficiency', 'reportColdChainFleet', 'reportCarrierCapacity', 'reportOrderDetails', 'reportTemperature', 'reportParkingAbnormality', 'reportVehicleMileage',
];

/** What each demo role is granted; '*' grants everything. */
export const DEMO_ROLES: Record<string, { name: string; grants: string[] }> = {
  admin: { name: '系统管理员', grants: [ALL] },
  dispatcher: {
    name: '调度员',
    // Menu keys grant every operation of the menu: 'order' includes orderStowage3, 'waybill' the record,
    // department, delegate, check and transfer operations (waybillRecord3 ... waybillTransfer3).
    grants: ['vehicle', 'driver', 'carrier', 'customer', 'carModel', 'order', 'waybill',
      // The business lines' list and detail screens (schemas/menus/transport.json).
      'feedstuffOrder', 'orderManageDHN', 'orderManageJR', 'orderManageZM', 'yqChicksOrder', 'yqmjOrder',
      'feedstuffWaybill', 'waybillListJR', 'waybillManageZM', 'yqChicksWaybill', 'yqmjWaybill',
      'waybillTrack3', 'BusinessAlarmReport3', 'messageCenter3', 'exportCenter3', '5023', ...REPORT_OPERATIONS],
  },
  monitor: {
    name: '监控员',
    grants: ['vehicle3', 'vehicleDetail3', 'driver3', 'driverDetail3', 'order3', 'orderDetail3', 'orderMonitor3', 'waybill3', 'waybillDetail3', 'waybillTrack3', 'BusinessAlarmReport3', 'messageCenter3', '5023', ...REPORT_OPERATIONS],
  },
  customer: {
    name: '客户',
    grants: ['customer3', 'customerDetail3', 'carModel3', 'order3', 'orderAdd3', 'orderDetail3', 'orderRecord3', 'orderBatchShipment3', 'orderBatchDelivery3',
      // The carrier-monthly report reads a summary with no customer dimension: customers are refused it.
      'messageCenter3', 'exportCenter3', ...REPORT_OPERATIONS.filter((op) => op !== 'reportCarrierMonthly')],
  },
  carrier: {
    name: '承运商',
    grants: ['vehicle', 'driver', 'carrier3', 'carrierDetail3', 'carModel3', 'messageCenter3', 'waybill3', 'waybillDetail3', 'waybillAssignVehicle3', 'waybillAssignDriver3',
      'waybillReceive3', 'waybillRefuse3', 'waybillArrive3', 'waybillStartLoad3', 'waybillConfirmLoad3', 'waybillLeave3', 'waybillConfirmDelivery3', 'waybillSign3', 'waybillReceipt3', 'waybillTrack3', ...REPORT_OPERATIONS],
  },
};

/** A grant names an operation id, or a menu key for all of that menu's operations. */
function grantsOf(sqlite: Database.Database, grants: string[]): string[] {
  const rows = grants.includes(ALL)
    ? sqlite.prepare('SELECT operation_id AS id FROM operations').all()
    : sqlite
        .prepare(`SELECT operation_id AS id FROM operations WHERE operation_id IN (${grants.map(() => '?')}) OR menu_key IN (${grants.map(() => '?')})`)
        .all(...grants, ...grants);
  return (rows as { id: string }[]).map((r) => r.id);
}

/**
 * transport: false leaves out the demo orders and waybills (tests that count their own rows rely on
 * an empty transport; createTestApp({ transportDemo: true }) asks for them).
 */
export function seedDemo(sqlite: Database.Database, now = Date.now(), opts: { transport?: boolean; tracks?: boolean } = {}) {
  const demo = generateDemo();
  // Roles are granted operation ids, which live in the operations table loaded from the menus.
  syncMenus(sqlite, loadRegistry().menus);
  sqlite.transaction(() => {
    insertRows(sqlite, 'corporations', demo.corporations as never[]);
    insertRows(sqlite, 'departments', demo.departments as never[]);
    insertRows(sqlite, 'carriers', demo.carriers as never[]);
    insertRows(sqlite, 'customers', demo.customers as never[]);
    insertRows(sqlite, 'car_models', demo.carModels as never[]);
    insertRows(sqlite, 'drivers', demo.drivers as never[]);
    insertRows(sqlite, 'vehicles', demo.vehicles as never[]);
    insertRows(sqlite, 'areas', demo.areas as never[]);

    const roleIds: Record<string, number> = {};
    const addRole = (corpId: number, key: string) => {
      const { name, grants } = DEMO_ROLES[key];
      const id = Number(sqlite.prepare('INSERT INTO roles (corp_id, role_name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(corpId, name, now, now).lastInsertRowid);
      const grant = sqlite.prepare('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?)');
      for (const op of grantsOf(sqlite, grants)) grant.run(corpId, id, op);
      return id;
    };
    for (const key of Object.keys(DEMO_ROLES)) roleIds[key] = addRole(1, key);
    const admin2Role = addRole(2, 'admin');

    const firstOf = (table: string, corpId: number) =>
      (sqlite.prepare(`SELECT id FROM ${table} WHERE corp_id = ? ORDER BY id LIMIT 1`).get(corpId) as { id: number }).id;
    const hqOf = (corpId: number) => firstOf('departments', corpId);
    const accounts = [
      { userName: 'admin', realName: '系统管理员', corpId: 1, userType: 0, partnerId: null, role: roleIds.admin },
      { userName: 'dispatcher', realName: '张调度', corpId: 1, userType: 0, partnerId: null, role: roleIds.dispatcher },
      { userName: 'monitor', realName: '李监控', corpId: 1, userType: 0, partnerId: null, role: roleIds.monitor },
      { userName: 'customer', realName: '王客户', corpId: 1, userType: 1, partnerId: firstOf('customers', 1), role: roleIds.customer },
      { userName: 'carrier', realName: '赵承运', corpId: 1, userType: 2, partnerId: firstOf('carriers', 1), role: roleIds.carrier },
      { userName: 'admin2', realName: '嘉兴管理员', corpId: 2, userType: 0, partnerId: null, role: admin2Role },
    ];
    for (const a of accounts) {
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      const id = Number(
        sqlite
          .prepare(
            `INSERT INTO users (corp_id, org_id, user_name, real_name, mobile, user_type, partner_id, password_hash, password_salt,
               last_password_modified_time, password_status, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,2,?,?)`,
          )
          .run(a.corpId, a.userType === 0 ? hqOf(a.corpId) : null, a.userName, a.realName, null, a.userType, a.partnerId, hash, salt, now, now, now)
          .lastInsertRowid,
      );
      sqlite.prepare('INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (?, ?, ?)').run(a.corpId, id, a.role);
    }
  })();
  if (opts.transport !== false) seedTransportDemo(sqlite, now);
  if (opts.transport !== false && opts.tracks !== false) seedTracks(sqlite, now);
  if (opts.transport !== false && opts.tracks !== false) seedAlarms(sqlite, now, alarmEngine(sqlite));
  // Flash photos and event pictures are files: only where the database has a files folder (not in memory).
  if (opts.transport !== false && opts.tracks !== false) seedMedia(sqlite, now);
  if (opts.transport !== false) seedMessages(sqlite, now);
  return demo;
}

export const DEMO_ACCOUNTS = ['admin', 'dispatcher', 'monitor', 'customer', 'carrier', 'admin2'];

/**
 * Adds n generated vehicles to corporation HY for benchmarks, in batches. The generator's plates
 * are unique among themselves but may equal a demo plate (unique per corporation): those are
 * skipped and the next generated row taken, so exactly n rows are added.
 */
export function addScaleVehicles(sqlite: Database.Database, n: number, onBatch?: (inserted: number) => void) {
  const ids = (sql: string) => (sqlite.prepare(sql).all() as { id: number }[]).map((r) => r.id);
  const carrierIds = ids('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id');
  const carModelIds = ids('SELECT id FROM car_models WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id');
  const startId = (sqlite.prepare('SELECT max(id) + 1 AS n FROM vehicles').get() as { n: number }).n;
  const taken = new Set((sqlite.prepare('SELECT vehicle_no AS p FROM vehicles WHERE corp_id = 1').all() as { p: string }[]).map((r) => r.p));
  const source = generateVehiclesAtScale(n + taken.size, { corpId: 1, carrierIds, carModelIds, startId });
  let skipped = 0;
  function* fresh(limit: number) {
    for (let i = 0; i < limit; ) {
      const next = source.next();
      if (next.done) return;
      if (taken.has(next.value.vehicleNo)) skipped++;
      else (i++, yield next.value);
    }
  }
  const BATCH = 100_000;
  let inserted = 0;
  while (inserted < n) {
    const done = sqlite.transaction(() => insertRows(sqlite, 'vehicles', fresh(Math.min(BATCH, n - inserted)) as Iterable<never>))();
    if (done === 0) throw new Error('the vehicle generator ran dry');
    inserted += done;
    onBatch?.(inserted);
  }
  sqlite.exec('ANALYZE');
  return { inserted, skipped };
}
