CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`extension` text NOT NULL,
	`size` integer NOT NULL,
	`business_type_key` text,
	`customer_id` integer,
	`uploaded_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
