CREATE TABLE `track_chunks` (
	`vehicle_id` integer NOT NULL,
	`corp_id` integer NOT NULL,
	`start_ms` integer NOT NULL,
	`first_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`count` integer NOT NULL,
	`columns` blob NOT NULL,
	PRIMARY KEY(`vehicle_id`, `start_ms`),
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `track_icon_settings` (
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`set_key` text NOT NULL,
	`show` integer NOT NULL,
	PRIMARY KEY(`user_id`, `set_key`),
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `track_icon_settings_corp` ON `track_icon_settings` (`corp_id`);