// Orders and waybills (issue 4): the tables behind the state machines of server/domain/workflow.
// Quantities are REAL with at most 3 decimals (checked by the splits module); times are epoch ms.
import { sqliteTable, integer, text, real, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { areas, audit, carriers, corporations, customers, drivers, live, users, vehicles } from './schema.ts';
import { goods } from './schema-resources.ts';

const corp = () => integer('corp_id').notNull().references(() => corporations.id);

export const orders = sqliteTable('orders', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  orderNo: text('order_no').notNull(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  /** Business type 0-19; its group picks the business line (spec section 3). */
  businessType: integer('business_type').notNull(),
  /** Order catalogue; the order's own status until waybills carry its goods (order-machine.ts). */
  status: integer('status').notNull(),
  taskStatus: integer('task_status').notNull(),
  /** Carrier the order is delegated to, if any. */
  carrierId: integer('carrier_id').references(() => carriers.id),
  shipperAreaId: integer('shipper_area_id').notNull().references(() => areas.id),
  receiverAreaId: integer('receiver_area_id').notNull().references(() => areas.id),
  requiredLoadTime: integer('required_load_time'),
  requiredArriveTime: integer('required_arrive_time'),
  /** 1 while the order may still be split; 0 after 'finish split'. */
  splittable: integer('splittable').notNull().default(1),
  remark: text('remark'),
  ...audit,
}, (t) => [
  uniqueIndex('orders_no').on(t.corpId, t.orderNo).where(live),
  index('orders_corp_status').on(t.corpId, t.isDeleted, t.status, t.updatedAt),
  // Staff lists sort all of a corporation's live rows by time: without these SQLite sorts them all.
  index('orders_corp_updated').on(t.corpId, t.isDeleted, t.updatedAt),
  index('orders_corp_created').on(t.corpId, t.isDeleted, t.createdAt),
  index('orders_customer').on(t.corpId, t.isDeleted, t.customerId, t.updatedAt),
  index('orders_carrier').on(t.corpId, t.isDeleted, t.carrierId, t.updatedAt),
]);

export const orderGoods = sqliteTable('order_goods', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  /**
   * The catalogue goods (货品) the line was picked from; null for a line typed by hand (allowed by the
   * corporation's goodsSetting.freeText). Name, code and unit are still copied onto the line, so
   * editing the catalogue later changes no order (server/domain/orders/goods-lines.ts).
   */
  goodsInfoId: integer('goods_info_id').references(() => goods.id),
  goodsName: text('goods_name').notNull(),
  goodsCode: text('goods_code'),
  quantity: real('quantity').notNull(),
  weight: real('weight'),
  volume: real('volume'),
  /** Unit of quantity; weight and volume use the corporation's weightUnit and volumeUnit. */
  unit: text('unit').notNull(),
}, (t) => [index('order_goods_order').on(t.orderId), index('order_goods_goods_info').on(t.goodsInfoId)]);

/** One part of an order's goods, carried by at most one waybill. */
export const orderParts = sqliteTable('order_parts', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  partNo: integer('part_no').notNull(),
  cancelled: integer('cancelled').notNull().default(0),
  waybillId: integer('waybill_id').references(() => waybills.id),
  createdAt: integer('created_at').notNull(),
}, (t) => [uniqueIndex('order_parts_no').on(t.orderId, t.partNo), index('order_parts_waybill').on(t.waybillId)]);

export const orderPartGoods = sqliteTable('order_part_goods', {
  partId: integer('part_id').notNull().references(() => orderParts.id, { onDelete: 'cascade' }),
  orderGoodsId: integer('order_goods_id').notNull().references(() => orderGoods.id),
  quantity: real('quantity').notNull(),
}, (t) => [primaryKey({ columns: [t.partId, t.orderGoodsId] })]);

/** Every saved version of an order (orderInfoHistory/*): the whole order with its goods as JSON. */
export const orderHistory = sqliteTable('order_history', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  orderNo: text('order_no').notNull(),
  version: integer('version').notNull(),
  snapshot: text('snapshot').notNull(),
  userId: integer('user_id').notNull().references(() => users.id),
  changedAt: integer('changed_at').notNull(),
}, (t) => [uniqueIndex('order_history_version').on(t.corpId, t.orderNo, t.version)]);

export const waybills = sqliteTable('waybills', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  waybillNo: text('waybill_no').notNull(),
  waybillName: text('waybill_name'),
  businessType: integer('business_type').notNull(),
  /** The three catalogues of waybill-machine.ts. */
  status: integer('status').notNull(),
  step: integer('step').notNull(),
  signStatus: integer('sign_status').notNull(),
  carrierId: integer('carrier_id').references(() => carriers.id),
  vehicleId: integer('vehicle_id').references(() => vehicles.id),
  driverId: integer('driver_id').references(() => drivers.id),
  /** The waybill a transfer came from. */
  transferredFromId: integer('transferred_from_id'),
  /** Prescription (docs/rules.md): minutes its rule allows from leaving the loading place to reaching the unloading place. */
  transportLimitMinutes: integer('transport_limit_minutes'),
  /** Timeliness status 10–90 (dictionary timelinessStatus) as of the last node action: arrival, and transport duration. */
  timelinessStatus: integer('timeliness_status'),
  transportStatus: integer('transport_status'),
  remark: text('remark'),
  ...audit,
}, (t) => [
  uniqueIndex('waybills_no').on(t.corpId, t.waybillNo).where(live),
  index('waybills_corp_status').on(t.corpId, t.isDeleted, t.status, t.updatedAt),
  index('waybills_corp_updated').on(t.corpId, t.isDeleted, t.updatedAt),
  index('waybills_corp_created').on(t.corpId, t.isDeleted, t.createdAt),
  index('waybills_carrier').on(t.corpId, t.isDeleted, t.carrierId, t.updatedAt),
  index('waybills_vehicle').on(t.vehicleId),
]);

/** Which orders a waybill carries: one order split over several waybills, several orders stowed in one. */
export const waybillOrders = sqliteTable('waybill_orders', {
  corpId: corp(),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull().references(() => orders.id),
  partId: integer('part_id').references(() => orderParts.id),
}, (t) => [primaryKey({ columns: [t.waybillId, t.orderId] }), index('waybill_orders_order').on(t.orderId, t.waybillId)]);

/** The route: start, via points and end, with required and actual times; state 2 early, 3 late. */
export const waybillNodes = sqliteTable('waybill_nodes', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  nodeType: text('node_type').notNull(),
  areaId: integer('area_id').notNull().references(() => areas.id),
  requiredArriveTime: integer('required_arrive_time'),
  actualArriveTime: integer('actual_arrive_time'),
  requiredLeaveTime: integer('required_leave_time'),
  actualLeaveTime: integer('actual_leave_time'),
  arriveState: integer('arrive_state'),
  leaveState: integer('leave_state'),
  /** The prescription rule that set the required arrive / leave time; null: typed (or none). */
  arriveByRule: integer('arrive_by_rule'),
  leaveByRule: integer('leave_by_rule'),
  /** The early/late tolerance (minutes) of the prescription rule in force when the times were set. */
  toleranceMinutes: integer('tolerance_minutes'),
}, (t) => [
  uniqueIndex('waybill_nodes_seq').on(t.waybillId, t.seq),
  // When a waybill completed (its end node's actual leave time, domain/settlement/completion.ts), read
  // from the index alone: 批量估算 picks a month's waybills by it and createBills a carrier's, and with
  // only waybill_nodes_seq each test read every node row of the waybill (a month: 2.3 million rows).
  index('waybill_nodes_completion').on(t.waybillId, t.nodeType, t.actualLeaveTime),
  // Where a fence is used (the fence list's counts, its where-used view).
  index('waybill_nodes_area').on(t.areaId),
]);

/** The timeline: one row per action that moved a waybill, with who and when. */
export const waybillEvents = sqliteTable('waybill_events', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  fromStatus: integer('from_status').notNull(),
  toStatus: integer('to_status').notNull(),
  fromStep: integer('from_step').notNull(),
  toStep: integer('to_step').notNull(),
  nodeId: integer('node_id'),
  /** JSON: the dialog's input (quantities, review opinion, receipt file ids, ...). */
  payload: text('payload'),
  userId: integer('user_id').notNull().references(() => users.id),
  userName: text('user_name').notNull(),
  at: integer('at').notNull(),
}, (t) => [index('waybill_events_waybill').on(t.waybillId, t.at)]);

export const waybillEvaluations = sqliteTable('waybill_evaluations', {
  id: integer('id').primaryKey(),
  corpId: corp(),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id, { onDelete: 'cascade' }),
  score: integer('score').notNull(),
  content: text('content'),
  userId: integer('user_id').notNull().references(() => users.id),
  at: integer('at').notNull(),
  /** The service comment setting version the evaluation answered (evaluate_settings.id; null before there was one). */
  settingId: integer('setting_id'),
});

/** Receipt files (uploaded through the upload endpoint) attached to a waybill. */
export const waybillReceipts = sqliteTable('waybill_receipts', {
  waybillId: integer('waybill_id').notNull().references(() => waybills.id, { onDelete: 'cascade' }),
  fileId: text('file_id').notNull(),
  corpId: corp(),
}, (t) => [
  primaryKey({ columns: [t.waybillId, t.fileId] }),
  // Which waybill names a file: the file rules and the upload centre ask by file.
  index('waybill_receipts_file').on(t.fileId),
]);
