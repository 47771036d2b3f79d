CREATE TABLE `jt808_terminals` (
	`id` integer PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`corp_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`auth_code_hash` text NOT NULL,
	`terminal_id` text NOT NULL,
	`model` text NOT NULL,
	`protocol_version` integer NOT NULL,
	`registered_at` integer NOT NULL,
	`authenticated_at` integer,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jt808_terminals_phone` ON `jt808_terminals` (`phone`);--> statement-breakpoint
CREATE INDEX `jt808_terminals_vehicle` ON `jt808_terminals` (`vehicle_id`);