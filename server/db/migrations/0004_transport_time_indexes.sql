CREATE INDEX `orders_corp_updated` ON `orders` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_corp_created` ON `orders` (`corp_id`,`is_deleted`,`created_at`);--> statement-breakpoint
CREATE INDEX `waybills_corp_updated` ON `waybills` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE INDEX `waybills_corp_created` ON `waybills` (`corp_id`,`is_deleted`,`created_at`);