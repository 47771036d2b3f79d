CREATE TABLE `loss_plan_rules` (
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
	`unit_value` integer NOT NULL,
	`allowance_permille` integer DEFAULT 0 NOT NULL,
	`carrier_percent` integer NOT NULL,
	`cap_amount` integer,
	`share_mode` integer DEFAULT 2 NOT NULL,
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
CREATE UNIQUE INDEX `loss_plan_rules_rule_name` ON `loss_plan_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `loss_plan_rules_customer_id` ON `loss_plan_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `loss_plan_rules_carrier_id` ON `loss_plan_rules` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `loss_plan_rules_business_type` ON `loss_plan_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `loss_plan_rules_status` ON `loss_plan_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `loss_plan_rules_share_mode` ON `loss_plan_rules` (`corp_id`,`is_deleted`,`share_mode`);--> statement-breakpoint
CREATE INDEX `loss_plan_rules_updated` ON `loss_plan_rules` (`corp_id`,`is_deleted`,`updated_at`);