CREATE TABLE `vehicle_last_positions` (
	`vehicle_id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`gps_time` integer NOT NULL,
	`lon` real NOT NULL,
	`lat` real NOT NULL,
	`speed` real NOT NULL,
	`direction` integer NOT NULL,
	`odometer` real NOT NULL,
	`status` integer NOT NULL,
	`sensors` text NOT NULL,
	`stored_at` integer NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `vehicle_last_positions_corp_time` ON `vehicle_last_positions` (`corp_id`,`gps_time`);