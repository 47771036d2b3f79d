ALTER TABLE `areas` ADD `area_label` text;--> statement-breakpoint
CREATE INDEX `areas_corp_updated` ON `areas` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE INDEX `waybill_nodes_area` ON `waybill_nodes` (`area_id`);