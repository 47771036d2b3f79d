CREATE TABLE `check_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`rule_name` text NOT NULL,
	`check_type` integer NOT NULL,
	`customer_id` integer,
	`carrier_id` integer,
	`business_type` integer,
	`origin_province` text,
	`origin_city` text,
	`dest_province` text,
	`dest_city` text,
	`conditions` text,
	`questions` text NOT NULL,
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
CREATE UNIQUE INDEX `check_rules_rule_name` ON `check_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `check_rules_customer_id` ON `check_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `check_rules_carrier_id` ON `check_rules` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `check_rules_check_type` ON `check_rules` (`corp_id`,`is_deleted`,`check_type`);--> statement-breakpoint
CREATE INDEX `check_rules_business_type` ON `check_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `check_rules_status` ON `check_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `check_rules_updated` ON `check_rules` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `waybill_checks` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`check_type` integer NOT NULL,
	`rule_id` integer NOT NULL,
	`rule_version` integer NOT NULL,
	`rule_name` text NOT NULL,
	`answers` text NOT NULL,
	`passed` integer NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waybill_checks_waybill` ON `waybill_checks` (`waybill_id`,`check_type`);