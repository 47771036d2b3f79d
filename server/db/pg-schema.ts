// The PostgreSQL tables, made from the SQLite table definitions (server/db/schema*.ts), so a table is
// declared once. drizzle-kit reads this file for the PostgreSQL migrations (drizzle.pg.config.ts):
// SQLite's 64-bit `integer` becomes `bigint` (our ids and epoch milliseconds), `real` becomes
// `double precision` (SQLite's real is 8 bytes; PostgreSQL's `real` would round coordinates),
// `text` stays, the blob becomes `bytea`; an integer primary key `id` is an identity column, as
// SQLite's rowid is. Indexes, partial unique indexes and foreign keys carry over by name.
import { getTableColumns, type SQL } from 'drizzle-orm';
import { bigint, customType, doublePrecision, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, type PgColumnBuilderBase, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as base from './schema.ts';
import * as sTransport from './schema-transport.ts';
import * as sStowage from './schema-stowage.ts';
import * as sTracking from './schema-tracking.ts';
import * as sTransfer from './schema-transfer.ts';
import * as sWaybillHistory from './schema-waybill-history.ts';
import * as sWaybillGoods from './schema-waybill-goods.ts';
import * as sAlarms from './schema-alarms.ts';
import * as sExports from './schema-exports.ts';
import * as sImports from './schema-imports.ts';
import * as sMessages from './schema-messages.ts';
import * as sFlash from './schema-flash.ts';
import * as sWaybillDayCounts from './schema-waybill-day-counts.ts';
import * as sTrackSummary from './schema-track-summary.ts';
import * as sReportStats from './schema-report-stats.ts';
import * as sResources from './schema-resources.ts';
import * as sLogs from './schema-logs.ts';
import * as sSettlement from './schema-settlement.ts';
import * as sPayments from './schema-payments.ts';
import * as sRules from './schema-rules.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

function columnOf(c: SQLiteColumn, onlyKey: boolean): PgColumnBuilderBase {
  let b;
  switch (c.columnType) {
    case 'SQLiteInteger':
      // SQLite's integer primary key `id` numbers new rows itself: an identity column does the same.
      b = c.primary && onlyKey && c.name === 'id' ? bigint(c.name, { mode: 'number' }).generatedByDefaultAsIdentity() : bigint(c.name, { mode: 'number' });
      break;
    case 'SQLiteReal':
      b = doublePrecision(c.name);
      break;
    case 'SQLiteBlobBuffer':
      b = bytea(c.name);
      break;
    case 'SQLiteText':
      b = text(c.name);
      break;
    default:
      throw new Error(`pg-schema: column ${c.name} has an unmapped type ${c.columnType}`);
  }
  if (c.primary) b = b.primaryKey();
  if (c.notNull && !c.primary) b = b.notNull();
  if (c.hasDefault && c.default !== undefined) b = b.default(c.default as never);
  if (c.isUnique) b = b.unique(c.uniqueName);
  return b;
}

/** Twins made so far; foreign keys find the table they point to here (resolved lazily, by drizzle). */
const twins = new Map<SQLiteTable, PgTable>();
const keyIn = (table: SQLiteTable, name: string) => Object.entries(getTableColumns(table)).find(([, c]) => c.name === name)![0];

function twin(table: SQLiteTable) {
  const config = getTableConfig(table);
  const keys = getTableColumns(table);
  const columns = Object.fromEntries(Object.entries(keys).map(([key, col]) => [key, columnOf(col as SQLiteColumn, config.primaryKeys.length === 0)]));
  const made = pgTable(config.name, columns, (t) => {
    const col = (c: { name: string }) => (t as Record<string, never>)[keyIn(table, c.name)];
    return [
      ...config.primaryKeys.map((pk) => primaryKey({ name: pk.getName(), columns: pk.columns.map(col) as never })),
      ...config.indexes.map((i) => {
        const on = (i.config.unique ? uniqueIndex : index)(i.config.name).on(...(i.config.columns.map((c) => col(c as SQLiteColumn)) as [never]));
        return i.config.where ? on.where(i.config.where as SQL) : on;
      }),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const target = twins.get(ref.foreignTable as SQLiteTable) as unknown as Record<string, never>;
        const key = foreignKey({ name: fk.getName(), columns: ref.columns.map(col) as never, foreignColumns: ref.foreignColumns.map((c) => target[keyIn(ref.foreignTable as SQLiteTable, c.name)]) as never });
        return fk.onDelete ? key.onDelete(fk.onDelete) : key;
      }),
    ];
  });
  twins.set(table, made);
  return made;
}

// Each table's twin, named as in the SQLite schema (drizzle-kit reads this module's exports). A new
// SQLite table needs its line here; tests/pg-schema.test.ts fails until it has one.
export const areas = twin(base.areas);
export const carModels = twin(base.carModels);
export const carriers = twin(base.carriers);
export const corporations = twin(base.corporations);
export const customers = twin(base.customers);
export const departments = twin(base.departments);
export const drivers = twin(base.drivers);
export const dashboardRuleSets = twin(base.dashboardRuleSets);
export const fieldSettings = twin(base.fieldSettings);
export const files = twin(base.files);
export const loginAddresses = twin(base.loginAddresses);
export const loginThrottle = twin(base.loginThrottle);
export const menus = twin(base.menus);
export const operations = twin(base.operations);
export const recordHistory = twin(base.recordHistory);
export const roleOperations = twin(base.roleOperations);
export const roles = twin(base.roles);
export const sessions = twin(base.sessions);
export const cacheVersions = twin(base.cacheVersions);
export const terminalCredentials = twin(base.terminalCredentials);
export const userRoles = twin(base.userRoles);
export const users = twin(base.users);
export const vehicles = twin(base.vehicles);
export const orderGoods = twin(sTransport.orderGoods);
export const orderHistory = twin(sTransport.orderHistory);
export const orderPartGoods = twin(sTransport.orderPartGoods);
export const orderParts = twin(sTransport.orderParts);
export const orders = twin(sTransport.orders);
export const waybillEvaluations = twin(sTransport.waybillEvaluations);
export const waybillEvents = twin(sTransport.waybillEvents);
export const waybillNodes = twin(sTransport.waybillNodes);
export const waybillOrders = twin(sTransport.waybillOrders);
export const waybillReceipts = twin(sTransport.waybillReceipts);
export const waybills = twin(sTransport.waybills);
export const orderStowageSettings = twin(sStowage.orderStowageSettings);
export const orderStowageTaskOrders = twin(sStowage.orderStowageTaskOrders);
export const orderStowageTasks = twin(sStowage.orderStowageTasks);
export const stowageRuns = twin(sStowage.stowageRuns);
export const stowageProposals = twin(sStowage.stowageProposals);
export const stowageProposalOrders = twin(sStowage.stowageProposalOrders);
export const trackChunks = twin(sTracking.trackChunks);
export const trackIconSettings = twin(sTracking.trackIconSettings);
export const vehicleLastPositions = twin(sTracking.vehicleLastPositions);
export const jt808Terminals = twin(sTracking.jt808Terminals);
export const transferGoods = twin(sTransfer.transferGoods);
export const transfers = twin(sTransfer.transfers);
export const waybillHistory = twin(sWaybillHistory.waybillHistory);
export const waybillGoods = twin(sWaybillGoods.waybillGoods);
export const alarmMedia = twin(sAlarms.alarmMedia);
export const alarmSettings = twin(sAlarms.alarmSettings);
export const alarms = twin(sAlarms.alarms);
export const waybillTemperatureRanges = twin(sAlarms.waybillTemperatureRanges);
export const exportTasks = twin(sExports.exportTasks);
export const importTasks = twin(sImports.importTasks);
export const messages = twin(sMessages.messages);
export const systemNotices = twin(sMessages.systemNotices);
export const notifications = twin(sMessages.notifications);
export const flashPhotos = twin(sFlash.flashPhotos);
export const waybillDayCounts = twin(sWaybillDayCounts.waybillDayCounts);
export const trackDaySummaries = twin(sTrackSummary.trackDaySummaries);
export const waybillDayStats = twin(sReportStats.waybillDayStats);
export const operationLogs = twin(sLogs.operationLogs);
export const waybillFees = twin(sSettlement.waybillFees);
export const bills = twin(sSettlement.bills);
export const billLines = twin(sSettlement.billLines);
export const waybillPayments = twin(sPayments.waybillPayments);
export const paymentAttempts = twin(sPayments.paymentAttempts);
export const waybillDeductions = twin(sSettlement.waybillDeductions);
export const carrierLossShares = twin(sSettlement.carrierLossShares);
export const waybillAllowances = twin(sSettlement.waybillAllowances);
export const waybillFeeEstimates = twin(sSettlement.waybillFeeEstimates);
export const interfaceUsage = twin(sLogs.interfaceUsage);
export const ruleVersions = twin(sRules.ruleVersions);
export const evaluateSettings = twin(sRules.evaluateSettings);
export const evaluationAnswers = twin(sRules.evaluationAnswers);

export const timedRuleMarks = twin(sRules.timedRuleMarks);

export const waybillChecks = twin(sRules.waybillChecks);
export const fixedLineRuns = twin(sRules.fixedLineRuns);
// <generated by npm run gen: the twins of the tables in schema-resources.ts>
export const accessInspectionRules = twin(sResources.accessInspectionRules);
export const alarmContacts = twin(sResources.alarmContacts);
export const allowanceRules = twin(sResources.allowanceRules);
export const areaDeliverySettings = twin(sResources.areaDeliverySettings);
export const baseDictionaries = twin(sResources.baseDictionaries);
export const checkRules = twin(sResources.checkRules);
export const containers = twin(sResources.containers);
export const contracts = twin(sResources.contracts);
export const contractRateRules = twin(sResources.contractRateRules);
export const delegateRules = twin(sResources.delegateRules);
export const deliveries = twin(sResources.deliveries);
export const departureRules = twin(sResources.departureRules);
export const areaDistances = twin(sResources.areaDistances);
export const equips = twin(sResources.equips);
export const factoryShipmentSettings = twin(sResources.factoryShipmentSettings);
export const farmProduces = twin(sResources.farmProduces);
export const feeItems = twin(sResources.feeItems);
export const fixedLines = twin(sResources.fixedLines);
export const fixedLineSchedulings = twin(sResources.fixedLineSchedulings);
export const goods = twin(sResources.goods);
export const lineFreights = twin(sResources.lineFreights);
export const lossPlanRules = twin(sResources.lossPlanRules);
export const monthlyCards = twin(sResources.monthlyCards);
export const oilPrices = twin(sResources.oilPrices);
export const packageInfos = twin(sResources.packageInfos);
export const pieces = twin(sResources.pieces);
export const prescriptionRules = twin(sResources.prescriptionRules);
export const progressRemindRules = twin(sResources.progressRemindRules);
export const shipperReceivers = twin(sResources.shipperReceivers);
export const storeLocations = twin(sResources.storeLocations);
export const stowageRules = twin(sResources.stowageRules);
export const temperatureRules = twin(sResources.temperatureRules);
export const unitPrices = twin(sResources.unitPrices);
export const waybillRules = twin(sResources.waybillRules);
// </generated>
