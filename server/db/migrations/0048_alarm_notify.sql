CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`alarm_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`channel` text NOT NULL,
	`address` text NOT NULL,
	`customer_id` integer,
	`carrier_id` integer,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_try_at` integer NOT NULL,
	`claimed_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_alarm_contact_channel` ON `notifications` (`alarm_id`,`contact_id`,`channel`);--> statement-breakpoint
CREATE INDEX `notifications_due` ON `notifications` (`status`,`next_try_at`);--> statement-breakpoint
CREATE INDEX `notifications_corp_created` ON `notifications` (`corp_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `alarm_contacts` ADD `customer_id` integer REFERENCES customers(id);--> statement-breakpoint
ALTER TABLE `alarm_contacts` ADD `user_id` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `alarm_contacts_customer_id` ON `alarm_contacts` (`corp_id`,`is_deleted`,`customer_id`);--> statement-breakpoint
CREATE INDEX `alarm_contacts_user_id` ON `alarm_contacts` (`corp_id`,`is_deleted`,`user_id`);--> statement-breakpoint
ALTER TABLE `temperature_rules` ADD `contact_ids` text;