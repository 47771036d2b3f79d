CREATE TABLE `order_goods` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`goods_name` text NOT NULL,
	`goods_code` text,
	`quantity` real NOT NULL,
	`weight` real,
	`volume` real,
	`unit` text NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_goods_order` ON `order_goods` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_history` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`order_no` text NOT NULL,
	`version` integer NOT NULL,
	`snapshot` text NOT NULL,
	`user_id` integer NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_history_version` ON `order_history` (`corp_id`,`order_no`,`version`);--> statement-breakpoint
CREATE TABLE `order_part_goods` (
	`part_id` integer NOT NULL,
	`order_goods_id` integer NOT NULL,
	`quantity` real NOT NULL,
	PRIMARY KEY(`part_id`, `order_goods_id`),
	FOREIGN KEY (`part_id`) REFERENCES `order_parts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_goods_id`) REFERENCES `order_goods`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `order_parts` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`part_no` integer NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	`waybill_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_parts_no` ON `order_parts` (`order_id`,`part_no`);--> statement-breakpoint
CREATE INDEX `order_parts_waybill` ON `order_parts` (`waybill_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`order_no` text NOT NULL,
	`customer_id` integer NOT NULL,
	`business_type` integer NOT NULL,
	`status` integer NOT NULL,
	`task_status` integer NOT NULL,
	`carrier_id` integer,
	`shipper_area_id` integer NOT NULL,
	`receiver_area_id` integer NOT NULL,
	`required_load_time` integer,
	`required_arrive_time` integer,
	`splittable` integer DEFAULT 1 NOT NULL,
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
	FOREIGN KEY (`shipper_area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`receiver_area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_no` ON `orders` (`corp_id`,`order_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `orders_corp_status` ON `orders` (`corp_id`,`is_deleted`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_customer` ON `orders` (`corp_id`,`is_deleted`,`customer_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `orders_carrier` ON `orders` (`corp_id`,`is_deleted`,`carrier_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `waybill_evaluations` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`score` integer NOT NULL,
	`content` text,
	`user_id` integer NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `waybill_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`action` text NOT NULL,
	`from_status` integer NOT NULL,
	`to_status` integer NOT NULL,
	`from_step` integer NOT NULL,
	`to_step` integer NOT NULL,
	`node_id` integer,
	`payload` text,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `waybill_events_waybill` ON `waybill_events` (`waybill_id`,`at`);--> statement-breakpoint
CREATE TABLE `waybill_nodes` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`node_type` text NOT NULL,
	`area_id` integer NOT NULL,
	`required_arrive_time` integer,
	`actual_arrive_time` integer,
	`required_leave_time` integer,
	`actual_leave_time` integer,
	`arrive_state` integer,
	`leave_state` integer,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waybill_nodes_seq` ON `waybill_nodes` (`waybill_id`,`seq`);--> statement-breakpoint
CREATE TABLE `waybill_orders` (
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`part_id` integer,
	PRIMARY KEY(`waybill_id`, `order_id`),
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`part_id`) REFERENCES `order_parts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `waybill_orders_order` ON `waybill_orders` (`order_id`);--> statement-breakpoint
CREATE TABLE `waybill_receipts` (
	`waybill_id` integer NOT NULL,
	`file_id` text NOT NULL,
	`corp_id` integer NOT NULL,
	PRIMARY KEY(`waybill_id`, `file_id`),
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `waybills` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_no` text NOT NULL,
	`waybill_name` text,
	`business_type` integer NOT NULL,
	`status` integer NOT NULL,
	`step` integer NOT NULL,
	`sign_status` integer NOT NULL,
	`carrier_id` integer,
	`vehicle_id` integer,
	`driver_id` integer,
	`transferred_from_id` integer,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`driver_id`) REFERENCES `drivers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waybills_no` ON `waybills` (`corp_id`,`waybill_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `waybills_corp_status` ON `waybills` (`corp_id`,`is_deleted`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `waybills_carrier` ON `waybills` (`corp_id`,`is_deleted`,`carrier_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `waybills_vehicle` ON `waybills` (`vehicle_id`);