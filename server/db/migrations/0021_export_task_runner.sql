ALTER TABLE `export_tasks` ADD `runner` text;--> statement-breakpoint
ALTER TABLE `export_tasks` ADD `heartbeat_at` integer;--> statement-breakpoint
ALTER TABLE `export_tasks` ADD `attempts` integer DEFAULT 0 NOT NULL;