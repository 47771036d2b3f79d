// Goods lines of a waybill added by hand (waybill/saveOrEdit without orders) or copied
// (waybill/copyWaybill). A waybill carries EITHER orders (its goods are the orders' lines or
// split parts) OR these lines, never both, so a goods id always names one line of the waybill.
import { sqliteTable, integer, text, real, index } from 'drizzle-orm/sqlite-core';
import { corporations } from './schema.ts';
import { waybills } from './schema-transport.ts';

export const waybillGoods = sqliteTable('waybill_goods', {
  id: integer('id').primaryKey(),
  corpId: integer('corp_id').notNull().references(() => corporations.id),
  waybillId: integer('waybill_id').notNull().references(() => waybills.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  goodsName: text('goods_name').notNull(),
  goodsCode: text('goods_code'),
  quantity: real('quantity').notNull(),
  weight: real('weight'),
  volume: real('volume'),
  unit: text('unit').notNull(),
}, (t) => [index('waybill_goods_waybill').on(t.waybillId, t.seq)]);
