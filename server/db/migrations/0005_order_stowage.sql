CREATE TABLE `order_stowage_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`max_orders` integer NOT NULL,
	`max_load_rate` real NOT NULL,
	`same_shipper_area` integer NOT NULL,
	`same_business_type` integer NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_stowage_settings_corp` ON `order_stowage_settings` (`corp_id`);--> statement-breakpoint
CREATE TABLE `order_stowage_task_orders` (
	`task_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`task_id`, `order_id`),
	FOREIGN KEY (`task_id`) REFERENCES `order_stowage_tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_stowage_task_orders_order` ON `order_stowage_task_orders` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_stowage_tasks` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`task_no` text NOT NULL,
	`status` integer NOT NULL,
	`vehicle_id` integer,
	`driver_id` integer,
	`car_model_id` integer,
	`waybill_id` integer,
	`confirmed_at` integer,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `drivers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`car_model_id`) REFERENCES `car_models`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_stowage_tasks_no` ON `order_stowage_tasks` (`corp_id`,`task_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `order_stowage_tasks_corp` ON `order_stowage_tasks` (`corp_id`,`is_deleted`,`status`,`updated_at`);