CREATE TABLE `evaluate_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`business_type` integer,
	`version` integer NOT NULL,
	`questions` text NOT NULL,
	`saved_by` integer,
	`saved_at` integer NOT NULL,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `evaluate_settings_corp` ON `evaluate_settings` (`corp_id`,`business_type`,`version`);--> statement-breakpoint
CREATE TABLE `evaluation_answers` (
	`id` integer PRIMARY KEY NOT NULL,
	`corp_id` integer NOT NULL,
	`evaluation_id` integer NOT NULL,
	`waybill_id` integer NOT NULL,
	`setting_id` integer NOT NULL,
	`question_key` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer,
	`text_value` text,
	FOREIGN KEY (`corp_id`) REFERENCES `corporations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `evaluation_answers_evaluation` ON `evaluation_answers` (`evaluation_id`);--> statement-breakpoint
CREATE INDEX `evaluation_answers_corp_key` ON `evaluation_answers` (`corp_id`,`question_key`);--> statement-breakpoint
ALTER TABLE `waybill_evaluations` ADD `setting_id` integer;