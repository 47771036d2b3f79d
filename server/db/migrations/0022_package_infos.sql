CREATE TABLE `package_infos` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`package_code` text NOT NULL,
	`package_name` text NOT NULL,
	`package_type` integer NOT NULL,
	`unit` text NOT NULL,
	`length_cm` real,
	`width_cm` real,
	`height_cm` real,
	`tare_weight_kg` real,
	`recyclable` integer DEFAULT 0 NOT NULL,
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
CREATE UNIQUE INDEX `package_infos_package_code` ON `package_infos` (`corp_id`,`package_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `package_infos_package_type` ON `package_infos` (`corp_id`,`is_deleted`,`package_type`);--> statement-breakpoint
CREATE INDEX `package_infos_status` ON `package_infos` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `package_infos_updated` ON `package_infos` (`corp_id`,`is_deleted`,`updated_at`);