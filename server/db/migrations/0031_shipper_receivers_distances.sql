CREATE TABLE `area_distances` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`from_area_id` integer NOT NULL,
	`to_area_id` integer NOT NULL,
	`distance_km` real NOT NULL,
	`estimated_hours` real,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `area_distances_from_area_id_to_area_id` ON `area_distances` (`corp_id`,`from_area_id`,`to_area_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `area_distances_from_area_id` ON `area_distances` (`corp_id`,`is_deleted`,`from_area_id`);--> statement-breakpoint
CREATE INDEX `area_distances_to_area_id` ON `area_distances` (`corp_id`,`is_deleted`,`to_area_id`);--> statement-breakpoint
CREATE INDEX `area_distances_updated` ON `area_distances` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `shipper_receivers` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`shipper_receiver_name` text NOT NULL,
	`shipper_receiver_type` integer NOT NULL,
	`customer_id` integer,
	`area_id` integer NOT NULL,
	`contact_person` text,
	`contact_phone` text,
	`address` text,
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
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipper_receivers_area_id_shipper_receiver_name` ON `shipper_receivers` (`corp_id`,`area_id`,`shipper_receiver_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `shipper_receivers_customer_id` ON `shipper_receivers` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `shipper_receivers_area_id` ON `shipper_receivers` (`corp_id`,`is_deleted`,`area_id`);--> statement-breakpoint
CREATE INDEX `shipper_receivers_shipper_receiver_type` ON `shipper_receivers` (`corp_id`,`is_deleted`,`shipper_receiver_type`);--> statement-breakpoint
CREATE INDEX `shipper_receivers_status` ON `shipper_receivers` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `shipper_receivers_updated` ON `shipper_receivers` (`corp_id`,`is_deleted`,`updated_at`);