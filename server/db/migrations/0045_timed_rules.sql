CREATE TABLE `progress_remind_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`rule_name` text NOT NULL,
	`classify_id` integer NOT NULL,
	`hours` integer NOT NULL,
	`notify_creator` integer DEFAULT 1 NOT NULL,
	`notify_carrier` integer DEFAULT 0 NOT NULL,
	`user_ids` text,
	`customer_id` integer,
	`carrier_id` integer,
	`business_type` integer,
	`origin_province` text,
	`origin_city` text,
	`dest_province` text,
	`dest_city` text,
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
CREATE UNIQUE INDEX `progress_remind_rules_rule_name` ON `progress_remind_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `progress_remind_rules_customer_id` ON `progress_remind_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `progress_remind_rules_carrier_id` ON `progress_remind_rules` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `progress_remind_rules_classify_id` ON `progress_remind_rules` (`corp_id`,`is_deleted`,`classify_id`);--> statement-breakpoint
CREATE INDEX `progress_remind_rules_status` ON `progress_remind_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `progress_remind_rules_updated` ON `progress_remind_rules` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `timed_rule_marks` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`kind` text NOT NULL,
	`waybill_id` integer NOT NULL,
	`outcome` integer NOT NULL,
	`due_at` integer NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `timed_rule_marks_key` ON `timed_rule_marks` (`kind`,`waybill_id`);