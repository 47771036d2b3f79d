// Fills an empty database with the demo corporations, base data, roles and the demo accounts.
// The server never imports fixtures/: this script is the bridge (see ARCHITECTURE.md).
import { dirname, join } from 'node:path';
import { generateDemo, generateVehiclesAtScale } from '../fixtures/index.ts';
import { demoBaseData, demoUnitPrices } from '../fixtures/base-data.ts';
import { demoFeeItems, demoOilPrices, demoRateRules } from '../fixtures/settlement.ts';
import { demoAccessRules, demoCheckRules, demoDelegateRules, demoDepartureRules, demoFactorySettings, demoFixedLines, demoFixedLineSchedules, demoLossPlanRules, demoPrescriptionRules, demoProgressReminders, demoStowageRules, demoTemperatureRules, demoWaybillRules } from '../fixtures/rules.ts';
import { recordVersion } from '../server/domain/rules/versions.ts';
import type { RuleType } from '../server/domain/rules/rule-type.ts';
import type { Registry } from '../server/registry/types.ts';
import { temperatureRuleType } from '../server/domain/rules/types/temperature.ts';
import { departureRuleType } from '../server/domain/rules/types/departure.ts';
import { waybillRuleType } from '../server/domain/rules/types/waybill-rule.ts';
import { checkRuleType } from '../server/domain/rules/types/check.ts';
import { accessInspectionRuleType } from '../server/domain/rules/types/access-inspection.ts';
import { factoryShipmentType } from '../server/domain/rules/types/factory-shipment.ts';
import { prescriptionRuleType } from '../server/domain/rules/types/prescription.ts';
import { delegateRuleType } from '../server/domain/rules/types/delegate.ts';
import { stowageRuleType } from '../server/domain/rules/types/stowage.ts';
import { lossPlanRuleType } from '../server/domain/rules/types/loss-plan.ts';
import { progressRemindRuleType } from '../server/domain/rules/types/progress-remind.ts';
import { hashPassword } from '../server/domain/auth/password-hash.ts';
import { columnOf } from '../server/resources/naming.ts';
import { syncMenus } from '../server/domain/menus/sync.ts';
import { loadRegistry } from '../server/registry/load.ts';
import { seedFrameworkContracts, seedSettlement } from './seed-settlement.ts';
import { seedTransportDemo } from './seed-transport.ts';
import { refreshTimelinessOfCorp } from '../server/domain/rules/prescription-apply.ts';
import { seedTracks } from './seed-tracks.ts';
import { seedAlarms } from './seed-alarms.ts';
import { alarmEngine } from '../server/alarms/engine.ts';
import { seedMessages } from './seed-messages.ts';
import { seedMedia } from './seed-media.ts';
import { all, insert, one, run, tx, type Conn } from '../server/resources/statements.ts';
import type { Database } from '../server/db/port.ts';
import { advanceIdCounters } from '../server/db/catalog.ts';

export const DEMO_PASSWORD = 'Huoyun@2026';

/** Where the server keeps uploads for a database file (README "Settings"): HUOYUN_FILES, else 'files' beside it. */
export function filesDirOf(dbFile: string): string {
  return process.env.HUOYUN_FILES ?? join(dirname(dbFile === ':memory:' ? 'data/x' : dbFile), 'files');
}

/**
 * Inserts plain camelCase records into a table (every row with the first row's keys), many rows to
 * one INSERT (`VALUES (…), (…), …`, at most `maxParams` parameters a statement): the same SQL on both
 * engines, and a round trip per few hundred rows instead of per row, which PostgreSQL's seeding needs
 * (the transport and track demo is about 90,000 rows). Each statement size is one text, prepared once.
 */
export async function insertRows(conn: Conn, table: string, rows: Iterable<Record<string, unknown>>, maxParams = 16_000) {
  let keys: string[] | undefined;
  let head = '';
  let tuple = '';
  let perStatement = 1;
  const texts = new Map<number, string>();
  let params: unknown[] = [];
  let pending = 0;
  let n = 0;
  const flush = async () => {
    if (pending === 0) return;
    let sql = texts.get(pending);
    if (!sql) texts.set(pending, (sql = `${head} VALUES ${Array.from({ length: pending }, () => tuple).join(', ')}`));
    await conn.run(sql, params);
    params = [];
    pending = 0;
  };
  for (const row of rows) {
    if (!keys) {
      keys = Object.keys(row);
      head = `INSERT INTO ${table} (${keys.map(columnOf).join(', ')})`;
      tuple = `(${keys.map(() => '?').join(', ')})`;
      perStatement = Math.max(1, Math.min(1000, Math.floor(maxParams / keys.length)));
    }
    for (const k of keys) params.push(row[k]);
    pending++;
    n++;
    if (pending === perStatement) await flush();
  }
  await flush();
  if (n && keys!.includes('id')) await advanceIdCounters(conn, [table]);
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

/** The settlement reports (结算报表): finance reads them all; a partner its own side's (scoped in SQL). */
const SETTLEMENT_REPORTS = ['reportPayables3', 'reportReceivables3', 'reportCarrierBills3', 'reportCustomerBills3',
  'reportGrossMarginWaybill3', 'reportGrossMarginCustomer3', 'reportGrossMarginCarrier3', 'reportPoultryCost3', 'reportFeeDeductions', 'reportAllowances'];

/** A customer or carrier user reads its own contracts and their rate rules (scoped by the server), and changes none. */
const PARTNER_CONTRACT_READS = ['contract3', 'contractDetail3', 'contractRateRule3', 'contractRateRuleDetail3'];

/** What each demo role is granted; '*' grants everything. */
export const DEMO_ROLES: Record<string, { name: string; grants: string[] }> = {
  admin: { name: '系统管理员', grants: [ALL] },
  dispatcher: {
    name: '调度员',
    // Menu keys grant every operation of the menu: 'order' includes orderStowage3, 'waybill' the record,
    // department, delegate, check and transfer operations (waybillRecord3 ... waybillTransfer3).
    // 'baseData': every base-data menu, the entries resources derive (derived-menus.ts) included.
    grants: ['baseData', 'order', 'autoStowage', 'waybill',
      // The business lines' list and detail screens (schemas/menus/transport.json).
      'feedstuffOrder', 'orderManageDHN', 'orderManageJR', 'orderManageZM', 'yqChicksOrder', 'yqmjOrder',
      'feedstuffWaybill', 'waybillListJR', 'waybillManageZM', 'yqChicksWaybill', 'yqmjWaybill',
      'waybillTrack3', 'BusinessAlarmReport3', 'messageCenter3', 'exportCenter3', 'importCenter3', '5023', ...REPORT_OPERATIONS,
      // 车辆监控, 报警列表 and 物流地图 (schemas/menus/monitor.json).
      'vehicleMonitor3', 'alarmList3', 'logisticsMap3',
      // 规则管理 whole (schemas/menus/rules.json and the entries rule resources derive).
      'ruleManage',
      // A dispatcher overrides a waybill's estimated fee (with a reason); bills are finance's.
      'financialFeeSave3',
      // After a short or damaged sign-off, dispatch may value the loss and split it with the carrier (货损分摊).
      'carrierLossShare3', 'carrierLossShareRecord3', 'carrierLossShareSave3', 'carrierLossShareCancel3'],
  },
  monitor: {
    name: '监控员',
    grants: ['vehicle3', 'vehicleDetail3', 'driver3', 'driverDetail3', 'order3', 'orderDetail3', 'orderMonitor3', 'waybill3', 'waybillDetail3', 'waybillTrack3', 'BusinessAlarmReport3', 'messageCenter3', '5023', ...REPORT_OPERATIONS,
      'vehicleMonitor3', 'alarmList3', 'logisticsMap3',
      // Temperature rules decide the cold-chain alarms the monitor watches.
      'temperatureRule3', 'temperatureRuleDetail3', 'temperatureRuleRecord3', 'temperatureRuleAdd3', 'temperatureRuleUpdate3'],
  },
  finance: {
    name: '财务',
    // The settlement centre (schemas/menus/settlement.json) whole, the partners it settles with, and the
    // waybills and orders behind the bills (read-only).
    grants: ['settlement', 'customer3', 'customerDetail3', 'carrier3', 'carrierDetail3', 'carModel3', 'order3', 'orderDetail3', 'waybill3', 'waybillDetail3', '5023',
      'messageCenter3', 'exportCenter3', 'importCenter3', ...REPORT_OPERATIONS, ...SETTLEMENT_REPORTS],
  },
  customer: {
    name: '客户',
    grants: ['customer3', 'customerDetail3', 'carModel3', ...PARTNER_CONTRACT_READS, 'order3', 'orderAdd3', 'orderDetail3', 'orderRecord3', 'orderBatchShipment3', 'orderBatchDelivery3',
      // The carrier-monthly report reads a summary with no customer dimension: customers are refused it.
      'messageCenter3', 'exportCenter3', 'importCenter3', ...REPORT_OPERATIONS.filter((op) => op !== 'reportCarrierMonthly'),
      // Their own bills (scoped to the customer in SQL) on 客户账单确认: read, export, confirm or send back.
      'customerBill3', 'billDetail3', 'billConfirm3', 'reportReceivables3', 'reportCustomerBills3',
      // 服务评价's reports of the waybills of their orders (scoped on the server); the setting is staff's.
      'evaluateSummary3', 'evaluateReport3',
      // Their customer's fixed lines, schedules and the waybills made from them (scoped on the server), read only.
      'fixedLine3', 'fixedLineDetail3', 'fixedLineScheduling3', 'fixedLineSchedulingDetail3', 'fixedLineNavigation3', 'fixedLineWaybillNavigation3', 'fixedLineWaybill3'],
  },
  carrier: {
    name: '承运商',
    grants: ['vehicle', 'driver', 'carrier3', 'carrierDetail3', 'carModel3', ...PARTNER_CONTRACT_READS, 'messageCenter3', 'importCenter3', 'waybill3', 'waybillDetail3', 'waybillAssignVehicle3', 'waybillAssignDriver3',
      'waybillReceive3', 'waybillRefuse3', 'waybillArrive3', 'waybillStartLoad3', 'waybillConfirmLoad3', 'waybillLeave3', 'waybillConfirmDelivery3', 'waybillSign3', 'waybillReceipt3', 'waybillTrack3', ...REPORT_OPERATIONS,
      // 车辆监控 of their own vehicles (scoped on the server).
      'vehicleMonitor3',
      // Their own carrier's bills (scoped in SQL) on 承运商账单确认与分发: read, export, confirm or send back.
      'carrierBill3', 'billDetail3', 'billConfirm3',
      // Their own carrier's payments (scoped in SQL): the steps that are the carrier's (account, agreement, evidence).
      'payment3', 'paymentAccount3', 'paymentSign3', 'paymentEvidence3', 'reportPayables3', 'reportCarrierBills3', 'reportFeeDeductions', 'reportAllowances',
      // Their own loss shares and their drivers' and delivery men's allowances (scoped on the server), read only.
      'carrierLossShare3', 'carrierLossShareRecord3', 'driverAllowance3', 'deliveryAllowance3', 'waybillAllowanceDetail3',
      // 物流地图 of their own carrier's vehicles (filtered on the server).
      'logisticsMap3',
      // 服务评价's reports of their own carrier's waybills (scoped on the server); the setting is staff's.
      'evaluateSummary3', 'evaluateReport3',
      // Their own fixed lines, schedules and the waybills made from them (scoped on the server), read only.
      'fixedLine3', 'fixedLineDetail3', 'fixedLineScheduling3', 'fixedLineSchedulingDetail3', 'fixedLineNavigation3', 'fixedLineWaybillNavigation3', 'fixedLineWaybill3'],
  },
};

/** The corporation's goods catalogue, containers, contracts and the other base data (fixtures/base-data.ts). */
async function seedBaseData(conn: Conn, corpId: number, now: number, registry: Registry) {
  const ids = async (table: string) => (await all<{ id: number }>(conn, `SELECT id FROM ${table} WHERE corp_id = ? AND is_deleted = 0 ORDER BY id LIMIT 5`, corpId)).map((r) => r.id);
  const vehicles = await all<{ id: number; carrierId: number | null; coldMachine: number }>(conn,
    'SELECT id, carrier_id AS "carrierId", cold_machine AS "coldMachine" FROM vehicles WHERE corp_id = ? AND is_deleted = 0 ORDER BY id LIMIT 20', corpId);
  const areas = await all<{ id: number; customerId: number | null }>(conn,
    'SELECT id, customer_id AS "customerId" FROM areas WHERE corp_id = ? AND is_deleted = 0 ORDER BY id LIMIT 6', corpId);
  const refs = { corpId, now, carrierIds: await ids('carriers'), customerIds: await ids('customers'), vehicles, carModelIds: await ids('car_models'), areas };
  const rows = demoBaseData(refs);
  for (const [table, tableRows] of Object.entries(rows)) await insertRows(conn, table, tableRows);
  // Unit prices name goods by id, known once the catalogue is in.
  const goods = await all<{ id: number; code: string }>(conn, 'SELECT id, goods_code AS "code" FROM goods WHERE corp_id = ? AND is_deleted = 0', corpId);
  await insertRows(conn, 'unit_prices', demoUnitPrices(refs, new Map(goods.map((g) => [g.code, g.id]))));
  // The settlement centre: fee items and oil prices, then the contracts' rate rules naming both.
  await insertRows(conn, 'fee_items', demoFeeItems(corpId, now));
  await insertRows(conn, 'oil_prices', demoOilPrices(corpId, now));
  const contracts = await all<{ no: string; id: number; customerId: number | null; carrierId: number | null }>(conn,
    'SELECT contract_no AS "no", id, customer_id AS "customerId", carrier_id AS "carrierId" FROM contracts WHERE corp_id = ?', corpId);
  const fees = await all<{ code: string; id: number }>(conn, 'SELECT fee_code AS "code", id FROM fee_items WHERE corp_id = ?', corpId);
  await insertRows(conn, 'contract_rate_rules', demoRateRules(corpId, now, new Map(contracts.map((c) => [c.no, c])), new Map(fees.map((f) => [f.code, f.id])), refs.carModelIds));
  await seedFrameworkContracts(conn, corpId, now);
  // The models of 5 t and more the first carrier runs: the demo's stowage rule loads onto them.
  const largeModelIds = (await all<{ id: number }>(conn, `SELECT DISTINCT m.id FROM vehicles v JOIN car_models m ON m.id = v.car_model_id
    WHERE v.corp_id = ? AND v.carrier_id = ? AND v.is_deleted = 0 AND v.status = 0 AND m.load_weight_t >= 5 ORDER BY m.id LIMIT 3`, corpId, refs.carrierIds[0])).map((r) => r.id);
  // The rules (fixtures/rules.ts), each with its first version, in force from now.
  const rules: [RuleType<unknown>, Record<string, unknown>[]][] = [
    [temperatureRuleType, demoTemperatureRules(corpId, now, refs.customerIds)],
    [departureRuleType, demoDepartureRules(corpId, now, refs.customerIds)],
    [delegateRuleType, demoDelegateRules(corpId, now, refs.customerIds, refs.carrierIds)],
    [lossPlanRuleType, demoLossPlanRules(corpId, now, refs.customerIds)],
    [progressRemindRuleType, demoProgressReminders(corpId, now, refs.customerIds)],
    [checkRuleType, demoCheckRules(corpId, now, refs.customerIds)],
    [prescriptionRuleType, demoPrescriptionRules(corpId, now, refs.customerIds)],
    [waybillRuleType, demoWaybillRules(corpId, now, refs.customerIds)],
    [accessInspectionRuleType, demoAccessRules(corpId, now)],
    [factoryShipmentType, demoFactorySettings(corpId, now, refs.areas.map((a) => a.id))],
    [stowageRuleType, demoStowageRules(corpId, now, refs.customerIds, refs.carrierIds, largeModelIds)],
  ];
  for (const [type, rows] of rules) {
    const res = registry.resources.get(type.resource)!;
    await insertRows(conn, res.table, rows);
    for (const { id } of await all<{ id: number }>(conn, `SELECT id FROM ${res.table} WHERE corp_id = ? ORDER BY id`, corpId)) {
      await recordVersion(conn, corpId, type.key, res, id, now);
    }
  }
  await insertRows(conn, 'fixed_lines', demoFixedLines(corpId, now, refs.customerIds, refs.carrierIds, refs.areas.map((a) => a.id)));
  const lines = await all<{ id: number; customerId: number | null; carrierId: number | null }>(conn,
    'SELECT id, customer_id AS "customerId", carrier_id AS "carrierId" FROM fixed_lines WHERE corp_id = ? ORDER BY id', corpId);
  await insertRows(conn, 'fixed_line_schedulings', demoFixedLineSchedules(corpId, now, lines));
  // A fence's delivery setting names the delivery man of its vehicle, known once the deliveries are in.
  await conn.run(
    `UPDATE area_delivery_settings SET delivery_id = (SELECT min(d.id) FROM deliveries d
        WHERE d.corp_id = area_delivery_settings.corp_id AND d.vehicle_id = area_delivery_settings.vehicle_id AND d.is_deleted = 0)
      WHERE corp_id = ?`, [corpId]);
}

/** A grant names an operation id, a menu key for all of that menu's operations, or a module's key for all of its menus'. */
async function grantsOf(conn: Conn, grants: string[]): Promise<string[]> {
  const rows = grants.includes(ALL)
    ? await all<{ id: string }>(conn, 'SELECT operation_id AS id FROM operations')
    : await all<{ id: string }>(conn,
      `SELECT operation_id AS id FROM operations WHERE operation_id IN (${grants.map(() => '?')}) OR menu_key IN (${grants.map(() => '?')})
         OR menu_key IN (SELECT menu_key FROM menus WHERE parent_key IN (${grants.map(() => '?')}))`, ...grants, ...grants, ...grants);
  return rows.map((r) => r.id);
}

export interface SeedOptions {
  /**
   * false leaves out the demo orders and waybills (tests that count their own rows rely on an empty
   * transport; createTestApp({ transportDemo: true }) asks for them).
   */
  transport?: boolean;
  tracks?: boolean;
  /** Where uploads live (flash photos and event pictures are files); none: no media is seeded. */
  filesDir?: string | null;
}

export async function seedDemo(conn: Database, now = Date.now(), opts: SeedOptions = {}) {
  const demo = generateDemo();
  // Roles are granted operation ids, which live in the operations table loaded from the menus.
  const registry = loadRegistry();
  await syncMenus(conn, registry.menus);
  await tx(conn, async () => {
    await insertRows(conn, 'corporations', demo.corporations as never[]);
    await insertRows(conn, 'departments', demo.departments as never[]);
    await insertRows(conn, 'carriers', demo.carriers as never[]);
    await insertRows(conn, 'customers', demo.customers as never[]);
    await insertRows(conn, 'car_models', demo.carModels as never[]);
    await insertRows(conn, 'drivers', demo.drivers as never[]);
    await insertRows(conn, 'vehicles', demo.vehicles as never[]);
    await insertRows(conn, 'areas', demo.areas as never[]);
    await seedBaseData(conn, 1, now, registry);

    const roleIds: Record<string, number> = {};
    const addRole = async (corpId: number, key: string) => {
      const { name, grants } = DEMO_ROLES[key];
      const id = await insert(conn, 'INSERT INTO roles (corp_id, role_name, created_at, updated_at) VALUES (?, ?, ?, ?)', corpId, name, now, now);
      for (const op of await grantsOf(conn, grants)) await run(conn, 'INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (?, ?, ?)', corpId, id, op);
      return id;
    };
    for (const key of Object.keys(DEMO_ROLES)) if (key !== 'finance') roleIds[key] = await addRole(1, key);
    const admin2Role = await addRole(2, 'admin');
    // Added after the others (settlement came later), so the earlier demo roles keep their ids.
    roleIds.finance = await addRole(1, 'finance');

    const firstOf = async (table: string, corpId: number) => (await one<{ id: number }>(conn, `SELECT id FROM ${table} WHERE corp_id = ? ORDER BY id LIMIT 1`, corpId))!.id;
    const hqOf = (corpId: number) => firstOf('departments', corpId);
    const accounts = [
      { userName: 'admin', realName: '系统管理员', corpId: 1, userType: 0, partnerId: null, role: roleIds.admin },
      { userName: 'dispatcher', realName: '张调度', corpId: 1, userType: 0, partnerId: null, role: roleIds.dispatcher },
      { userName: 'monitor', realName: '李监控', corpId: 1, userType: 0, partnerId: null, role: roleIds.monitor },
      { userName: 'customer', realName: '王客户', corpId: 1, userType: 1, partnerId: await firstOf('customers', 1), role: roleIds.customer },
      { userName: 'carrier', realName: '赵承运', corpId: 1, userType: 2, partnerId: await firstOf('carriers', 1), role: roleIds.carrier },
      { userName: 'admin2', realName: '嘉兴管理员', corpId: 2, userType: 0, partnerId: null, role: admin2Role },
      // Added last, so the other demo accounts keep their ids.
      { userName: 'finance', realName: '钱财务', corpId: 1, userType: 0, partnerId: null, role: roleIds.finance },
    ];
    for (const a of accounts) {
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      const id = await insert(conn,
        `INSERT INTO users (corp_id, org_id, user_name, real_name, mobile, user_type, partner_id, password_hash, password_salt,
           last_password_modified_time, password_status, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,2,?,?)`,
        a.corpId, a.userType === 0 ? await hqOf(a.corpId) : null, a.userName, a.realName, null, a.userType, a.partnerId, hash, salt, now, now, now);
      await run(conn, 'INSERT INTO user_roles (corp_id, user_id, role_id) VALUES (?, ?, ?)', a.corpId, id, a.role);
    }
  });
  const tracks = opts.transport !== false && opts.tracks !== false;
  if (opts.transport !== false) await seedTransportDemo(conn, now);
  // The history is written straight into the tables: its timeliness statuses as the node actions would have left them.
  if (opts.transport !== false) await tx(conn, () => refreshTimelinessOfCorp(conn, 1, now));
  if (tracks) await seedTracks(conn, now);
  if (tracks) await seedAlarms(conn, now, alarmEngine(conn));
  // Flash photos and event pictures are files: only where the database has a files folder (not in memory).
  if (tracks && opts.filesDir) await seedMedia(conn, now, opts.filesDir);
  if (opts.transport !== false) await seedMessages(conn, now);
  if (opts.transport !== false) await seedSettlement(conn, registry, 1, now);
  // Fixtures give some rows their ids: the engine's own numbering continues after them.
  await advanceIdCounters(conn);
  return demo;
}

export const DEMO_ACCOUNTS = ['admin', 'dispatcher', 'monitor', 'finance', 'customer', 'carrier', 'admin2'];

/**
 * Adds n generated vehicles to corporation HY for benchmarks, in batches. The generator's plates
 * are unique among themselves but may equal a demo plate (unique per corporation): those are
 * skipped and the next generated row taken, so exactly n rows are added.
 */
export async function addScaleVehicles(conn: Conn, n: number, onBatch?: (inserted: number) => void) {
  const ids = async (sql: string) => (await all<{ id: number }>(conn, sql)).map((r) => r.id);
  const carrierIds = await ids('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id');
  const carModelIds = await ids('SELECT id FROM car_models WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id');
  const startId = (await one<{ n: number }>(conn, 'SELECT max(id) + 1 AS n FROM vehicles'))!.n;
  const taken = new Set((await all<{ p: string }>(conn, 'SELECT vehicle_no AS p FROM vehicles WHERE corp_id = 1')).map((r) => r.p));
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
    const done = await tx(conn, () => insertRows(conn, 'vehicles', fresh(Math.min(BATCH, n - inserted)) as Iterable<never>));
    if (done === 0) throw new Error('the vehicle generator ran dry');
    inserted += done;
    onBatch?.(inserted);
  }
  await run(conn, 'ANALYZE');
  return { inserted, skipped };
}
