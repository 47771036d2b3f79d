CREATE TABLE `allowance_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`rule_name` text NOT NULL,
	`kind` integer NOT NULL,
	`basis` integer NOT NULL,
	`amount` integer NOT NULL,
	`business_type` integer,
	`valid_from` integer NOT NULL,
	`valid_until` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
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
CREATE UNIQUE INDEX `allowance_rules_rule_name` ON `allowance_rules` (`corp_id`,`rule_name`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `allowance_rules_kind` ON `allowance_rules` (`corp_id`,`is_deleted`,`kind`);--> statement-breakpoint
CREATE INDEX `allowance_rules_basis` ON `allowance_rules` (`corp_id`,`is_deleted`,`basis`);--> statement-breakpoint
CREATE INDEX `allowance_rules_business_type` ON `allowance_rules` (`corp_id`,`is_deleted`,`business_type`);--> statement-breakpoint
CREATE INDEX `allowance_rules_status` ON `allowance_rules` (`corp_id`,`is_deleted`,`status`);--> statement-breakpoint
CREATE INDEX `allowance_rules_updated` ON `allowance_rules` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `carrier_loss_shares` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`lost_quantity` integer NOT NULL,
	`unit_value` integer NOT NULL,
	`loss_amount` integer NOT NULL,
	`carrier_amount` integer NOT NULL,
	`company_amount` integer NOT NULL,
	`reason` text,
	`deduction_id` integer,
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
CREATE UNIQUE INDEX `carrier_loss_shares_waybill` ON `carrier_loss_shares` (`waybill_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `carrier_loss_shares_corp` ON `carrier_loss_shares` (`corp_id`,`is_deleted`,`updated_at`);--> statement-breakpoint
CREATE TABLE `waybill_allowances` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`kind` integer NOT NULL,
	`person_id` integer,
	`person_name` text NOT NULL,
	`carrier_id` integer,
	`rule_id` integer,
	`amount` integer NOT NULL,
	`trip_at` integer NOT NULL,
	`status` integer NOT NULL,
	`remark` text,
	`confirmed_by` integer,
	`confirmed_at` integer,
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
CREATE UNIQUE INDEX `waybill_allowances_kind` ON `waybill_allowances` (`waybill_id`,`kind`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `waybill_allowances_list` ON `waybill_allowances` (`corp_id`,`is_deleted`,`kind`,`status`,`trip_at`);--> statement-breakpoint
CREATE TABLE `waybill_deductions` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`side` integer NOT NULL,
	`party_id` integer NOT NULL,
	`kind` integer NOT NULL,
	`amount` integer NOT NULL,
	`reason` text,
	`source` text NOT NULL,
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
CREATE INDEX `waybill_deductions_line` ON `waybill_deductions` (`corp_id`,`side`,`party_id`,`waybill_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waybill_deductions_source` ON `waybill_deductions` (`corp_id`,`source`) WHERE is_deleted = 0;--> statement-breakpoint
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
CREATE INDEX `waybill_payments_carrier` ON `waybill_payments` (`corp_id`,`carrier_id`);--> statement-breakpoint
ALTER TABLE `contract_rate_rules` ADD `late_fee_per_hour` integer;--> statement-breakpoint
ALTER TABLE `contract_rate_rules` ADD `late_fee_cap` integer;--> statement-breakpoint
ALTER TABLE `contract_rate_rules` ADD `alarm_fee_per_hour` integer;