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
