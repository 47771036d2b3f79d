CREATE TABLE `dashboard_rule_sets` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`cards` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
