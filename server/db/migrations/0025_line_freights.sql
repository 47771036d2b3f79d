CREATE TABLE `line_freights` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`line_code` text NOT NULL,
	`line_name` text NOT NULL,
	`price_direction` integer NOT NULL,
	`customer_id` integer,
	`carrier_id` integer,
	`origin_province` text NOT NULL,
	`origin_city` text,
	`origin_district` text,
	`dest_province` text NOT NULL,
	`dest_city` text,
	`dest_district` text,
	`distance_km` real,
	`business_type` integer,
	`car_model_id` integer,
	`goods_category` integer,
	`pricing_method` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`min_charge` integer,
	`valid_from` integer NOT NULL,
	`valid_until` integer,
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
	FOREIGN KEY (`car_model_id`) REFERENCES `car_models`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `line_freights_line_code` ON `line_freights` (`corp_id`,`line_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `line_freights_customer_id` ON `line_freights` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `line_freights_carrier_id` ON `line_freights` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `line_freights_car_model_id` ON `line_freights` (`corp_id`,`is_deleted`,`car_model_id`);--> statement-breakpoint
CREATE INDEX `line_freights_price_direction` ON `line_freights` (`corp_id`,`is_deleted`,`price_direction`);--> statement-breakpoint
CREATE INDEX `line_freights_business_type` ON `line_freights` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `line_freights_goods_category` ON `line_freights` (`corp_id`,`is_deleted`,`goods_category`);--> statement-breakpoint
CREATE INDEX `line_freights_pricing_method` ON `line_freights` (`corp_id`,`is_deleted`,`pricing_method`);--> statement-breakpoint
CREATE INDEX `line_freights_status` ON `line_freights` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `line_freights_updated` ON `line_freights` (`corp_id`,`is_deleted`,`updated_at`);