CREATE TABLE `transfer_goods` (
	`transfer_id` integer NOT NULL,
	`goods_id` integer NOT NULL,
	`goods_name` text NOT NULL,
	`quantity` real NOT NULL,
	PRIMARY KEY(`transfer_id`, `goods_id`),
	FOREIGN KEY (`transfer_id`) REFERENCES `transfers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`from_waybill_id` integer NOT NULL,
	`from_vehicle_id` integer,
	`area_id` integer NOT NULL,
	`unloaded_at` integer NOT NULL,
	`status` integer NOT NULL,
	`to_waybill_id` integer,
	`to_vehicle_id` integer,
	`allocated_at` integer,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transfers_from` ON `transfers` (`from_waybill_id`);--> statement-breakpoint
CREATE INDEX `transfers_to` ON `transfers` (`to_waybill_id`);--> statement-breakpoint
CREATE INDEX `transfers_corp` ON `transfers` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `waybill_history` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`waybill_no` text NOT NULL,
	`version` integer NOT NULL,
	`action` text NOT NULL,
	`snapshot` text NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waybill_history_version` ON `waybill_history` (`waybill_id`,`version`);--> statement-breakpoint
CREATE INDEX `waybill_history_no` ON `waybill_history` (`corp_id`,`waybill_no`);--> statement-breakpoint
CREATE TABLE `waybill_goods` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`goods_name` text NOT NULL,
	`goods_code` text,
	`quantity` real NOT NULL,
	`weight` real,
	`volume` real,
	`unit` text NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waybill_goods_waybill` ON `waybill_goods` (`waybill_id`,`seq`);