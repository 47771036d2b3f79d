CREATE TABLE `track_day_summaries` (
	`vehicle_id` integer NOT NULL,
	`corp_id` integer NOT NULL,
	`day_start_ms` integer NOT NULL,
	`points` integer NOT NULL,
	`first_time` integer NOT NULL,
	`last_time` integer NOT NULL,
	`odometer_start` real NOT NULL,
	`odometer_end` real NOT NULL,
	`mileage_km` real NOT NULL,
	`driving_ms` integer NOT NULL,
	`max_speed` real NOT NULL,
	`overspeed_points` integer NOT NULL,
	`temp_min` real,
	`temp_max` real,
	`temp_avg` real,
	`temp_sum` real,
	`temp_readings` integer NOT NULL,
	`temp_range_min` real,
	`temp_range_max` real,
	`out_of_range_minutes` real,
	`stops` integer NOT NULL,
	`stop_minutes` real NOT NULL,
	PRIMARY KEY(`vehicle_id`, `day_start_ms`),
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `track_day_summaries_corp_day` ON `track_day_summaries` (`corp_id`,`day_start_ms`);