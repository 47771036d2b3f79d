CREATE TABLE `area_delivery_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`area_id` integer NOT NULL,
	`delivery_id` integer,
	`vehicle_id` integer,
	`carrier_id` integer,
	`window_start` text,
	`window_end` text,
	`unload_minutes` integer,
	`need_receipt` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`delivery_id`) REFERENCES `deliveries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `area_delivery_settings_area_id` ON `area_delivery_settings` (`corp_id`,`area_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `area_delivery_settings_delivery_id` ON `area_delivery_settings` (`corp_id`,`is_deleted`,`delivery_id`);--> statement-breakpoint
CREATE INDEX `area_delivery_settings_vehicle_id` ON `area_delivery_settings` (`corp_id`,`is_deleted`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `area_delivery_settings_carrier_id` ON `area_delivery_settings` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `area_delivery_settings_need_receipt` ON `area_delivery_settings` (`corp_id`,`is_deleted`,`need_receipt`);--> statement-breakpoint
CREATE INDEX `area_delivery_settings_status` ON `area_delivery_settings` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `area_delivery_settings_updated` ON `area_delivery_settings` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `store_locations` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`store_code` text NOT NULL,
	`store_name` text NOT NULL,
	`customer_id` integer NOT NULL,
	`address` text,
	`original_lon` text,
	`original_lat` text,
	`area_id` integer,
	`remark` text,
	`calibrated_lon` text,
	`calibrated_lat` text,
	`calibration_status` integer DEFAULT 0 NOT NULL,
	`calibrated_by` text,
	`calibrated_at` integer,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_locations_store_code` ON `store_locations` (`corp_id`,`store_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `store_locations_customer_id` ON `store_locations` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `store_locations_area_id` ON `store_locations` (`corp_id`,`is_deleted`,`area_id`);--> statement-breakpoint
CREATE INDEX `store_locations_updated` ON `store_locations` (`corp_id`,`is_deleted`,`updated_at`);