DROP INDEX "waybill_orders_order";--> statement-breakpoint
CREATE INDEX "waybill_orders_order" ON "waybill_orders" USING btree ("order_id","waybill_id");