CREATE TABLE `bill_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`bill_id` integer NOT NULL,
	`side` integer NOT NULL,
	`party_id` integer NOT NULL,
	`kind` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`fee_id` integer,
	`fee_amount` integer NOT NULL,
	`deductions` integer NOT NULL,
	`adjustments` integer NOT NULL,
	`total` integer NOT NULL,
	`reason` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fee_id`) REFERENCES `waybill_fees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bill_lines_waybill` ON `bill_lines` (`corp_id`,`side`,`party_id`,`waybill_id`) WHERE kind = 1 AND is_deleted = 0;--> statement-breakpoint
CREATE INDEX `bill_lines_bill` ON `bill_lines` (`bill_id`);--> statement-breakpoint
CREATE INDEX `bill_lines_of_waybill` ON `bill_lines` (`waybill_id`,`side`);--> statement-breakpoint
CREATE TABLE `bills` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`bill_no` text NOT NULL,
	`side` integer NOT NULL,
	`party_id` integer NOT NULL,
	`period_from` text NOT NULL,
	`period_to` text NOT NULL,
	`status` integer NOT NULL,
	`fee_total` integer NOT NULL,
	`deduction_total` integer NOT NULL,
	`adjustment_total` integer NOT NULL,
	`total` integer NOT NULL,
	`waybill_count` integer NOT NULL,
	`reject_reason` text,
	`invoice_no` text,
	`remark` text,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bills_no` ON `bills` (`corp_id`,`bill_no`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `bills_party` ON `bills` (`corp_id`,`is_deleted`,`side`,`party_id`,`status`);--> statement-breakpoint
CREATE INDEX `bills_status` ON `bills` (`corp_id`,`is_deleted`,`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `waybill_fees` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`side` integer NOT NULL,
	`party_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`lines` text,
	`rule_id` integer,
	`state` integer NOT NULL,
	`override_reason` text,
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
CREATE UNIQUE INDEX `waybill_fees_side` ON `waybill_fees` (`waybill_id`,`side`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `waybill_fees_party` ON `waybill_fees` (`corp_id`,`side`,`party_id`);