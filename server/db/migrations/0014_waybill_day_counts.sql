CREATE TABLE `waybill_day_counts` (
	`corp_id` integer NOT NULL,
	`day` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`business_type` integer NOT NULL,
	`status` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`corp_id`, `day`, `carrier_id`, `business_type`, `status`)
);
--> statement-breakpoint
CREATE INDEX `waybill_day_counts_carrier` ON `waybill_day_counts` (`corp_id`,`carrier_id`,`day`);