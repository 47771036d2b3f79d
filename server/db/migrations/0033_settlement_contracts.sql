CREATE TABLE `contract_rate_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`rule_name` text NOT NULL,
	`origin_province` text,
	`origin_city` text,
	`origin_district` text,
	`dest_province` text,
	`dest_city` text,
	`dest_district` text,
	`business_type` integer,
	`car_model_id` integer,
	`goods_category` integer,
	`temperature_class` integer,
	`pricing_method` integer NOT NULL,
	`unit_price` integer,
	`tier_basis` integer,
	`tiers` text,
	`min_charge` integer,
	`fee_items` text,
	`fuel_linked` integer DEFAULT 0 NOT NULL,
	`fuel_base_price` integer,
	`fuel_coefficient` real,
	`fuel_region` text,
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
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`car_model_id`) REFERENCES `car_models`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `contract_rate_rules_contract_id` ON `contract_rate_rules` (`corp_id`,`is_deleted`,`contract_id`);--> statement-breakpoint
CREATE INDEX `contract_rate_rules_car_model_id` ON `contract_rate_rules` (`corp_id`,`is_deleted`,`car_model_id`);--> statement-breakpoint
CREATE INDEX `contract_rate_rules_pricing_method` ON `contract_rate_rules` (`corp_id`,`is_deleted`,`pricing_method`);--> statement-breakpoint
CREATE INDEX `contract_rate_rules_business_type` ON `contract_rate_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `contract_rate_rules_temperature_class` ON `contract_rate_rules` (`corp_id`,`is_deleted`,`temperature_class`);--> statement-breakpoint
CREATE INDEX `contract_rate_rules_updated` ON `contract_rate_rules` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `fee_items` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`fee_code` text NOT NULL,
	`fee_name` text NOT NULL,
	`fee_kind` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_items_fee_code` ON `fee_items` (`corp_id`,`fee_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `fee_items_fee_name` ON `fee_items` (`corp_id`,`fee_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `fee_items_fee_kind` ON `fee_items` (`corp_id`,`is_deleted`,`fee_kind`);--> statement-breakpoint
CREATE INDEX `fee_items_status` ON `fee_items` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `fee_items_updated` ON `fee_items` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `oil_prices` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`region` text NOT NULL,
	`oil_type` integer DEFAULT 0 NOT NULL,
	`price` integer NOT NULL,
	`effective_date` integer NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oil_prices_region_oil_type_effective_date` ON `oil_prices` (`corp_id`,`region`,`oil_type`,`effective_date`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `oil_prices_oil_type` ON `oil_prices` (`corp_id`,`is_deleted`,`oil_type`);--> statement-breakpoint
CREATE INDEX `oil_prices_updated` ON `oil_prices` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
DROP INDEX `contracts_status`;--> statement-breakpoint
ALTER TABLE `contracts` ADD `terminated_at` integer;--> statement-breakpoint
ALTER TABLE `contracts` ADD `terminate_reason` text;--> statement-breakpoint
ALTER TABLE `contracts` DROP COLUMN `status`;