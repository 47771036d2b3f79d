// Stowage (spec section 7 "orderStowageTask/*", "orderStowageSetting/save"): several orders loaded
// into ONE waybill. A task gathers orders (status 1101 未配载); once a vehicle or car model is chosen
// it is 1102 配载中 until the result is confirmed, which creates the waybill (waybill_id set).
import { sqliteTable, integer, text, real, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { audit, carModels, corporations, drivers, live, vehicles } from './schema.ts';
import { orders, waybills } from './schema-transport.ts';

const corp = () => integer('corp_id').notNull().references(() => corporations.id);

export const orderStowageTasks = sqliteTable('order_stowage_tasks', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  taskNo: text('task_no').notNull(),
  /** stowageStatus catalogue: 1101 未配载, 1102 配载中. */
  status: integer('status').notNull(),
  vehicleId: integer('vehicle_id').references(() => vehicles.id),
  driverId: integer('driver_id').references(() => drivers.id),
  carModelId: integer('car_model_id').references(() => carModels.id),
  /** The waybill the confirmed result created; a task with one is closed. */
  waybillId: integer('waybill_id').references(() => waybills.id),
  confirmedAt: integer('confirmed_at'),
  remark: text('remark'),
  ...audit,
}, (t) => [
  uniqueIndex('order_stowage_tasks_no').on(t.corpId, t.taskNo).where(live),
  index('order_stowage_tasks_corp').on(t.corpId, t.isDeleted, t.status, t.updatedAt),
]);

/** The orders of a task, in loading order (the route's nodes follow it). */
export const orderStowageTaskOrders = sqliteTable('order_stowage_task_orders', {
  taskId: integer('task_id').notNull().references(() => orderStowageTasks.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().references(() => orders.id),
  seq: integer('seq').notNull(),
}, (t) => [primaryKey({ columns: [t.taskId, t.orderId] }), index('order_stowage_task_orders_order').on(t.orderId)]);

/** One row per corporation: the limits a stowage task must keep. */
export const orderStowageSettings = sqliteTable('order_stowage_settings', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  /** Most orders in one task. */
  maxOrders: integer('max_orders').notNull(),
  /** Highest load rate (%) of the car model's weight or volume a task may reach. */
  maxLoadRate: real('max_load_rate').notNull(),
  /** 1: all orders of a task leave from the same place. */
  sameShipperArea: integer('same_shipper_area').notNull(),
  /** 1: all orders of a task have the same business type. */
  sameBusinessType: integer('same_business_type').notNull(),
  ...audit,
}, (t) => [uniqueIndex('order_stowage_settings_corp').on(t.corpId)]);

/**
 * Auto-stowage (智能配载, stowage rules): one run takes the open stowable orders, applies each order's
 * stowage rule and proposes vehicles with orders. A scheduled run is marked by its slot so that it runs
 * once (several instances may sweep); an on-demand run has none.
 */
export const stowageRuns = sqliteTable('stowage_runs', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  /** 1 手动触发, 2 定时运行. */
  kind: integer('kind').notNull(),
  /** A scheduled run's Shanghai day and time ('2026-11-27 08:00'); null on demand. */
  slot: text('slot'),
  userId: integer('user_id'),
  startedAt: integer('started_at').notNull(),
  finishedAt: integer('finished_at'),
}, (t) => [uniqueIndex('stowage_runs_slot').on(t.corpId, t.slot)]);

/** A proposal: one vehicle and its orders, awaiting the dispatcher (intelligentGenerationStatus 1–6). */
export const stowageProposals = sqliteTable('stowage_proposals', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  runId: integer('run_id').notNull().references(() => stowageRuns.id),
  proposalNo: text('proposal_no').notNull(),
  /** intelligentGenerationStatus: 1 生成中, 2 待采纳, 3 已采纳, 4 未采纳, 5 生成失败, 6 手动结束. */
  status: integer('status').notNull(),
  /** Why generation failed (status 5), e.g. 无可用车辆. */
  reason: text('reason'),
  ruleId: integer('rule_id'),
  ruleName: text('rule_name'),
  carrierId: integer('carrier_id'),
  vehicleId: integer('vehicle_id').references(() => vehicles.id),
  carModelId: integer('car_model_id').references(() => carModels.id),
  totalWeight: real('total_weight'),
  totalVolume: real('total_volume'),
  loadRate: real('load_rate'),
  /** The stowage task an adopted proposal became. */
  taskId: integer('task_id').references(() => orderStowageTasks.id),
  ...audit,
}, (t) => [
  uniqueIndex('stowage_proposals_no').on(t.corpId, t.proposalNo),
  index('stowage_proposals_corp').on(t.corpId, t.status, t.id),
]);

/** The orders of a proposal, in loading order. An order is in at most one live (1, 2) proposal. */
export const stowageProposalOrders = sqliteTable('stowage_proposal_orders', {
  proposalId: integer('proposal_id').notNull().references(() => stowageProposals.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().references(() => orders.id),
  seq: integer('seq').notNull(),
}, (t) => [primaryKey({ columns: [t.proposalId, t.orderId] }), index('stowage_proposal_orders_order').on(t.orderId)]);
