CREATE TABLE `stowage_proposal_orders` (
	`proposal_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`proposal_id`, `order_id`),
	FOREIGN KEY (`proposal_id`) REFERENCES `stowage_proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stowage_proposal_orders_order` ON `stowage_proposal_orders` (`order_id`);--> statement-breakpoint
CREATE TABLE `stowage_proposals` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`run_id` integer NOT NULL,
	`proposal_no` text NOT NULL,
	`status` integer NOT NULL,
	`reason` text,
	`rule_id` integer,
	`rule_name` text,
	`carrier_id` integer,
	`vehicle_id` integer,
	`car_model_id` integer,
	`total_weight` real,
	`total_volume` real,
	`load_rate` real,
	`task_id` integer,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `stowage_runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`car_model_id`) REFERENCES `car_models`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `order_stowage_tasks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stowage_proposals_no` ON `stowage_proposals` (`corp_id`,`proposal_no`);--> statement-breakpoint
CREATE INDEX `stowage_proposals_corp` ON `stowage_proposals` (`corp_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `stowage_runs` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`kind` integer NOT NULL,
	`slot` text,
	`user_id` integer,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stowage_runs_slot` ON `stowage_runs` (`corp_id`,`slot`);--> statement-breakpoint
CREATE TABLE `stowage_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`rule_name` text NOT NULL,
	`customer_id` integer,
	`business_type` integer,
	`origin_province` text,
	`origin_city` text,
	`dest_province` text,
	`dest_city` text,
	`conditions` text,
	`vehicle_carrier_id` integer NOT NULL,
	`car_model_ids` text NOT NULL,
	`max_orders` integer DEFAULT 10 NOT NULL,
	`max_load_rate` real DEFAULT 100 NOT NULL,
	`loading_place` integer DEFAULT 0 NOT NULL,
	`unloading_place` integer DEFAULT 0 NOT NULL,
	`auto_run` integer DEFAULT 0 NOT NULL,
	`run_times` text,
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
	FOREIGN KEY (`vehicle_carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stowage_rules_rule_name` ON `stowage_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `stowage_rules_customer_id` ON `stowage_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `stowage_rules_vehicle_carrier_id` ON `stowage_rules` (`corp_id`,`is_deleted`,`vehicle_carrier_id`);--> statement-breakpoint
CREATE INDEX `stowage_rules_business_type` ON `stowage_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `stowage_rules_status` ON `stowage_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `stowage_rules_auto_run` ON `stowage_rules` (`corp_id`,`is_deleted`,`auto_run`);--> statement-breakpoint
CREATE INDEX `stowage_rules_updated` ON `stowage_rules` (`corp_id`,`is_deleted`,`updated_at`);