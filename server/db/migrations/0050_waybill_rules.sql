CREATE TABLE `waybill_rules` (
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
	`arrive_start` integer DEFAULT 0 NOT NULL,
	`leave_start` integer DEFAULT 0 NOT NULL,
	`via_auto` integer DEFAULT 0 NOT NULL,
	`arrive_end` integer DEFAULT 0 NOT NULL,
	`leave_end` integer DEFAULT 0 NOT NULL,
	`min_stay_minutes` integer DEFAULT 5 NOT NULL,
	`end_after_sign_hours` integer,
	`conditions` text,
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
CREATE UNIQUE INDEX `waybill_rules_rule_name` ON `waybill_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `waybill_rules_customer_id` ON `waybill_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `waybill_rules_carrier_id` ON `waybill_rules` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `waybill_rules_business_type` ON `waybill_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `waybill_rules_status` ON `waybill_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `waybill_rules_updated` ON `waybill_rules` (`corp_id`,`is_deleted`,`updated_at`);