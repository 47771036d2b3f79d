CREATE TABLE `fixed_line_schedulings` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`weekdays` text,
	`dates` text,
	`depart_time` text NOT NULL,
	`vehicle_id` integer,
	`driver_id` integer,
	`valid_from` integer NOT NULL,
	`valid_to` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`customer_id` integer,
	`carrier_id` integer,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`line_id`) REFERENCES `fixed_lines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `drivers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fixed_line_schedulings_line_id` ON `fixed_line_schedulings` (`corp_id`,`is_deleted`,`line_id`);--> statement-breakpoint
CREATE INDEX `fixed_line_schedulings_customer_id` ON `fixed_line_schedulings` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `fixed_line_schedulings_carrier_id` ON `fixed_line_schedulings` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `fixed_line_schedulings_vehicle_id` ON `fixed_line_schedulings` (`corp_id`,`is_deleted`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `fixed_line_schedulings_driver_id` ON `fixed_line_schedulings` (`corp_id`,`is_deleted`,`driver_id`);--> statement-breakpoint
CREATE INDEX `fixed_line_schedulings_status` ON `fixed_line_schedulings` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `fixed_line_schedulings_updated` ON `fixed_line_schedulings` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `fixed_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`line_name` text NOT NULL,
	`customer_id` integer NOT NULL,
	`carrier_id` integer,
	`business_type` integer NOT NULL,
	`car_model_id` integer,
	`vehicle_id` integer,
	`driver_id` integer,
	`stops` text NOT NULL,
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
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`car_model_id`) REFERENCES `car_models`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `drivers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fixed_lines_line_name` ON `fixed_lines` (`corp_id`,`line_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `fixed_lines_customer_id` ON `fixed_lines` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `fixed_lines_carrier_id` ON `fixed_lines` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `fixed_lines_car_model_id` ON `fixed_lines` (`corp_id`,`is_deleted`,`car_model_id`);--> statement-breakpoint
CREATE INDEX `fixed_lines_vehicle_id` ON `fixed_lines` (`corp_id`,`is_deleted`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `fixed_lines_driver_id` ON `fixed_lines` (`corp_id`,`is_deleted`,`driver_id`);--> statement-breakpoint
CREATE INDEX `fixed_lines_business_type` ON `fixed_lines` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `fixed_lines_status` ON `fixed_lines` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `fixed_lines_updated` ON `fixed_lines` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `fixed_line_runs` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`line_id` integer NOT NULL,
	`scheduling_id` integer NOT NULL,
	`run_day` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fixed_line_runs_key` ON `fixed_line_runs` (`scheduling_id`,`run_day`);--> statement-breakpoint
CREATE INDEX `fixed_line_runs_line` ON `fixed_line_runs` (`line_id`,`run_day`);--> statement-breakpoint
CREATE UNIQUE INDEX `fixed_line_runs_waybill` ON `fixed_line_runs` (`waybill_id`);