DROP INDEX `waybill_orders_order`;--> statement-breakpoint
CREATE INDEX `waybill_orders_order` ON `waybill_orders` (`order_id`,`waybill_id`);