CREATE TABLE `alarm_media` (
	`alarm_id` integer NOT NULL,
	`file_id` text NOT NULL,
	`media_type` integer NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`alarm_id`, `file_id`),
	FOREIGN KEY (`alarm_id`) REFERENCES `alarms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `alarm_settings` (
	`corp_id` integer PRIMARY KEY NOT NULL,
	`overspeed_kmh` real,
	`overspeed_min_ms` integer,
	`temp_min` real,
	`temp_max` real,
	`temp_min_ms` integer,
	`stop_min_ms` integer,
	`stop_max_speed_kmh` real,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `alarms` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`waybill_id` integer,
	`carrier_id` integer,
	`driver_id` integer,
	`first_alarm_type` integer NOT NULL,
	`last_alarm_type` integer NOT NULL,
	`alarm_type` integer NOT NULL,
	`begin_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`begin_lon` real,
	`begin_lat` real,
	`end_lon` real,
	`end_lat` real,
	`begin_place_name` text,
	`end_place_name` text,
	`area_name` text,
	`alarm_content` text NOT NULL,
	`peak_value` real,
	`status` integer DEFAULT 1 NOT NULL,
	`confirmed` integer DEFAULT 1 NOT NULL,
	`handle_status` integer DEFAULT 0 NOT NULL,
	`handle_remark` text,
	`handle_user_id` integer,
	`handle_user_name` text,
	`handle_time` integer,
	`event_level` integer,
	`speed` real,
	`created_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `drivers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`handle_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `alarms_corp_handle` ON `alarms` (`corp_id`,`confirmed`,`handle_status`,`begin_time`);--> statement-breakpoint
CREATE INDEX `alarms_carrier` ON `alarms` (`corp_id`,`carrier_id`,`begin_time`);--> statement-breakpoint
CREATE INDEX `alarms_vehicle_open` ON `alarms` (`vehicle_id`,`last_alarm_type`,`status`);--> statement-breakpoint
CREATE INDEX `alarms_vehicle_time` ON `alarms` (`vehicle_id`,`begin_time`);--> statement-breakpoint
CREATE INDEX `alarms_waybill` ON `alarms` (`waybill_id`,`begin_time`);--> statement-breakpoint
CREATE TABLE `waybill_temperature_ranges` (
	`waybill_id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`temp_min` real NOT NULL,
	`temp_max` real NOT NULL,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
