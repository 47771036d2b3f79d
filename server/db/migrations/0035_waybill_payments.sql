CREATE TABLE `payment_attempts` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`payment_id` integer NOT NULL,
	`attempt` integer NOT NULL,
	`request_key` text NOT NULL,
	`channel` text NOT NULL,
	`amount` integer NOT NULL,
	`process_status` integer NOT NULL,
	`channel_ref` text,
	`note` text,
	`submitted_by` integer NOT NULL,
	`submitted_at` integer NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `waybill_payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_attempts_attempt` ON `payment_attempts` (`payment_id`,`attempt`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_attempts_key` ON `payment_attempts` (`request_key`);--> statement-breakpoint
CREATE TABLE `waybill_payments` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`driver_id` integer,
	`amount` integer NOT NULL,
	`status` integer NOT NULL,
	`process_status` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`payee_name` text,
	`bank_name` text,
	`bank_account` text,
	`agreement_signed` integer DEFAULT 0 NOT NULL,
	`agreement_signed_at` integer,
	`check_result` text,
	`evidence` text,
	`channel_note` text,
	`paid_at` integer,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waybill_payments_waybill` ON `waybill_payments` (`waybill_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `waybill_payments_status` ON `waybill_payments` (`corp_id`,`is_deleted`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `waybill_payments_carrier` ON `waybill_payments` (`corp_id`,`carrier_id`);