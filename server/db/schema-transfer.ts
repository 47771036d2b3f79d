// Transfers (transfer/*): goods unloaded from one vehicle's waybill at a place (status 1 待转运),
// then loaded onto another vehicle (status 2 已转运), which ends the first waybill as 700 已转运
// and creates the receiving waybill. The quantities moved are kept per goods line, so what left
// vehicle A is exactly what vehicle B carries on.
import { sqliteTable, integer, real, text, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { areas, audit, corporations, vehicles } from './schema.ts';
import { waybills } from './schema-transport.ts';

export const transfers = sqliteTable('transfers', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  fromWaybillId: integer('from_waybill_id').notNull().references(() => waybills.id),
  fromVehicleId: integer('from_vehicle_id').references(() => vehicles.id),
  /** Where the goods were put down. */
  areaId: integer('area_id').notNull().references(() => areas.id),
  unloadedAt: integer('unloaded_at').notNull(),
  /** 1 unloaded, waiting for a vehicle; 2 loaded onto the receiving waybill. */
  status: integer('status').notNull(),
  toWaybillId: integer('to_waybill_id').references(() => waybills.id),
  toVehicleId: integer('to_vehicle_id').references(() => vehicles.id),
  allocatedAt: integer('allocated_at'),
  remark: text('remark'),
  ...audit,
}, (t) => [
  index('transfers_from').on(t.fromWaybillId),
  index('transfers_to').on(t.toWaybillId),
  index('transfers_corp').on(t.corpId, t.isDeleted, t.updatedAt),
]);

/** The quantity of each goods line moved (an order goods id, or a hand goods id of the first waybill). */
export const transferGoods = sqliteTable('transfer_goods', {
  transferId: integer('transfer_id').notNull().references(() => transfers.id, { onDelete: 'cascade' }),
  goodsId: integer('goods_id').notNull(),
  goodsName: text('goods_name').notNull(),
  quantity: real('quantity').notNull(),
}, (t) => [primaryKey({ columns: [t.transferId, t.goodsId] })]);
