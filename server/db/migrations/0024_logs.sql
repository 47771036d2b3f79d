CREATE TABLE `interface_usage` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`path` text NOT NULL,
	`day` text NOT NULL,
	`calls` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interface_usage_key` ON `interface_usage` (`corp_id`,`day`,`user_id`,`path`);--> statement-breakpoint
CREATE INDEX `interface_usage_corp_user_day` ON `interface_usage` (`corp_id`,`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `operation_logs` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`real_name` text,
	`created_at` integer NOT NULL,
	`path` text NOT NULL,
	`operation_id` text,
	`operation_name` text NOT NULL,
	`record_ids` text,
	`code` integer NOT NULL,
	`success` integer NOT NULL,
	`message` text,
	`client_address` text,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `operation_logs_corp_time` ON `operation_logs` (`corp_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `operation_logs_corp_user_time` ON `operation_logs` (`corp_id`,`user_id`,`created_at`);