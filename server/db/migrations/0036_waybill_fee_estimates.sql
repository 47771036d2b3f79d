CREATE TABLE `waybill_fee_estimates` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`side` integer NOT NULL,
	`priced` integer NOT NULL,
	`message` text,
	`trigger` text NOT NULL,
	`estimated_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`waybill_id`) REFERENCES `waybills`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waybill_fee_estimates_side` ON `waybill_fee_estimates` (`waybill_id`,`side`);