CREATE TABLE `alarm_contacts` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`contact_name` text NOT NULL,
	`mobile` text NOT NULL,
	`email` text,
	`position` text,
	`carrier_id` integer,
	`receive_business_alarm` integer DEFAULT 1 NOT NULL,
	`receive_driver_alarm` integer DEFAULT 0 NOT NULL,
	`receive_sms` integer DEFAULT 0 NOT NULL,
	`receive_message` integer DEFAULT 1 NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alarm_contacts_mobile` ON `alarm_contacts` (`corp_id`,`mobile`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `alarm_contacts_carrier_id` ON `alarm_contacts` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `alarm_contacts_receive_business_alarm` ON `alarm_contacts` (`corp_id`,`is_deleted`,`receive_business_alarm`);--> statement-breakpoint
CREATE INDEX `alarm_contacts_receive_driver_alarm` ON `alarm_contacts` (`corp_id`,`is_deleted`,`receive_driver_alarm`);--> statement-breakpoint
CREATE INDEX `alarm_contacts_status` ON `alarm_contacts` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `alarm_contacts_updated` ON `alarm_contacts` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `base_dictionaries` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`dic_type_key` text NOT NULL,
	`dic_type_name` text NOT NULL,
	`item_code` text NOT NULL,
	`item_label` text NOT NULL,
	`sort_no` integer DEFAULT 0 NOT NULL,
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
CREATE UNIQUE INDEX `base_dictionaries_dic_type_key_item_code` ON `base_dictionaries` (`corp_id`,`dic_type_key`,`item_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `base_dictionaries_status` ON `base_dictionaries` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `base_dictionaries_updated` ON `base_dictionaries` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `containers` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`container_code` text NOT NULL,
	`container_type` integer NOT NULL,
	`specification` text,
	`capacity_l` real,
	`tare_weight_kg` real,
	`carrier_id` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `containers_container_code` ON `containers` (`corp_id`,`container_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `containers_carrier_id` ON `containers` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `containers_container_type` ON `containers` (`corp_id`,`is_deleted`,`container_type`);--> statement-breakpoint
CREATE INDEX `containers_status` ON `containers` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `containers_updated` ON `containers` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `contracts` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`contract_no` text NOT NULL,
	`contract_name` text NOT NULL,
	`contract_type` integer NOT NULL,
	`customer_id` integer,
	`carrier_id` integer,
	`signed_at` integer,
	`valid_from` integer NOT NULL,
	`valid_until` integer NOT NULL,
	`status` integer DEFAULT 2 NOT NULL,
	`amount` integer,
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
CREATE UNIQUE INDEX `contracts_contract_no` ON `contracts` (`corp_id`,`contract_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `contracts_customer_id` ON `contracts` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `contracts_carrier_id` ON `contracts` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `contracts_contract_type` ON `contracts` (`corp_id`,`is_deleted`,`contract_type`);--> statement-breakpoint
CREATE INDEX `contracts_status` ON `contracts` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `contracts_updated` ON `contracts` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `deliveries` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`delivery_name` text NOT NULL,
	`mobile` text NOT NULL,
	`id_card` text,
	`vehicle_id` integer,
	`carrier_id` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_mobile` ON `deliveries` (`corp_id`,`mobile`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_id_card` ON `deliveries` (`corp_id`,`id_card`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `deliveries_vehicle_id` ON `deliveries` (`corp_id`,`is_deleted`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `deliveries_carrier_id` ON `deliveries` (`corp_id`,`is_deleted`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `deliveries_status` ON `deliveries` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `deliveries_updated` ON `deliveries` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `equips` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`equip_no` text NOT NULL,
	`equip_type` integer NOT NULL,
	`sim_no` text,
	`manufacturer` text,
	`equip_model` text,
	`vehicle_id` integer,
	`provides_position` integer DEFAULT 0 NOT NULL,
	`provides_temperature` integer DEFAULT 0 NOT NULL,
	`provides_door_state` integer DEFAULT 0 NOT NULL,
	`installed_at` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `equips_equip_no` ON `equips` (`corp_id`,`equip_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `equips_vehicle_id` ON `equips` (`corp_id`,`is_deleted`,`vehicle_id`);--> statement-breakpoint
CREATE INDEX `equips_equip_type` ON `equips` (`corp_id`,`is_deleted`,`equip_type`);--> statement-breakpoint
CREATE INDEX `equips_status` ON `equips` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `equips_updated` ON `equips` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `farm_produces` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`produce_code` text NOT NULL,
	`produce_name` text NOT NULL,
	`variety` text,
	`origin` text,
	`unit` text NOT NULL,
	`shelf_life_days` integer,
	`storage_temp_min` real,
	`storage_temp_max` real,
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
CREATE UNIQUE INDEX `farm_produces_produce_code` ON `farm_produces` (`corp_id`,`produce_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `farm_produces_status` ON `farm_produces` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `farm_produces_updated` ON `farm_produces` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `goods` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`goods_code` text NOT NULL,
	`goods_name` text NOT NULL,
	`goods_category` integer NOT NULL,
	`unit` text NOT NULL,
	`unit_weight_kg` real,
	`unit_volume_m3` real,
	`cold_chain` integer DEFAULT 0 NOT NULL,
	`temp_min` real,
	`temp_max` real,
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
CREATE UNIQUE INDEX `goods_goods_code` ON `goods` (`corp_id`,`goods_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `goods_goods_category` ON `goods` (`corp_id`,`is_deleted`,`goods_category`);--> statement-breakpoint
CREATE INDEX `goods_cold_chain` ON `goods` (`corp_id`,`is_deleted`,`cold_chain`);--> statement-breakpoint
CREATE INDEX `goods_status` ON `goods` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `goods_updated` ON `goods` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `monthly_cards` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`card_no` text NOT NULL,
	`customer_id` integer NOT NULL,
	`settlement_day` integer NOT NULL,
	`credit_limit` integer,
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
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monthly_cards_card_no` ON `monthly_cards` (`corp_id`,`card_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `monthly_cards_customer_id` ON `monthly_cards` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `monthly_cards_status` ON `monthly_cards` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `monthly_cards_updated` ON `monthly_cards` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `pieces` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`piece_code` text NOT NULL,
	`piece_name` text NOT NULL,
	`pieces_per_package` integer NOT NULL,
	`weight_per_piece_kg` real,
	`volume_per_piece_m3` real,
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
CREATE UNIQUE INDEX `pieces_piece_code` ON `pieces` (`corp_id`,`piece_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `pieces_status` ON `pieces` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `pieces_updated` ON `pieces` (`corp_id`,`is_deleted`,`updated_at`);