CREATE TABLE `flash_photos` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`vehicle_id` integer NOT NULL,
	`channel` integer NOT NULL,
	`event_type` integer NOT NULL,
	`pic_time` integer NOT NULL,
	`lon` real NOT NULL,
	`lat` real NOT NULL,
	`speed` real,
	`file_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flash_photos_vehicle_time` ON `flash_photos` (`vehicle_id`,`pic_time`,`channel`);--> statement-breakpoint
CREATE INDEX `flash_photos_corp` ON `flash_photos` (`corp_id`,`pic_time`);