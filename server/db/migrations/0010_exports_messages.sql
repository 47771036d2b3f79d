CREATE TABLE `export_tasks` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`page_id` text NOT NULL,
	`search` text NOT NULL,
	`file_name` text NOT NULL,
	`status` integer NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`rows_total` integer DEFAULT 0 NOT NULL,
	`fail_reason` text,
	`file_path` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `export_tasks_user` ON `export_tasks` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `export_tasks_status` ON `export_tasks` (`status`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`link` text,
	`is_read` integer DEFAULT 0 NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `messages_user_created` ON `messages` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_user_unread` ON `messages` (`user_id`,`is_read`);--> statement-breakpoint
CREATE TABLE `system_notices` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `system_notices_corp` ON `system_notices` (`corp_id`,`starts_at`);