CREATE TABLE `access_inspection_rules` (
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
	`check_driving_license` integer DEFAULT 0 NOT NULL,
	`check_transport_license` integer DEFAULT 0 NOT NULL,
	`check_insurance` integer DEFAULT 0 NOT NULL,
	`check_driver_license` integer DEFAULT 0 NOT NULL,
	`check_qualification` integer DEFAULT 0 NOT NULL,
	`require_temperature_device` integer DEFAULT 0 NOT NULL,
	`allowed_car_model_ids` text,
	`max_vehicle_age_years` integer,
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
CREATE UNIQUE INDEX `access_inspection_rules_rule_name` ON `access_inspection_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `access_inspection_rules_customer_id` ON `access_inspection_rules` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `access_inspection_rules_carrier_id` ON `access_inspection_rules` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `access_inspection_rules_business_type` ON `access_inspection_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `access_inspection_rules_status` ON `access_inspection_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `access_inspection_rules_updated` ON `access_inspection_rules` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `factory_shipment_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`area_id` integer NOT NULL,
	`ship_start` text,
	`ship_end` text,
	`daily_limit` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `factory_shipment_settings_area_id` ON `factory_shipment_settings` (`corp_id`,`area_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `factory_shipment_settings_status` ON `factory_shipment_settings` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `factory_shipment_settings_updated` ON `factory_shipment_settings` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
ALTER TABLE `drivers` ADD `license_expiry` integer;--> statement-breakpoint
ALTER TABLE `drivers` ADD `qualification_expiry` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `register_date` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `driving_license_expiry` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `transport_license_expiry` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `insurance_expiry` integer;