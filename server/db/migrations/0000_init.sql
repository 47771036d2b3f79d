CREATE TABLE `areas` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`customer_id` integer,
	`area_name` text NOT NULL,
	`area_code` text NOT NULL,
	`type_id` integer DEFAULT 3 NOT NULL,
	`lon` real NOT NULL,
	`lat` real NOT NULL,
	`radius` integer,
	`area_lon_lat` text,
	`province` text,
	`city` text,
	`district` text,
	`address` text,
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
CREATE UNIQUE INDEX `areas_code` ON `areas` (`corp_id`,`area_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `car_models` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`model_name` text NOT NULL,
	`length_m` real,
	`load_weight_t` real,
	`volume_m3` real,
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
CREATE UNIQUE INDEX `car_models_name` ON `car_models` (`corp_id`,`model_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `carriers` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`carrier_code` text NOT NULL,
	`carrier_name` text NOT NULL,
	`contact_name` text,
	`contact_mobile` text,
	`credit_code` text,
	`address` text,
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
CREATE UNIQUE INDEX `carriers_code` ON `carriers` (`corp_id`,`carrier_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `corporations` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_code` text NOT NULL,
	`corp_name` text NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `corporations_corp_code_unique` ON `corporations` (`corp_code`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`customer_code` text NOT NULL,
	`customer_name` text NOT NULL,
	`contact_name` text,
	`contact_mobile` text,
	`email` text,
	`address` text,
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
CREATE UNIQUE INDEX `customers_code` ON `customers` (`corp_id`,`customer_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `departments` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`parent_id` integer,
	`org_name` text NOT NULL,
	`org_code` text NOT NULL,
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
CREATE UNIQUE INDEX `departments_code` ON `departments` (`corp_id`,`org_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `drivers` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`carrier_id` integer,
	`driver_name` text NOT NULL,
	`mobile` text NOT NULL,
	`id_card` text,
	`license_type` text,
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
CREATE UNIQUE INDEX `drivers_mobile` ON `drivers` (`corp_id`,`mobile`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `drivers_carrier` ON `drivers` (`carrier_id`);--> statement-breakpoint
CREATE TABLE `field_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`page_id` text NOT NULL,
	`kind` text NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `field_settings_key` ON `field_settings` (`corp_id`,`user_id`,`page_id`,`kind`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`user_name` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`first_failure_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `menus` (
	`menu_key` text PRIMARY KEY NOT NULL,
	`parent_key` text,
	`title` text NOT NULL,
	`url` text,
	`icon` text,
	`target` text,
	`menu_type` text,
	`module_id` text,
	`level` integer NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `operations` (
	`operation_id` text PRIMARY KEY NOT NULL,
	`menu_key` text NOT NULL,
	`operation_name` text NOT NULL,
	`route` text,
	`js_path` text,
	`module_name` text,
	`side_menu` integer DEFAULT 0 NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `record_history` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`resource` text NOT NULL,
	`record_id` integer NOT NULL,
	`action` text NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`changed_at` integer NOT NULL,
	`changes` text NOT NULL,
	`record_version` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `record_history_record` ON `record_history` (`resource`,`record_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `role_operations` (
	`corp_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	`operation_id` text NOT NULL,
	PRIMARY KEY(`role_id`, `operation_id`),
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operation_id`) REFERENCES `operations`(`operation_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`role_name` text NOT NULL,
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
CREATE UNIQUE INDEX `roles_name` ON `roles` (`corp_id`,`role_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `sessions` (
	`token` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_roles` (
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`org_id` integer,
	`parent_id` integer,
	`user_name` text NOT NULL,
	`real_name` text NOT NULL,
	`mobile` text,
	`user_type` integer DEFAULT 0 NOT NULL,
	`partner_id` integer,
	`password_hash` text NOT NULL,
	`password_salt` text NOT NULL,
	`last_password_modified_time` integer NOT NULL,
	`password_status` integer DEFAULT 2 NOT NULL,
	`have_browsed` integer DEFAULT 0 NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_user_name_unique` ON `users` (`user_name`);--> statement-breakpoint
CREATE TABLE `vehicles` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`carrier_id` integer,
	`vehicle_no` text NOT NULL,
	`car_model_id` integer,
	`driver_id` integer,
	`vin` text,
	`engine_no` text,
	`dataterminal_id` text,
	`load_weight` real,
	`volume` real,
	`status` integer DEFAULT 0 NOT NULL,
	`camera` integer DEFAULT 0 NOT NULL,
	`dipstick` integer DEFAULT 0 NOT NULL,
	`detect_door` integer DEFAULT 0 NOT NULL,
	`gather_temperature` integer DEFAULT 0 NOT NULL,
	`cold_machine` integer DEFAULT 0 NOT NULL,
	`gather_humidity` integer DEFAULT 0 NOT NULL,
	`temperaturectrl` integer DEFAULT 0 NOT NULL,
	`humidity_channel` integer DEFAULT 0 NOT NULL,
	`oil_control` integer DEFAULT 0 NOT NULL,
	`open_door_status` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`car_model_id`) REFERENCES `car_models`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `drivers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vehicles_no` ON `vehicles` (`corp_id`,`vehicle_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `vehicles_carrier` ON `vehicles` (`carrier_id`);--> statement-breakpoint
CREATE INDEX `vehicles_corp_updated` ON `vehicles` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE INDEX `vehicles_corp_status` ON `vehicles` (`corp_id`,`is_deleted`,`status`,`updated_at`);