CREATE TABLE `temperature_rules` (
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
	`temp_min` real NOT NULL,
	`temp_max` real NOT NULL,
	`channels` text,
	`tolerance_minutes` integer DEFAULT 5 NOT NULL,
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
CREATE UNIQUE INDEX `temperature_rules_rule_name` ON `temperature_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `temperature_rules_customer_id` ON `temperature_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `temperature_rules_carrier_id` ON `temperature_rules` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `temperature_rules_business_type` ON `temperature_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `temperature_rules_status` ON `temperature_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `temperature_rules_updated` ON `temperature_rules` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `rule_versions` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`rule_type` text NOT NULL,
	`rule_id` integer NOT NULL,
	`version` integer NOT NULL,
	`valid_since` integer NOT NULL,
	`valid_until` integer,
	`record` text NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rule_versions_corp_type` ON `rule_versions` (`corp_id`,`rule_type`,`valid_since`);--> statement-breakpoint
CREATE INDEX `rule_versions_rule` ON `rule_versions` (`rule_id`,`rule_type`);