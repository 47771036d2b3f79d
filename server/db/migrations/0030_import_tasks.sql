CREATE TABLE `import_tasks` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`resource_id` text NOT NULL,
	`file_name` text NOT NULL,
	`mode` integer NOT NULL,
	`on_duplicate` integer NOT NULL,
	`status` integer NOT NULL,
	`rows_total` integer DEFAULT 0 NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`rows_ok` integer DEFAULT 0 NOT NULL,
	`rows_failed` integer DEFAULT 0 NOT NULL,
	`fail_reason` text,
	`error_file` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`runner` text,
	`heartbeat_at` integer,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `import_tasks_user` ON `import_tasks` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `import_tasks_status` ON `import_tasks` (`status`);