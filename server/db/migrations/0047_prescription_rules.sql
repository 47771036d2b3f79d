CREATE TABLE `prescription_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`rule_name` text NOT NULL,
	`customer_id` integer,
	`carrier_id` integer,
	`business_type` integer,
	`origin_province` text,
	`origin_city` text,
	`dest_province` text,
	`dest_city` text,
	`conditions` text,
	`load_arrive_hours` real,
	`load_arrive_clock` text,
	`load_dwell_hours` real,
	`transport_hours` real,
	`km_per_day` integer,
	`unload_dwell_hours` real,
	`tolerance_minutes` integer DEFAULT 0 NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`valid_from` integer,
	`valid_to` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prescription_rules_rule_name` ON `prescription_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `prescription_rules_customer_id` ON `prescription_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `prescription_rules_carrier_id` ON `prescription_rules` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `prescription_rules_business_type` ON `prescription_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `prescription_rules_status` ON `prescription_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `prescription_rules_updated` ON `prescription_rules` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
ALTER TABLE `waybill_nodes` ADD `arrive_by_rule` integer;--> statement-breakpoint
ALTER TABLE `waybill_nodes` ADD `leave_by_rule` integer;--> statement-breakpoint
ALTER TABLE `waybill_nodes` ADD `tolerance_minutes` integer;--> statement-breakpoint
ALTER TABLE `waybills` ADD `transport_limit_minutes` integer;--> statement-breakpoint
ALTER TABLE `waybills` ADD `timeliness_status` integer;--> statement-breakpoint
ALTER TABLE `waybills` ADD `transport_status` integer;